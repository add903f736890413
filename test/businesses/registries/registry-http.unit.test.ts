import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegistryPermanentError, RegistryTransientError } from '../../../activities/businesses/registries/registry-errors.js';
import { createRegistryHttp, REGISTRY_MAX_RESPONSE_BYTES, registryUrl } from '../../../activities/businesses/registries/registry-http.js';
import { guardedFetch } from '../../../infra/http/guarded-fetch.js';
import { outboundPolicyFrom } from '../../../infra/http/outbound-guard.js';
import { failureOf } from './support/lookup-outcomes.js';
import { startRegistryServer, type Route, type RegistryTestServer } from './support/registry-test-server.js';

const NOW = new Date('2026-11-23T10:00:00Z');
let server: RegistryTestServer | undefined;
// Every behaviour holds with the runtime's fetch and with the SSRF guard's (the worker's), the
// test servers' loopback address allowlisted for the latter.
const FETCHES: [string, typeof fetch][] = [
  ['runtime fetch', globalThis.fetch],
  ['guarded fetch', guardedFetch(outboundPolicyFrom('127.0.0.1'))],
];
let fetchImpl: typeof fetch = globalThis.fetch;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function getFrom(route: Route, options: { timeoutMs?: number; signal?: AbortSignal } = {}) {
  server = await startRegistryServer(route);
  const http = createRegistryHttp('BrasilAPI', { fetch: fetchImpl, now: () => NOW, timeoutMs: options.timeoutMs ?? 2_000 });
  return http.getJson(registryUrl(server.baseUrl, '/thing'), { headers: { 'x-test': 'yes' }, signal: options.signal });
}

describe.each(FETCHES)('registry HTTP helper (%s)', (_name, chosen) => {
  beforeEach(() => {
    fetchImpl = chosen;
  });

  it('never follows a redirect (a registry answer must not lead to another address): registry_bad_response, the target never requested', async () => {
    const error = await failureOf(getFrom((req) => (req.pathname === '/thing' ? { status: 302, headers: { location: '/internal-secret' } } : { status: 200, body: { secret: true } })));
    expect(error).toMatchObject({ code: 'registry_bad_response', status: 302 });
    expect(server?.requests.map((r) => r.pathname)).toEqual(['/thing']);
  });

  it('stops reading an answer past the size limit: registry_bad_response', async () => {
    const error = await failureOf(getFrom(() => ({ status: 200, body: { padding: 'x'.repeat(REGISTRY_MAX_RESPONSE_BYTES + 1) } })));
    expect(error).toMatchObject({ code: 'registry_bad_response' });
    expect((error as Error).message).toMatch(/larger than/);
  });

  it('returns the parsed JSON body of a 2xx answer and sends the given headers with an accept header', async () => {
    const answer = await getFrom(() => ({ status: 200, body: { hello: 'world' } }));
    expect(answer).toEqual({ found: true, body: { hello: 'world' } });
    expect(server?.requests[0]?.headers['x-test']).toBe('yes');
    expect(server?.requests[0]?.headers.accept).toBe('application/json');
  });

  it('reports 404 as not found instead of failing', async () => {
    expect(await getFrom(() => ({ status: 404, body: { message: 'nope' } }))).toEqual({ found: false });
  });

  it('turns 429 into a transient rate-limit error carrying Retry-After seconds', async () => {
    const error = await failureOf(getFrom(() => ({ status: 429, body: {}, headers: { 'retry-after': '30' } })));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_rate_limited', status: 429, retryAfterSeconds: 30, retryable: true });
  });

  it('reads a Retry-After HTTP date relative to the injected clock', async () => {
    const error = await failureOf(getFrom(() => ({ status: 429, headers: { 'retry-after': 'Mon, 23 Nov 2026 10:02:00 GMT' } })));
    expect(error).toMatchObject({ code: 'registry_rate_limited', retryAfterSeconds: 120 });
  });

  it('falls back to X-Ratelimit-Reset when a 429 has no Retry-After', async () => {
    const resetAt = String(NOW.getTime() / 1000 + 45);
    const error = await failureOf(getFrom(() => ({ status: 429, headers: { 'x-ratelimit-reset': resetAt } })));
    expect(error).toMatchObject({ code: 'registry_rate_limited', retryAfterSeconds: 45 });
  });

  it('leaves retryAfterSeconds undefined when a 429 gives no hint', async () => {
    const error = await failureOf(getFrom(() => ({ status: 429 })));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect((error as RegistryTransientError).retryAfterSeconds).toBeUndefined();
  });

  it.each([500, 502, 503, 504, 408])('treats HTTP %i as transient unavailability', async (status) => {
    const error = await failureOf(getFrom(() => ({ status, body: 'upstream exploded with secret stack trace' })));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_unavailable', status });
    expect((error as Error).message).not.toContain('secret');
  });

  it.each([401, 403])('treats HTTP %i as a permanent credentials failure', async (status) => {
    const error = await failureOf(getFrom(() => ({ status, body: { error: { message: 'Invalid Api Token' } } })));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_auth_failed', status, retryable: false });
    expect((error as Error).message).toBe(`BrasilAPI refused our credentials (HTTP ${status}); check the configured API key.`);
  });

  it.each([400, 410, 422])('treats other 4xx (HTTP %i) as a permanent rejected request', async (status) => {
    const error = await failureOf(getFrom(() => ({ status })));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_rejected_request', status });
  });

  it('treats a 2xx answer that is not JSON as a permanent bad response without quoting it', async () => {
    const error = await failureOf(getFrom(() => ({ status: 200, body: '<html>maintenance page with internals</html>' })));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_bad_response' });
    expect((error as Error).message).not.toContain('internals');
  });

  it('turns a registry that never answers into a transient timeout', async () => {
    const error = await failureOf(getFrom(() => 'hang', { timeoutMs: 150 }));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_timeout', message: 'BrasilAPI did not answer within 150 ms.' });
  });

  it('turns a refused connection into a transient network error', async () => {
    const probe = await startRegistryServer(() => ({ status: 200 }));
    const deadUrl = registryUrl(probe.baseUrl, '/thing');
    await probe.close();
    const http = createRegistryHttp('OpenCorporates', { fetch: fetchImpl, now: () => NOW, timeoutMs: 2_000 });
    const error = await failureOf(http.getJson(deadUrl));
    expect(error).toBeInstanceOf(RegistryTransientError);
    expect(error).toMatchObject({ code: 'registry_network_error' });
    expect((error as Error).message).not.toContain(deadUrl.port);
  });

  it("re-throws the caller's abort reason rather than classifying a cancellation", async () => {
    const controller = new AbortController();
    const reason = new Error('activity cancelled');
    const pending = getFrom(() => 'hang', { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(reason);
    expect(await failureOf(pending)).toBe(reason);
  });
});

describe('registry HTTP helper behind the SSRF guard', () => {
  it('a configured address the guard refuses is a permanent registry_not_configured, never requested', async () => {
    server = await startRegistryServer(() => ({ status: 200, body: { secret: true } }));
    const http = createRegistryHttp('Companies House', { fetch: guardedFetch(outboundPolicyFrom('')), now: () => NOW, timeoutMs: 2_000 });
    const error = await failureOf(http.getJson(registryUrl(server.baseUrl, '/company/1')));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_not_configured' });
    expect((error as Error).message).toMatch(/OUTBOUND_ALLOWLIST/);
    expect(server.requests).toHaveLength(0);
  });

  it('localhost is refused unless allowlisted by name', async () => {
    server = await startRegistryServer(() => ({ status: 200, body: { ok: true } }));
    const byName = registryUrl(server.baseUrl.replace('127.0.0.1', 'localhost'), '/x');
    const refused = createRegistryHttp('BrasilAPI', { fetch: guardedFetch(outboundPolicyFrom('127.0.0.1')), now: () => NOW, timeoutMs: 2_000 });
    expect(await failureOf(refused.getJson(byName))).toMatchObject({ code: 'registry_not_configured' });
    const allowed = createRegistryHttp('BrasilAPI', { fetch: guardedFetch(outboundPolicyFrom('localhost')), now: () => NOW, timeoutMs: 2_000 });
    expect(await allowed.getJson(byName)).toEqual({ found: true, body: { ok: true } });
  });
});

describe('registryUrl', () => {
  it('keeps a base path and encodes query parameters', () => {
    const url = registryUrl('https://api.opencorporates.com/v0.4/', '/companies/search', { q: 'Acme & Co', skip: undefined });
    expect(url.toString()).toBe('https://api.opencorporates.com/v0.4/companies/search?q=Acme+%26+Co');
  });
});
