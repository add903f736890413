/**
 * Risk indicators of a website check and the risk level they add up to. Each indicator is
 * `{code, severity, detail}`; the level is `high` when any indicator is high, `medium` when any is
 * medium or three or more are low, else `low`. The codes and their severities are documented in
 * the README (Workflows and website checks). Pure: facts in, indicators out.
 */
import type { WebsiteFacts } from '../website-facts.js';

export type Severity = 'low' | 'medium' | 'high';

export interface Indicator {
  code: string;
  severity: Severity;
  detail: string;
}

const DAY_MS = 86_400_000;
export const SLOW_RESPONSE_MS = 5_000;
export const TLS_EXPIRY_WARNING_DAYS = 14;

export function riskIndicators(facts: WebsiteFacts, now: Date): Indicator[] {
  const out: Indicator[] = [];
  const add = (code: string, severity: Severity, detail: string) => out.push({ code, severity, detail });
  const { http, tls, dns, content, registration } = facts;

  if (facts.host_is_ip) add('ip_address_host', 'medium', 'the URL names an IP address instead of a domain');
  if (dns && !dns.skipped && dns.a.length === 0 && dns.aaaa.length === 0) add('dns_unresolved', 'high', `${dns.host} has no A or AAAA record`);
  if (dns && !dns.skipped && dns.domain) {
    if (dns.mx.length === 0) add('no_mx', 'low', `${dns.domain} has no MX record (receives no mail)`);
    if (!dns.spf) add('no_spf', 'low', `${dns.domain} publishes no SPF policy`);
    if (!dns.dmarc) add('no_dmarc', 'low', `${dns.domain} publishes no DMARC policy`);
  }

  const refusedHop = http.redirects.slice(1).find((h) => h.refused);
  if (refusedHop) add('redirect_refused', 'high', `a redirect led to ${refusedHop.url}, refused by the outbound guard: ${refusedHop.error}`);
  else if (http.status === null) add('site_unreachable', 'high', `no answer: ${http.error ?? 'unknown error'}`);
  if (http.status !== null && http.status >= 400) add('http_error_status', 'medium', `the site answered HTTP ${http.status}`);
  if (http.redirects.length - 1 > 3) add('many_redirects', 'low', `${http.redirects.length - 1} redirects before the page`);
  if (http.cross_domain_redirect) add('cross_domain_redirect', 'low', `the site redirects to another domain: ${http.final_url}`);
  if (http.response_time_ms !== null && http.response_time_ms > SLOW_RESPONSE_MS) add('slow_response', 'low', `the page took ${http.response_time_ms} ms to answer`);
  if (http.final_url && http.final_url.startsWith('http:')) add('no_https', 'medium', 'the site is served over plain http');
  if (http.final_url?.startsWith('https:') && http.status !== null && !http.hsts) add('no_hsts', 'low', 'no Strict-Transport-Security header');

  if (tls) {
    if (tls.error === 'CERT_HAS_EXPIRED') add('tls_expired', 'high', `the certificate expired on ${tls.not_after}`);
    else if (tls.error && /SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY_LEAF/.test(tls.error)) add('tls_untrusted', 'high', `the certificate is not issued by a trusted authority (${tls.error})`);
    else if (tls.error && /ALTNAME|HOSTNAME/i.test(tls.error)) add('tls_name_mismatch', 'high', `the certificate does not name this host (${tls.error})`);
    else if (tls.error) add('tls_invalid', 'high', `TLS failed: ${tls.error}`);
    else if (tls.days_remaining !== null && tls.days_remaining < TLS_EXPIRY_WARNING_DAYS) add('tls_expiring_soon', 'low', `the certificate expires in ${tls.days_remaining} days`);
  }

  if (content) {
    if (content.parked_or_for_sale) add('parked_or_for_sale', 'high', `the domain looks parked or for sale (${content.signals.filter((s) => s.startsWith('parked')).join('; ')})`);
    if (content.under_construction) add('under_construction', 'medium', `the site looks unfinished (${content.signals.filter((s) => s.startsWith('under_construction')).join('; ')})`);
    if (content.business_name_found === false) add('business_name_not_found', 'medium', `the page does not name the business (best match ${content.business_name_match?.score ?? 0})`);
    if (!content.has_privacy_policy) add('no_privacy_policy', 'low', 'no link to a privacy policy');
    if (!content.has_terms) add('no_terms', 'low', 'no link to terms and conditions');
    if (content.emails.length === 0 && content.phones.length === 0) add('no_contact_details', 'low', 'no email address or phone number on the page');
  }

  if (registration?.registration_date) {
    const ageDays = Math.floor((now.getTime() - new Date(registration.registration_date).getTime()) / DAY_MS);
    if (ageDays < 90) add('recently_registered', 'high', `the domain was registered ${ageDays} days ago`);
    else if (ageDays < 365) add('young_domain', 'medium', `the domain was registered ${ageDays} days ago`);
  }
  return out;
}

export function riskLevel(indicators: readonly Indicator[]): Severity {
  if (indicators.some((i) => i.severity === 'high')) return 'high';
  if (indicators.some((i) => i.severity === 'medium') || indicators.filter((i) => i.severity === 'low').length >= 3) return 'medium';
  return 'low';
}
