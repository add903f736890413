/**
 * One outbound HTTP request through the SSRF guard, for deliveries (webhooks, audit streams):
 * http(s) only, public addresses only unless allowlisted (checked at connect time, no rebinding
 * window), redirects never followed (the 3xx is returned as it is), the whole exchange bounded
 * by a deadline, and at most `maxResponseBytes` of the answer read. Network failures resolve to
 * an outcome with `error` rather than throwing, so a caller can record them as attempts.
 */
import http from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, guardedLookup, OutboundRefusedError, type OutboundPolicy } from './outbound-guard.js';

export interface GuardedRequest {
  method: 'POST' | 'PUT' | 'GET';
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  maxResponseBytes: number;
  policy: OutboundPolicy;
  /** Keep-alive agents per protocol (a delivery engine reuses connections to one endpoint). */
  agents?: { http: http.Agent; https: https.Agent };
}

export interface GuardedResponse {
  /** null when no answer came (refused, network error, timeout). */
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  latencyMs: number;
  /** Why no (complete) answer came, or why the address was refused. */
  error: string | null;
  /** The address was refused by the guard: retrying will not help until the configuration changes. */
  refused: boolean;
}

export function guardedRequest(request: GuardedRequest): Promise<GuardedResponse> {
  const started = performance.now();
  const done = (partial: Partial<GuardedResponse>): GuardedResponse => ({
    status: null, headers: {}, body: '', error: null, refused: false, ...partial, latencyMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = checkOutboundUrl(request.url, request.policy);
  } catch (error) {
    return Promise.resolve(done({ error: (error as Error).message, refused: true }));
  }
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const agent = request.agents ? (url.protocol === 'https:' ? request.agents.https : request.agents.http) : undefined;
    let settled = false;
    const finish = (result: GuardedResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const req = client.request(url, {
      method: request.method,
      headers: { ...request.headers, ...(request.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(request.body)) } : {}) },
      lookup: guardedLookup(url, request.policy) as never,
      ...(agent ? { agent } : {}),
    }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes >= request.maxResponseBytes) return;
        const take = chunk.subarray(0, request.maxResponseBytes - bytes);
        bytes += take.length;
        chunks.push(take);
        // The rest of a long answer is not needed: stop reading it.
        if (bytes >= request.maxResponseBytes) res.destroy();
      });
      const complete = () => finish(done({ status: res.statusCode ?? null, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('end', complete);
      res.on('close', complete);
      res.on('error', complete);
    });
    const deadline = setTimeout(() => {
      req.destroy(new Error(`no complete answer within ${request.timeoutMs} ms`));
    }, request.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error instanceof OutboundRefusedError || error.code === 'EREFUSED_PRIVATE';
      finish(done({ error: error.message, refused }));
    });
    if (request.body !== undefined) req.end(request.body);
    else req.end();
  });
}
