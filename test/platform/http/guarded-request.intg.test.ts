/**
 * The guarded request used by deliveries: loopback, link-local, private and IPv6 loopback
 * addresses are refused unless allowlisted (also when a name resolves to one), a redirect is
 * returned as it is and never followed, the answer is read only up to its cap, and a slow answer
 * ends at the deadline.
 */
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedRequest } from '../../../infra/http/guarded-request.js';
import { isNonPublicAddress, outboundPolicyFrom } from '../../../infra/http/outbound-guard.js';

let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') return void res.writeHead(302, { location: '/target' }).end();
    if (req.url === '/big') return void res.end('x'.repeat(100_000));
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const base = { method: 'POST' as const, headers: {}, body: '{}', timeoutMs: 5000, maxResponseBytes: 1024 };

describe('guarded request', () => {
  it('refuses non-public addresses unless allowlisted', async () => {
    const none = outboundPolicyFrom('');
    for (const url of [`http://127.0.0.1:${port}/`, 'http://169.254.169.254/latest', 'http://10.0.0.1/', 'http://192.168.1.1/', 'http://[::1]:1/', `http://localhost:${port}/`]) {
      const res = await guardedRequest({ ...base, url, policy: none });
      expect(res, url).toMatchObject({ status: null, refused: true });
    }
    const allowed = await guardedRequest({ ...base, url: `http://127.0.0.1:${port}/ok`, policy: outboundPolicyFrom('127.0.0.1') });
    expect(allowed).toMatchObject({ status: 204, refused: false, error: null });
  });

  it('refuses a name that resolves to a non-public address (checked at connect time)', async () => {
    // The machine's own name resolves to a loopback or private address (/etc/hosts, a container
    // network); allowlisting the IP does not allow the name.
    const name = os.hostname();
    const addresses = await lookup(name, { all: true });
    expect(addresses.every((a) => isNonPublicAddress(a.address))).toBe(true);
    const res = await guardedRequest({ ...base, url: `http://${name}:${port}/`, policy: outboundPolicyFrom('127.0.0.1') });
    expect(res.status).toBeNull();
    expect(res.refused).toBe(true);
    expect(res.error).toMatch(/not a public address/);
  });

  it('returns a redirect as it is, caps the answer and ends at the deadline', async () => {
    const policy = outboundPolicyFrom('127.0.0.1');
    hits.length = 0;
    const redirect = await guardedRequest({ ...base, url: `http://127.0.0.1:${port}/redirect`, policy });
    expect(redirect.status).toBe(302);
    expect(hits).toEqual(['/redirect']);
    const big = await guardedRequest({ ...base, url: `http://127.0.0.1:${port}/big`, policy });
    expect(big.status).toBe(200);
    expect(big.body.length).toBe(1024);
    const slow = await guardedRequest({ ...base, url: `http://127.0.0.1:${port}/slow`, policy, timeoutMs: 300 });
    expect(slow.status).toBeNull();
    expect(slow.error).toMatch(/300 ms/);
  });
});
