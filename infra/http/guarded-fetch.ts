/**
 * A `fetch` for callers written against the Fetch API (the registry adapters) whose every request
 * goes through the SSRF guard, like the other outbound paths of this folder: http(s) only, public
 * addresses only unless allowlisted, the address checked when the connection is made (no window
 * between the check and the connect for DNS rebinding), and redirects never followed (the 3xx is
 * returned as it came). A refused address rejects with OutboundRefusedError. The body streams, so
 * the caller bounds what it reads; the caller's AbortSignal ends the request and its body.
 */
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { checkOutboundUrl, guardedLookup, type OutboundPolicy } from './outbound-guard.js';

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function guardedFetch(policy: OutboundPolicy): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const raw = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
      const url = checkOutboundUrl(raw, policy);
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      const body = typeof init.body === 'string' || Buffer.isBuffer(init.body) ? init.body : undefined;
      if (init.body != null && body === undefined) return reject(new TypeError('guardedFetch sends string or Buffer bodies only'));
      const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers).entries());
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(url, { method: init.method ?? 'GET', headers, lookup: guardedLookup(url, policy) as never });
      const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(signal?.aborted ? signal.reason : error);
      });
      req.on('response', (res) => {
        res.on('close', () => signal?.removeEventListener('abort', onAbort));
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
        }
        const status = res.statusCode ?? 502;
        const nullBody = NULL_BODY_STATUSES.has(status) || init.method === 'HEAD';
        if (nullBody) res.resume();
        try {
          resolve(
            new Response(nullBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
              status,
              statusText: res.statusMessage ?? '',
              headers: responseHeaders,
            }),
          );
        } catch (error) {
          // A status the Fetch API has no place for (e.g. 600-999): an answer that is not HTTP's.
          res.destroy();
          reject(error);
        }
      });
      req.end(body);
    });
}
