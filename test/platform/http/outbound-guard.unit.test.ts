/** The SSRF guard's address and URL checks, and the LIST_SOURCES configuration reader. */
import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isNonPublicAddress, outboundPolicyFrom } from '../../../infra/http/outbound-guard.js';
import { feedUrlsFrom, refreshSourcesFrom } from '../../../activities/screening/list-refresh/refresh-sources.js';

describe('non-public addresses', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and reserved IPv4', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255']) {
      expect(isNonPublicAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '93.184.216.34']) expect(isNonPublicAddress(a), a).toBe(false);
  });

  it('refuses IPv6 loopback, unique-local, link-local and IPv4-mapped private addresses', () => {
    for (const a of ['::1', '::', 'fd00::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '64:ff9b::10.0.0.1']) expect(isNonPublicAddress(a), a).toBe(true);
    for (const a of ['2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isNonPublicAddress(a), a).toBe(false);
  });

  it('refuses IPv6 forms that carry an IPv4 address: IPv4-compatible, IPv4-translated, 6to4 and local NAT64', () => {
    for (const a of ['::7f00:1', '::127.0.0.1', '::ffff:0:7f00:1', '::ffff:0:10.0.0.1', '2002:7f00:1::1', '2002:a00:1::', '64:ff9b:1::a00:1']) expect(isNonPublicAddress(a), a).toBe(true);
    for (const u of ['http://[::7f00:1]/', 'http://[::ffff:0:7f00:1]/', 'http://[2002:7f00:1::1]/', 'http://[64:ff9b:1::a00:1]/']) {
      expect(() => checkOutboundUrl(u, outboundPolicyFrom('')), u).toThrow(/not a public address/);
    }
    expect(isNonPublicAddress('64:ff9b::808:808')).toBe(false);
  });

  it('refuses every spelling of a loopback or metadata address that URL parsing normalises', () => {
    for (const u of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://127.1/', 'http://0/', 'http://[0:0:0:0:0:ffff:127.0.0.1]/', 'http://[::ffff:169.254.169.254]/', 'http://[::]:8080/']) {
      expect(() => checkOutboundUrl(u, outboundPolicyFrom('')), u).toThrow(/not a public address/);
    }
  });

  it('treats anything that is not an IP as non-public', () => {
    expect(isNonPublicAddress('example.org')).toBe(true);
  });
});

describe('URL checks', () => {
  const none = outboundPolicyFrom('');
  it('allows only http and https without credentials', () => {
    expect(checkOutboundUrl('https://example.org/x.csv', none).hostname).toBe('example.org');
    for (const bad of ['ftp://example.org/x', 'file:///etc/passwd', 'gopher://x', 'https://user:pw@example.org/', 'not a url']) {
      expect(() => checkOutboundUrl(bad, none), bad).toThrow();
    }
  });

  it('refuses private IP literals and localhost unless allowlisted (host or host:port)', () => {
    expect(() => checkOutboundUrl('http://127.0.0.1:8080/a', none)).toThrow(/not a public address/);
    expect(() => checkOutboundUrl('http://[::1]/a', none)).toThrow(/not a public address/);
    expect(() => checkOutboundUrl('http://169.254.169.254/latest/meta-data', none)).toThrow();
    expect(() => checkOutboundUrl('http://localhost/a', none)).toThrow(/localhost/);
    expect(checkOutboundUrl('http://127.0.0.1:8080/a', outboundPolicyFrom('127.0.0.1:8080')).port).toBe('8080');
    expect(() => checkOutboundUrl('http://127.0.0.1:9090/a', outboundPolicyFrom('127.0.0.1:8080'))).toThrow();
    expect(checkOutboundUrl('http://localhost/a', outboundPolicyFrom('LOCALHOST')).hostname).toBe('localhost');
  });
});

describe('LIST_SOURCES', () => {
  it('defaults to the sources whose licence allows any use (no CC BY-NC PEP data)', () => {
    const slugs = refreshSourcesFrom(undefined).map((s) => s.slug);
    expect(slugs).toEqual(expect.arrayContaining(['us_ofac_sdn', 'un_sc_sanctions', 'eu_fsf', 'gb_hmt_sanctions']));
    expect(slugs).not.toContain('peps');
  });

  it('takes default slugs and objects overriding or adding sources', () => {
    const sources = refreshSourcesFrom(JSON.stringify([
      'peps',
      { slug: 'un_sc_sanctions', downloads: [{ file: 'consolidated.xml', url: 'https://mirror.example/un.xml' }] },
      { slug: 'my_watchlist', format: 'ftm_json', name: 'My watchlist', list_type: 'watchlist', downloads: [{ file: 'entities.ftm.json', url: 'https://lists.example/e.json' }] },
    ]));
    expect(sources.map((s) => s.slug)).toEqual(['peps', 'un_sc_sanctions', 'my_watchlist']);
    expect(sources[1]).toMatchObject({ name: 'UN Security Council Consolidated List', format: 'un_xml', flag_code: 'un', downloads: [{ file: 'consolidated.xml', url: 'https://mirror.example/un.xml' }] });
    expect(sources[2]).toMatchObject({ list_type: 'watchlist', country_code: null, url: '' });
  });

  it('names the problem in a bad configuration', () => {
    expect(() => refreshSourcesFrom('not json')).toThrow(/LIST_SOURCES: not valid JSON/);
    expect(() => refreshSourcesFrom('["nope"]')).toThrow(/no default source named nope/);
    expect(() => refreshSourcesFrom('[{"slug":"x_list","downloads":[{"file":"a.csv","url":"https://a.example/a"}]}]')).toThrow(/x_list needs format/);
    expect(() => refreshSourcesFrom('[{"slug":"Bad Slug"}]')).toThrow(/LIST_SOURCES/);
  });

  it('reads feed URLs from a comma-separated list', () => {
    expect(feedUrlsFrom(' https://a.example/rss , ,https://b.example/atom')).toEqual(['https://a.example/rss', 'https://b.example/atom']);
    expect(feedUrlsFrom(undefined)).toEqual([]);
  });
});
