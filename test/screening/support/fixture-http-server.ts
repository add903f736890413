/** A local HTTP server for download tests: serves given bodies by path, can fail a path N times first. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureRoute {
  body?: string | Buffer;
  status?: number;
  /** Answer 503 this many times before serving the body. */
  failFirst?: number;
  redirectTo?: string;
}

export interface FixtureHttpServer {
  origin: string;
  host: string;
  routes: Map<string, FixtureRoute>;
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startFixtureHttpServer(routes: Record<string, FixtureRoute>): Promise<FixtureHttpServer> {
  const table = new Map(Object.entries(routes));
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    const route = table.get(path);
    if (!route) return void res.writeHead(404).end('not found');
    if (route.failFirst && count <= route.failFirst) return void res.writeHead(503).end('try later');
    if (route.redirectTo) return void res.writeHead(302, { Location: route.redirectTo }).end();
    res.writeHead(route.status ?? 200, { 'Content-Type': 'application/octet-stream' }).end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    routes: table,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
