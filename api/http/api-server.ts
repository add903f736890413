/**
 * The HTTP server the API listens with, and its limits before Express sees a request: headers
 * must arrive within 10 s and the whole request within 30 s (a client dripping bytes holds a
 * socket no longer), headers past 16 KiB are refused, and keep-alive sockets idle for 65 s (longer
 * than the load balancers' usual 60 s). A request Node's own parser refuses (malformed, headers
 * too large, too slow) is answered in the resource-error shape, not with Node's bare status line.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxHeaderBytes: number;
  /** How often Node looks for requests past their timeouts. */
  checkIntervalMs: number;
}

export const SERVER_LIMITS: Readonly<ServerLimits> = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxHeaderBytes: 16 * 1024, checkIntervalMs: 1_000 };

export function createApiServer(app: Express, limits: ServerLimits = SERVER_LIMITS): http.Server {
  const server = http.createServer(
    { headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, maxHeaderSize: limits.maxHeaderBytes, connectionsCheckingInterval: limits.checkIntervalMs },
    app,
  );
  server.keepAliveTimeout = 65_000;
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, limits));
  return server;
}

const STATUS_TEXT: Readonly<Record<number, string>> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, limits: ServerLimits): void {
  // A response already under way (or a socket already gone) cannot take another one.
  const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || started) {
    socket.destroy();
    return;
  }
  const [status, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'request_header_fields_too_large', `The request headers exceed ${limits.maxHeaderBytes} bytes`]
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'request_timeout', `The request did not arrive completely within ${limits.requestTimeoutMs} ms`]
    : [400, 'bad_request', 'The request could not be read as HTTP'];
  const requestId = randomUUID();
  const body = JSON.stringify({ errors: [{ id: randomUUID(), status: String(status), code, title: STATUS_TEXT[status], detail }], meta: { request_id: requestId } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
