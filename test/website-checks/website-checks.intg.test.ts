/**
 * Website checks over the API against loopback sites the test starts: a real business page over
 * HTTP, HTTPS with a self-signed and with an expired certificate, a redirect chain, a redirect to
 * a private address, a parked page, a page under construction, a huge page, a slow site; DNS facts
 * from a loopback DNS server; a URL the guard refuses; sync and async modes; scopes; environments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { websiteCheckDocument, websiteCheckListDocument } from '../../api/website-checks/website-check.schemas.js';
import { eventsOfResource } from '../../infra/db/repositories/events.repository.js';
import { startWorkflowContext, type WorkflowTestContext } from '../workflows/support/workflow-test-context.js';
import { startTestSites, type TestSites } from './support/test-sites.js';

let ctx: WorkflowTestContext;
let sites: TestSites;

beforeAll(async () => {
  sites = await startTestSites();
  ctx = await startWorkflowContext({ website: { dnsServers: [sites.dnsServer], pageLimits: { timeoutMs: 3_000 } } });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await sites?.close();
});

async function check(url: string, attributes: Record<string, unknown> = {}) {
  const res = await ctx.api.request('POST', '/v1/website-checks', { key: ctx.keys.staging, body: { data: { type: 'website_check', attributes: { url, execution_mode: 'sync', ...attributes } } } });
  expect(res.status, res.text).toBe(201);
  expect(websiteCheckDocument.safeParse(res.body).success, JSON.stringify(websiteCheckDocument.safeParse(res.body).error?.issues)).toBe(true);
  expect(res.body.data.attributes.status).not.toBe('pending');
  return res.body.data.attributes;
}
const codes = (a: { indicators: { code: string }[] }) => a.indicators.map((i) => i.code);

describe('website checks', () => {
  it('reads a business site: DNS, HTTP, content, name match, low-risk indicators', async () => {
    const a = await check(`${sites.http}/good`, { business_name: 'Acme Trading Ltd' });
    expect(a.status).toBe('completed');
    expect(a.dns).toMatchObject({ host: 'localhost', a: ['127.0.0.1'], mx: [{ exchange: 'mail.localhost', priority: 10 }], spf: 'v=spf1 ip4:127.0.0.1 -all', dmarc: 'v=DMARC1; p=reject', errors: [] });
    expect(a.http).toMatchObject({ status: 200, final_url: `${sites.http}/good`, hsts: 'max-age=31536000', truncated: false });
    expect(a.http.redirects).toHaveLength(1);
    expect(a.tls).toBeNull();
    expect(a.content).toMatchObject({
      title: 'Home | Acme Trading Ltd', language: 'en', language_source: 'html_lang', emails: ['sales@acme-trading.example'], phones: ['+442079460000'],
      addresses: ['1 Test Street, EC1A 1BB London, GB'], has_privacy_policy: true, has_terms: true, parked_or_for_sale: false, under_construction: false, business_name_found: true,
    });
    expect(a.content.business_name_match.score).toBeGreaterThanOrEqual(0.8);
    expect(codes(a)).toEqual(['no_https']);
    expect(a.risk_level).toBe('medium');
  });

  it('does not find a business the page does not name', async () => {
    const a = await check(`${sites.http}/good`, { business_name: 'Globex Holdings Corporation' });
    expect(a.content.business_name_found).toBe(false);
    expect(codes(a)).toContain('business_name_not_found');
  });

  it('follows a redirect chain, each hop through the guard', async () => {
    const a = await check(`${sites.http}/r1`);
    expect(a.http.redirects.map((h: any) => [new URL(h.url).pathname, h.status])).toEqual([['/r1', 302], ['/r2', 301], ['/r3', 307], ['/good', 200]]);
    expect(a.http.final_url).toBe(`${sites.http}/good`);
    expect(a.content.title).toBe('Home | Acme Trading Ltd');
  });

  it('refuses a redirect to a private address (the hop is recorded, never requested)', async () => {
    const a = await check(`${sites.http}/to-private`);
    expect(a.status).toBe('completed');
    expect(a.http.redirects.at(-1)).toMatchObject({ url: 'http://169.254.169.254/latest/meta-data/', status: null, refused: true });
    expect(a.http.status).toBeNull();
    expect(codes(a)).toContain('redirect_refused');
    expect(a.risk_level).toBe('high');
  });

  it('fails a URL the guard refuses outright (url_refused)', async () => {
    const a = await check('http://10.1.2.3/');
    expect(a).toMatchObject({ status: 'failed', risk_level: null, errors: [{ code: 'url_refused' }] });
  });

  it('reports a self-signed certificate as untrusted, with its facts', async () => {
    const a = await check(`${sites.selfSigned}/good`);
    expect(a.tls).toMatchObject({ valid: false, error: 'DEPTH_ZERO_SELF_SIGNED_CERT', subject: 'CN=localhost', issuer: 'CN=localhost', protocol: 'TLSv1.3' });
    expect(a.tls.sans).toContain('DNS:localhost');
    expect(a.tls.days_remaining).toBeGreaterThan(300);
    expect(a.http.status).toBe(200); // the content is still read
    expect(codes(a)).toContain('tls_untrusted');
    expect(a.risk_level).toBe('high');
  });

  it('reports an expired certificate', async () => {
    const a = await check(`${sites.expired}/good`);
    expect(a.tls).toMatchObject({ valid: false, error: 'CERT_HAS_EXPIRED' });
    expect(a.tls.days_remaining).toBeLessThan(0);
    expect(codes(a)).toContain('tls_expired');
  });

  it('recognises a parked domain for sale', async () => {
    const a = await check(`${sites.http}/parked`);
    expect(a.content.parked_or_for_sale).toBe(true);
    expect(a.content.signals.join(' ')).toContain('sedo.com');
    expect(codes(a)).toContain('parked_or_for_sale');
    expect(a.risk_level).toBe('high');
  });

  it('recognises a site under construction', async () => {
    const a = await check(`${sites.http}/construction`);
    expect(a.content).toMatchObject({ under_construction: true, language: 'de' });
    expect(codes(a)).toContain('under_construction');
  });

  it('caps a huge page and still reads its head', async () => {
    const a = await check(`${sites.http}/huge`);
    expect(a.http).toMatchObject({ status: 200, truncated: true, body_bytes: 2 * 1024 * 1024 });
    expect(a.content.title).toBe('Huge');
  });

  it('gives up on a slow site at the deadline (site_unreachable)', async () => {
    const a = await check(`${sites.http}/slow`);
    expect(a.http.status).toBeNull();
    expect(a.http.error).toContain('no complete answer');
    expect(codes(a)).toContain('site_unreachable');
  });

  it('async mode answers pending at once; the result is read later under website_checks:read', async () => {
    const res = await ctx.api.request('POST', '/v1/website-checks', { key: ctx.keys.staging, body: { data: { type: 'website_check', attributes: { url: `${sites.http}/good` } } } });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.status).toBe('pending');
    const reader = await ctx.keyWith(['website_checks:read']);
    const writer = await ctx.keyWith(['website_checks:write']);
    expect((await ctx.api.request('GET', `/v1/website-checks/${res.body.data.id}`, { key: writer })).status).toBe(403);
    const deadline = Date.now() + 30_000;
    let current;
    do {
      current = await ctx.api.request('GET', `/v1/website-checks/${res.body.data.id}`, { key: reader });
    } while (current.body.data.attributes.status === 'pending' && Date.now() < deadline && (await new Promise((r) => setTimeout(r, 100)), true));
    expect(current.body.data.attributes.status).toBe('completed');
    const list = await ctx.api.request('GET', '/v1/website-checks?filter[status]=completed', { key: reader });
    expect(websiteCheckListDocument.safeParse(list.body).success).toBe(true);
    expect(list.body.data.map((c: any) => c.id)).toContain(res.body.data.id);
    expect((await eventsOfResource(ctx.db, res.body.data.id)).filter((e) => e.category === 'change').map((e) => e.type)).toEqual(['website_check.pending', 'website_check.completed']);
    expect((await ctx.api.request('GET', `/v1/website-checks/${res.body.data.id}`, { key: ctx.keys.production })).status).toBe(404);
  });

  it('validates the request: an URL that is not http(s), a business of nowhere', async () => {
    const bad = await ctx.api.request('POST', '/v1/website-checks', { key: ctx.keys.staging, body: { data: { type: 'website_check', attributes: { url: 'ftp://example.com/' } } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/url');
    const orphan = await ctx.api.request('POST', '/v1/website-checks', {
      key: ctx.keys.staging,
      body: { data: { type: 'website_check', attributes: { url: `${sites.http}/good` }, relationships: { business: { data: { type: 'business', id: '00000000-0000-4000-8000-000000000000' } } } } },
    });
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors[0]).toMatchObject({ code: 'business_not_found', source: { pointer: '/data/relationships/business/data/id' } });
  });
});
