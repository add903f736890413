// A stand-in registry for adapter tests: a node:http server on 127.0.0.1 (random port) whose
// answers the test decides per request, recording every request it receives. A route may answer
// 'hang' to never respond (for timeout tests); close() drops such connections.

import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RecordedRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface CannedAnswer {
  status: number;
  /** JSON-serialised unless it is a string, which is sent verbatim. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (request: RecordedRequest) => CannedAnswer | 'hang';

export interface RegistryTestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRegistryServer(route: Route): Promise<RegistryTestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = { method: incoming.method ?? 'GET', pathname: url.pathname, query: url.searchParams, headers: incoming.headers };
    requests.push(request);
    const answer = route(request);
    if (answer === 'hang') return;
    const body = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    outgoing.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    outgoing.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures/registries');

/** A fresh parse of test/fixtures/registries/<relativePath>. */
export function registryFixture<T = unknown>(relativePath: string): T {
  return JSON.parse(readFileSync(path.join(FIXTURES, relativePath), 'utf8')) as T;
}

export const ANSWERS = {
  json: (body: unknown, headers?: Record<string, string>): CannedAnswer => ({ status: 200, body, ...(headers ? { headers } : {}) }),
  status: (status: number, body: unknown = { error: 'canned' }, headers?: Record<string, string>): CannedAnswer => ({
    status,
    body,
    ...(headers ? { headers } : {}),
  }),
};
