/**
 * Downloads one URL to a file (or to memory) through the outbound guard: redirects are followed
 * by hand (at most five) and each target is checked again; the body is capped; an idle socket
 * times out; the caller's AbortSignal (an activity's cancellation) stops it.
 * HTTP 4xx other than 408/429 are permanent failures; 5xx, 408, 429 and network errors are transient.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { checkOutboundUrl, guardedLookup, OutboundRefusedError, type OutboundPolicy } from './outbound-guard.js';

export class DownloadError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

export interface DownloadOptions {
  policy: OutboundPolicy;
  /** Socket idle timeout. */
  idleTimeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Called as bytes arrive (activity heartbeats). */
  onProgress?: (bytes: number) => void;
}

export interface DownloadResult {
  finalUrl: string;
  bytes: number;
  sha256: string;
}

function request(url: URL, options: DownloadOptions): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { lookup: guardedLookup(url, options.policy) as never, headers: { 'User-Agent': 'clearwatch/1', Accept: '*/*' }, ...(options.signal ? { signal: options.signal } : {}) }, resolve);
    req.setTimeout(options.idleTimeoutMs, () => req.destroy(new DownloadError(`no data from ${url.host} for ${options.idleTimeoutMs} ms`, false)));
    req.on('error', reject);
  });
}

async function open(rawUrl: string, options: DownloadOptions): Promise<{ response: http.IncomingMessage; finalUrl: string }> {
  let current = rawUrl;
  for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop += 1) {
    const url = checkOutboundUrl(current, options.policy);
    let response: http.IncomingMessage;
    try {
      response = await request(url, options);
    } catch (error) {
      if (error instanceof OutboundRefusedError || error instanceof DownloadError) throw error;
      const refused = (error as { code?: string }).code === 'EREFUSED_PRIVATE';
      throw refused ? new OutboundRefusedError((error as Error).message) : new DownloadError(`${url.host}: ${(error as Error).message}`, false);
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, url).toString();
      continue;
    }
    if (status !== 200) {
      response.resume();
      const permanent = status >= 400 && status < 500 && status !== 408 && status !== 429;
      throw new DownloadError(`${url.toString()} answered HTTP ${status}`, permanent, status);
    }
    return { response, finalUrl: url.toString() };
  }
  throw new DownloadError(`${rawUrl}: more than ${options.maxRedirects ?? 5} redirects`, true);
}

function meter(options: DownloadOptions, hash: ReturnType<typeof createHash>, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > options.maxBytes) return done(new DownloadError(`download exceeds ${options.maxBytes} bytes`, true));
      hash.update(chunk);
      options.onProgress?.(counter.bytes);
      done(null, chunk);
    },
  });
}

/** Streams the body of `url` into `file`. */
export async function downloadToFile(url: string, file: string, options: DownloadOptions): Promise<DownloadResult> {
  const { response, finalUrl } = await open(url, options);
  const hash = createHash('sha256');
  const counter = { bytes: 0 };
  try {
    await pipeline(response, meter(options, hash, counter), createWriteStream(file));
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw new DownloadError(`${finalUrl}: ${(error as Error).message}`, false);
  }
  return { finalUrl, bytes: counter.bytes, sha256: hash.digest('hex') };
}

/** The body of `url` as text (feeds). */
export async function downloadText(url: string, options: DownloadOptions): Promise<{ text: string } & DownloadResult> {
  const { response, finalUrl } = await open(url, options);
  const hash = createHash('sha256');
  const counter = { bytes: 0 };
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of response.pipe(meter(options, hash, counter))) chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    throw new DownloadError(`${finalUrl}: ${(error as Error).message}`, false);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), finalUrl, bytes: counter.bytes, sha256: hash.digest('hex') };
}
