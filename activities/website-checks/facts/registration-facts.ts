/**
 * The registration date of a site's domain through RDAP (RFC 9083), when RDAP_BASE_URL names a
 * server (e.g. https://rdap.org or a registry's own): GET <base>/domain/<registrable domain>
 * through the outbound guard, and the `registration` event's date. Off when unset.
 */
import { getDomain } from 'tldts';
import { guardedRequest } from '../../../infra/http/guarded-request.js';
import type { OutboundPolicy } from '../../../infra/http/outbound-guard.js';
import type { RegistrationFacts } from '../website-facts.js';

export async function collectRegistrationFacts(url: string, options: { baseUrl: string | undefined; policy: OutboundPolicy; timeoutMs: number }): Promise<RegistrationFacts | null> {
  if (!options.baseUrl) return null;
  const host = new URL(url).hostname;
  const domain = getDomain(host);
  if (!domain) return { source: 'rdap', registration_date: null, error: 'the host has no registrable domain' };
  const target = `${options.baseUrl.replace(/\/+$/, '')}/domain/${encodeURIComponent(domain)}`;
  // RDAP bootstrap servers redirect to the registry's server: follow a few hops, each through the guard.
  let current = target;
  for (let hop = 0; hop < 4; hop += 1) {
    const answer = await guardedRequest({ method: 'GET', url: current, headers: { Accept: 'application/rdap+json, application/json' }, timeoutMs: options.timeoutMs, maxResponseBytes: 512 * 1024, policy: options.policy });
    if (answer.status !== null && answer.status >= 300 && answer.status < 400 && typeof answer.headers.location === 'string') {
      current = new URL(answer.headers.location, current).toString();
      continue;
    }
    if (answer.status === 404) return { source: 'rdap', registration_date: null, error: 'the RDAP server does not know the domain' };
    if (answer.status !== 200) return { source: 'rdap', registration_date: null, error: answer.error ?? `RDAP answered HTTP ${answer.status}` };
    try {
      const body = JSON.parse(answer.body) as { events?: { eventAction?: string; eventDate?: string }[] };
      const event = body.events?.find((e) => e.eventAction === 'registration' && typeof e.eventDate === 'string');
      const date = event ? new Date(event.eventDate!) : null;
      return { source: 'rdap', registration_date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null, error: event ? null : 'no registration event' };
    } catch {
      return { source: 'rdap', registration_date: null, error: 'the RDAP answer is not JSON' };
    }
  }
  return { source: 'rdap', registration_date: null, error: 'too many RDAP redirects' };
}
