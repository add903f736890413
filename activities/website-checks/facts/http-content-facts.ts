/**
 * HTTP and content facts of a site: the page fetched through the guard (fetchPage: redirects
 * followed and re-checked hop by hop, body capped, one deadline), then — for an HTML answer — the
 * page read and its content facts, with the business name matched when one was given.
 */
import { getDomain, getPublicSuffix } from 'tldts';
import { fetchPage } from '../../../infra/http/guarded-page-fetch.js';
import type { OutboundPolicy } from '../../../infra/http/outbound-guard.js';
import { matchBusinessName } from '../content/business-name-match.js';
import { contentFacts } from '../content/content-facts.model.js';
import { decodeBody, readPage } from '../content/page-reader.js';
import type { HttpFacts, WebsiteContentFacts } from '../website-facts.js';

export interface PageLimits {
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
}

export const PAGE_LIMITS: PageLimits = { timeoutMs: 20_000, maxBodyBytes: 2 * 1024 * 1024, maxRedirects: 10 };

function registrable(url: string | null): string | null {
  if (!url) return null;
  const host = new URL(url).hostname;
  return getDomain(host) ?? host;
}

/** The country a site's TLD names (example.de → DE, example.co.uk → GB), for reading national phone numbers. */
function countryOfHost(host: string): string | undefined {
  const tld = (getPublicSuffix(host) ?? '').split('.').pop() ?? '';
  if (!/^[a-z]{2}$/.test(tld)) return undefined;
  return tld === 'uk' ? 'GB' : tld.toUpperCase();
}

export async function collectHttpAndContent(url: string, options: { policy: OutboundPolicy; businessName: string | null; limits?: Partial<PageLimits> }): Promise<{ http: HttpFacts; content: WebsiteContentFacts | null }> {
  const limits = { ...PAGE_LIMITS, ...options.limits };
  const result = await fetchPage(url, { policy: options.policy, ...limits, verifyCertificates: false, userAgent: 'Mozilla/5.0 (compatible; clearwatch-website-check/1)' });
  const final = result.final;
  const header = (name: string) => {
    const value = final?.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  };
  const finalUrl = final?.url ?? null;
  const http: HttpFacts = {
    status: final?.status ?? null,
    final_url: finalUrl,
    redirects: result.hops.map((h) => ({ url: h.url, status: h.status, location: h.location, response_time_ms: h.responseTimeMs, error: h.error, refused: h.refused })),
    cross_domain_redirect: finalUrl !== null && registrable(finalUrl) !== registrable(url),
    hsts: header('strict-transport-security'),
    response_time_ms: result.hops.length > 0 ? result.hops.reduce((sum, h) => sum + (h.responseTimeMs ?? 0), 0) : null,
    content_type: header('content-type'),
    body_bytes: final?.body.length ?? 0,
    truncated: final?.truncated ?? false,
    error: result.error,
  };
  if (!final || !/html|xml|^text\//i.test(http.content_type ?? 'text/html')) return { http, content: null };
  const page = readPage(decodeBody(final.body, http.content_type ?? undefined));
  const host = new URL(final.url).hostname;
  const facts = contentFacts(page, { finalHost: host, ...(header('content-language') ? { contentLanguage: header('content-language')! } : {}), ...(countryOfHost(host) ? { defaultCountry: countryOfHost(host)! } : {}) });
  const match = options.businessName ? matchBusinessName(page, options.businessName) : null;
  return { http, content: { ...facts, business_name_found: match ? match.found : null, business_name_match: match ? { score: match.score, text: match.text } : null } };
}
