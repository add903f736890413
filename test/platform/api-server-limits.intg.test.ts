/**
 * Requests Node's HTTP parser refuses before Express sees them — headers past the limit, a body
 * dripped slower than the request deadline, bytes that are not HTTP — are answered in the
 * resource-error shape with their status, and the server goes on serving.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, SERVER_LIMITS } from '../../api/http/api-server.js';

let server: ReturnType<typeof createApiServer>;
let port: number;

beforeAll(async () => {
  const app = express();
  app.post('/echo', express.json(), (req, res) => void res.json({ ok: true, body: req.body }));
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  // A long wait after the request has arrived (a synchronous screening waits up to 55 s).
  app.post('/slow-answer', express.json(), (_req, res) => void setTimeout(() => res.json({ ok: true }), 1_500));
  server = createApiServer(app, { ...SERVER_LIMITS, headersTimeoutMs: 400, requestTimeoutMs: 800, checkIntervalMs: 100 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Writes raw bytes (in parts, the last one left unsent when `hold` is set) and reads the answer until the server closes. */
function raw(parts: string[]): Promise<{ status: number; headers: string; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      for (const part of parts) socket.write(part);
    });
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // not JSON: the test fails on the shape
      }
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: parsed });
    });
  });
}

function expectResourceError(res: { status: number; headers: string; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers).toMatch(/content-type: application\/json/i);
  expect(res.body).toMatchObject({ errors: [{ status: String(status), code, title: expect.any(String), detail: expect.any(String), id: expect.any(String) }], meta: { request_id: expect.any(String) } });
}

describe('requests the HTTP parser refuses', () => {
  it('headers past 16 KiB: 431 in the resource-error shape', async () => {
    const res = await raw([`GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(SERVER_LIMITS.maxHeaderBytes + 1024)}\r\n\r\n`]);
    expectResourceError(res, 431, 'request_header_fields_too_large');
  });

  it('a body that never completes: 408 in the resource-error shape once the request deadline passes', async () => {
    const res = await raw(['POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":']);
    expectResourceError(res, 408, 'request_timeout');
  });

  it('headers that never end: 408 once the headers deadline passes', async () => {
    const res = await raw(['GET /ok HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n']);
    expectResourceError(res, 408, 'request_timeout');
  });

  it('bytes that are not HTTP: 400 in the resource-error shape', async () => {
    const res = await raw(['NOT HTTP AT ALL\r\n\r\n']);
    expectResourceError(res, 400, 'bad_request');
  });

  it('never cuts an answer that takes longer than the request deadline once the request has arrived', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/slow-answer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
  });

  it('goes on serving afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await res.json()).toEqual({ ok: true, body: { a: 1 } });
  });
});
