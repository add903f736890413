/**
 * A web page fetched the way a browser would reach it, through the SSRF guard: GET, redirects
 * followed by hand (each hop's URL checked by the guard before it is requested, and its address
 * checked again in the socket's own DNS lookup), every hop recorded with its status and response
 * time, the body capped (a huge page is cut, `truncated` says so), one deadline for the whole
 * chain. Certificates are not verified here (`verifyCertificates: false`): a site check reads
 * public pages and reports TLS validity separately, so a bad certificate must not hide content.
 * Never throws: refusals and network errors end the chain with `error`.
 */
import http from 'node:http';
import https from 'node:https';
import { checkOutboundUrl, guardedLookup, OutboundRefusedError, type OutboundPolicy } from './outbound-guard.js';

export interface PageFetchOptions {
  policy: OutboundPolicy;
  /** Deadline for the whole chain. */
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
  verifyCertificates: boolean;
  userAgent: string;
}

export interface FetchHop {
  url: string;
  status: number | null;
  location: string | null;
  responseTimeMs: number | null;
  /** Why this hop got no answer (refused by the guard, network error, deadline). */
  error: string | null;
  refused: boolean;
}

export interface PageFetchResult {
  hops: FetchHop[];
  /** The last hop's answer, when it was not a redirect. */
  final: { url: string; status: number; headers: http.IncomingHttpHeaders; body: Buffer; truncated: boolean } | null;
  /** Why the chain ended without a final answer. */
  error: string | null;
}

function requestOnce(url: URL, options: PageFetchOptions, deadline: number): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; truncated: boolean; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      headers: { 'User-Agent': options.userAgent, Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'Accept-Encoding': 'identity' },
      lookup: guardedLookup(url, options.policy) as never,
      ...(url.protocol === 'https:' ? { rejectUnauthorized: options.verifyCertificates, servername: url.hostname.replace(/^\[|\]$/g, '') } : {}),
      agent: false,
    }, (res) => {
      const ms = Math.round(performance.now() - started);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        resolve({ status, headers: res.headers, body: Buffer.alloc(0), truncated: false, ms });
        return;
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      let truncated = false;
      res.on('data', (chunk: Buffer) => {
        const take = chunk.subarray(0, Math.max(0, options.maxBodyBytes - bytes));
        bytes += take.length;
        if (take.length > 0) chunks.push(take);
        if (take.length < chunk.length) {
          truncated = true;
          res.destroy();
        }
      });
      const done = () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks), truncated, ms });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    const timer = setTimeout(() => req.destroy(new Error(`no complete answer within ${options.timeoutMs} ms`)), Math.max(1, deadline - Date.now()));
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end();
  });
}

export async function fetchPage(rawUrl: string, options: PageFetchOptions): Promise<PageFetchResult> {
  const deadline = Date.now() + options.timeoutMs;
  const hops: FetchHop[] = [];
  let current = rawUrl;
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    let url: URL;
    try {
      url = checkOutboundUrl(current, options.policy);
    } catch (error) {
      hops.push({ url: current, status: null, location: null, responseTimeMs: null, error: (error as Error).message, refused: true });
      return { hops, final: null, error: (error as Error).message };
    }
    let answer: Awaited<ReturnType<typeof requestOnce>>;
    try {
      answer = await requestOnce(url, options, deadline);
    } catch (error) {
      const refused = error instanceof OutboundRefusedError || (error as { code?: string }).code === 'EREFUSED_PRIVATE';
      hops.push({ url: url.toString(), status: null, location: null, responseTimeMs: null, error: (error as Error).message, refused });
      return { hops, final: null, error: (error as Error).message };
    }
    const location = answer.status >= 300 && answer.status < 400 && typeof answer.headers.location === 'string' ? answer.headers.location : null;
    hops.push({ url: url.toString(), status: answer.status, location, responseTimeMs: answer.ms, error: null, refused: false });
    if (!location) return { hops, final: { url: url.toString(), status: answer.status, headers: answer.headers, body: answer.body, truncated: answer.truncated }, error: null };
    try {
      current = new URL(location, url).toString();
    } catch {
      return { hops, final: null, error: `the redirect target ${JSON.stringify(location)} is not a URL` };
    }
  }
  return { hops, final: null, error: `more than ${options.maxRedirects} redirects` };
}
