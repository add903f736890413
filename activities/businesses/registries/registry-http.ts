// The one outbound HTTP path of the registry adapters: a GET with a deadline, JSON parsing with a
// clear failure, and the mapping of HTTP outcomes onto the typed registry errors.
// - 2xx: parsed JSON body (unparseable → permanent registry_bad_response).
// - 404: returned as `{ found: false }` — whether that means "no such company" or "no items" is
//   the adapter's call.
// - 429: transient registry_rate_limited with retryAfterSeconds; 408 and 5xx: transient.
// - 401/403: permanent registry_auth_failed; any other 4xx: permanent registry_rejected_request.
// - No answer within timeoutMs: transient registry_timeout; connection failures: transient
//   registry_network_error. A caller's own abort signal is re-thrown untouched (cancellation).
// - Redirects are never followed (a 3xx is a permanent registry_bad_response): the registry's
//   address is configured, and an answer must not lead the worker to another one (SSRF).
// - At most REGISTRY_MAX_RESPONSE_BYTES of an answer are read (past it: registry_bad_response).
// - The worker's fetch is the SSRF guard's (infra/http/guarded-fetch.ts); a refused address is a
//   permanent registry_not_configured.
// Nothing here retries. Error messages never carry the URL, headers or body.

import { OutboundRefusedError } from '../../../infra/http/outbound-guard.js';
import { RegistryPermanentError, RegistryTransientError, type RegistryName } from './registry-errors.js';
import { retryAfterSecondsFrom } from './retry-after.js';

export interface RegistryHttpDeps {
  fetch: typeof fetch;
  now: () => Date;
  timeoutMs: number;
}

export interface RegistryGetOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

export type RegistryJsonResponse = { found: true; body: unknown } | { found: false };

export interface RegistryHttp {
  getJson(url: URL, options?: RegistryGetOptions): Promise<RegistryJsonResponse>;
}

/** The largest registry answer read, in bytes (a company record is a few kilobytes; a search page some hundreds). */
export const REGISTRY_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export function createRegistryHttp(registry: RegistryName, deps: RegistryHttpDeps): RegistryHttp {
  return {
    async getJson(url, options = {}) {
      const deadline = AbortSignal.timeout(deps.timeoutMs);
      const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
      const fail = (error: unknown): never => {
        throw classifyFetchFailure(registry, error, deadline, options.signal, deps.timeoutMs);
      };

      let response: Response;
      try {
        response = await deps.fetch(url, {
          method: 'GET',
          headers: { accept: 'application/json', ...options.headers },
          signal,
          redirect: 'manual',
        });
      } catch (error) {
        return fail(error);
      }

      if (response.status === 404) {
        await discardBody(response);
        return { found: false };
      }
      if (!response.ok) {
        await discardBody(response);
        throw classifyStatus(registry, response.status, response.headers, deps.now());
      }

      let text: string | null;
      try {
        text = await boundedText(response, REGISTRY_MAX_RESPONSE_BYTES);
      } catch (error) {
        return fail(error);
      }
      if (text === null) {
        throw new RegistryPermanentError(registry, 'registry_bad_response', `${registry} returned an answer larger than ${REGISTRY_MAX_RESPONSE_BYTES} bytes.`, { status: response.status });
      }
      try {
        return { found: true, body: JSON.parse(text) as unknown };
      } catch {
        throw new RegistryPermanentError(registry, 'registry_bad_response', `${registry} returned a response that is not valid JSON.`, {
          status: response.status,
        });
      }
    },
  };
}

/** `path` appended to the configured base (which may carry a path of its own, e.g. /v0.4). */
export function registryUrl(baseUrl: string, path: string, query: Record<string, string | undefined> = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url;
}

/** Maps a non-2xx, non-404 HTTP status to the typed error an activity should throw. */
export function classifyStatus(registry: RegistryName, status: number, headers: Headers, now: Date): RegistryTransientError | RegistryPermanentError {
  if (status === 429) {
    const retryAfterSeconds = retryAfterSecondsFrom(headers, now);
    return new RegistryTransientError(registry, 'registry_rate_limited', `${registry} is rate limiting our requests (HTTP 429).`, {
      status,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status === 408 || status >= 500) {
    const retryAfterSeconds = retryAfterSecondsFrom(headers, now);
    return new RegistryTransientError(registry, 'registry_unavailable', `${registry} is temporarily unavailable (HTTP ${status}).`, {
      status,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status === 401 || status === 403) {
    return new RegistryPermanentError(registry, 'registry_auth_failed', `${registry} refused our credentials (HTTP ${status}); check the configured API key.`, {
      status,
    });
  }
  if (status >= 400) {
    return new RegistryPermanentError(registry, 'registry_rejected_request', `${registry} rejected the lookup request (HTTP ${status}).`, { status });
  }
  // 1xx/3xx reaching here means a redirect loop or an unexpected interim answer.
  return new RegistryPermanentError(registry, 'registry_bad_response', `${registry} gave an unexpected answer (HTTP ${status}).`, { status });
}

function classifyFetchFailure(
  registry: RegistryName,
  error: unknown,
  deadline: AbortSignal,
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): unknown {
  if (callerSignal?.aborted) return callerSignal.reason;
  // The SSRF guard refused the configured address: a retry cannot help until the configuration changes.
  if (error instanceof OutboundRefusedError) {
    return new RegistryPermanentError(registry, 'registry_not_configured', `${registry}'s configured address is refused by the outbound address guard (OUTBOUND_ALLOWLIST).`);
  }
  if (deadline.aborted) {
    return new RegistryTransientError(registry, 'registry_timeout', `${registry} did not answer within ${timeoutMs} ms.`);
  }
  // Keep only the low-level error code (ECONNREFUSED, ...): undici messages can quote the URL.
  const code = networkErrorCode(error);
  return new RegistryTransientError(registry, 'registry_network_error', `Could not reach ${registry}${code ? ` (${code})` : ''}.`);
}

function networkErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined;
}

/** The body as text, or null once it passes `maxBytes` (the rest is not read). */
async function boundedText(response: Response, maxBytes: number): Promise<string | null> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function discardBody(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // The connection is being torn down anyway; nothing useful to report.
  }
}
