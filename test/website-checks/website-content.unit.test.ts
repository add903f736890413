/**
 * Content facts, the business name match and the risk model as pure functions: pages in other
 * languages and charsets, national phone numbers read with the site's country, JSON-LD
 * addresses, privacy and terms links in several languages, parked and default-server pages, and
 * how indicators add up to a risk level.
 */
import { describe, expect, it } from 'vitest';
import { matchBusinessName } from '../../activities/website-checks/content/business-name-match.js';
import { contentFacts } from '../../activities/website-checks/content/content-facts.model.js';
import { decodeBody, readPage } from '../../activities/website-checks/content/page-reader.js';
import { riskIndicators, riskLevel } from '../../activities/website-checks/risk/website-risk.model.js';
import type { WebsiteFacts } from '../../activities/website-checks/website-facts.js';

const page = (html: string) => readPage(html);

describe('page reading and content facts', () => {
  it('reads a German business page: phones in national format, Impressum address, Datenschutz and AGB links', () => {
    const reading = page(`<html><head><title>Müller &amp; Söhne GmbH – Werkzeuge</title></head><body>
      <script>var x = "not text";</script><h1>Willkommen</h1>
      <p>Telefon: 030 901820 · E-Mail: <a href="mailto:info@mueller-soehne.de">info@mueller-soehne.de</a></p>
      <address>Müller &amp; Söhne GmbH<br>Hauptstraße 5<br>10115 Berlin</address>
      <p>Wir liefern seit 1950 hochwertige Werkzeuge an Handwerksbetriebe in ganz Deutschland und beraten Sie gerne persönlich.</p>
      <a href="/datenschutz">Datenschutzerklärung</a> <a href="/agb">AGB</a></body></html>`);
    expect(reading.text).not.toContain('not text');
    const facts = contentFacts(reading, { finalHost: 'mueller-soehne.de', defaultCountry: 'DE' });
    expect(facts).toMatchObject({
      title: 'Müller & Söhne GmbH – Werkzeuge', language: 'de', language_source: 'detected', emails: ['info@mueller-soehne.de'], phones: ['+4930901820'],
      has_privacy_policy: true, has_terms: true, parked_or_for_sale: false, under_construction: false,
    });
    expect(facts.addresses[0]).toContain('10115 Berlin');
    expect(matchBusinessName(reading, 'Mueller und Soehne GmbH').found).toBe(true);
  });

  it('decodes a page in its declared charset', () => {
    const body = Buffer.from('<html><head><meta charset="iso-8859-1"><title>Caf\xe9 Lyon</title></head></html>', 'latin1');
    expect(readPage(decodeBody(body, 'text/html')).title).toBe('Café Lyon');
  });

  it('does not take image names for email addresses', () => {
    const facts = contentFacts(page('<img src="logo@2x.png"><p>logo@2x.png and contact@shop.example</p>'), { finalHost: 'shop.example' });
    expect(facts.emails).toEqual(['contact@shop.example']);
  });

  it('recognises parked pages by phrase or marketplace link, and default server pages', () => {
    expect(contentFacts(page('<p>The domain example.shop may be for sale. Click here to inquire about this domain.</p>'), { finalHost: 'example.shop' }).parked_or_for_sale).toBe(true);
    expect(contentFacts(page('<a href="https://www.hugedomains.com/domain_profile.cfm?d=x">x</a>'), { finalHost: 'x.com' }).parked_or_for_sale).toBe(true);
    expect(contentFacts(page('<title>Welcome to nginx!</title><h1>Welcome to nginx!</h1>'), { finalHost: 'x.com' }).under_construction).toBe(true);
    expect(contentFacts(page('<p>We sell domains and hosting for your business.</p>'), { finalHost: 'x.com' }).parked_or_for_sale).toBe(false);
  });

  it('matches the business name through legal forms and word order, not a different company', () => {
    const reading = page('<title>ACME TRADING | Industrial supplies</title><footer>© 2023 Acme Trading Limited</footer>');
    expect(matchBusinessName(reading, 'Acme Trading Ltd')).toMatchObject({ found: true });
    expect(matchBusinessName(reading, 'Apex Trading Ltd').found).toBe(false);
  });
});

describe('risk level', () => {
  const base: WebsiteFacts = {
    host_is_ip: false,
    dns: { host: 'shop.example', domain: 'shop.example', a: ['203.0.113.5'], aaaa: [], mx: [{ exchange: 'mx.shop.example', priority: 10 }], spf: 'v=spf1 -all', dmarc: 'v=DMARC1; p=none', errors: [], skipped: null },
    tls: { valid: true, error: null, issuer: 'CN=CA', subject: 'CN=shop.example', sans: ['DNS:shop.example'], not_before: '2026-01-01T00:00:00.000Z', not_after: '2027-01-01T00:00:00.000Z', days_remaining: 200, protocol: 'TLSv1.3' },
    http: { status: 200, final_url: 'https://shop.example/', redirects: [{ url: 'https://shop.example/', status: 200, location: null, response_time_ms: 120, error: null, refused: false }], cross_domain_redirect: false, hsts: 'max-age=1', response_time_ms: 120, content_type: 'text/html', body_bytes: 1000, truncated: false, error: null },
    content: { title: 'Shop', language: 'en', language_source: 'html_lang', emails: ['a@shop.example'], phones: [], addresses: [], has_privacy_policy: true, has_terms: true, parked_or_for_sale: false, under_construction: false, signals: [], business_name_found: true, business_name_match: { score: 1, text: 'Shop' } },
    registration: null,
  };
  const now = new Date('2026-06-01T00:00:00Z');

  it('is low for a well-kept site', () => {
    expect(riskIndicators(base, now)).toEqual([]);
    expect(riskLevel([])).toBe('low');
  });

  it('three low indicators make medium; any medium or high sets the level', () => {
    const lows = riskIndicators({ ...base, dns: { ...base.dns!, spf: null, dmarc: null, mx: [] } }, now);
    expect(lows.map((i) => i.code)).toEqual(['no_mx', 'no_spf', 'no_dmarc']);
    expect(riskLevel(lows)).toBe('medium');
    expect(riskLevel(riskIndicators({ ...base, tls: { ...base.tls!, valid: false, error: 'CERT_HAS_EXPIRED', days_remaining: -3 } }, now))).toBe('high');
  });

  it('a domain registered weeks ago is high risk, months ago medium', () => {
    const young = (date: string) => riskIndicators({ ...base, registration: { source: 'rdap', registration_date: date, error: null } }, now).map((i) => i.code);
    expect(young('2026-05-01T00:00:00Z')).toEqual(['recently_registered']);
    expect(young('2025-12-01T00:00:00Z')).toEqual(['young_domain']);
    expect(young('2010-01-01T00:00:00Z')).toEqual([]);
  });
});
