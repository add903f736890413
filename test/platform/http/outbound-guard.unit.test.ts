/** The SSRF guard's address and URL checks, and the LIST_SOURCES configuration reader. */
import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundedLookup, checkOutboundUrl, guardedLookup, isNonPublicAddress, outboundPolicyFrom } from '../../../infra/http/outbound-guard.js';
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

describe('name lookups that never answer', () => {
  afterEach(() => vi.useRealTimers());
  type Done = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
  /** A resolver that answers only when told (a name server that never answers, until it does). */
  function stalledResolver() {
    const pending: Array<{ hostname: string; done: Done }> = [];
    const lookup = vi.fn((hostname: string, _opts: { all: true }, done: Done) => void pending.push({ hostname, done }));
    return { lookup, pending };
  }
  const call = (lookup: ReturnType<typeof boundedLookup>, hostname: string) => {
    const result: { error?: NodeJS.ErrnoException | null; addresses?: LookupAddress[] } = {};
    lookup(hostname, { all: true }, (error, addresses) => Object.assign(result, { error, addresses }));
    return result;
  };

  it('answers ETIMEOUT at the deadline, and never answers twice when the resolver returns later', () => {
    vi.useFakeTimers();
    const resolver = stalledResolver();
    const lookup = boundedLookup({ lookup: resolver.lookup, deadlineMs: 5000, maxInFlight: 2 });
    const first = call(lookup, 'hangs.example');
    vi.advanceTimersByTime(4999);
    expect(first.error).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(first.error?.code).toBe('ETIMEOUT');
    expect(first.error?.message).toContain('hangs.example');
    // Still counted until getaddrinfo really returns: its pool thread is still busy.
    expect(lookup.inFlight()).toBe(1);
    resolver.pending[0]!.done(null, [{ address: '93.184.216.34', family: 4 }]);
    expect(first.error?.code).toBe('ETIMEOUT');
    expect(lookup.inFlight()).toBe(0);
  });

  it('runs at most maxInFlight lookups at once; the others wait their turn or time out waiting', () => {
    vi.useFakeTimers();
    const resolver = stalledResolver();
    const lookup = boundedLookup({ lookup: resolver.lookup, deadlineMs: 5000, maxInFlight: 2 });
    call(lookup, 'a.example');
    call(lookup, 'b.example');
    const waiting = call(lookup, 'c.example');
    expect(resolver.lookup).toHaveBeenCalledTimes(2);
    expect(lookup.queued()).toBe(1);
    vi.advanceTimersByTime(5000);
    // The waiting one never reached the resolver, and is answered all the same.
    expect(waiting.error?.code).toBe('ETIMEOUT');
    expect(resolver.lookup).toHaveBeenCalledTimes(2);
    expect(lookup.queued()).toBe(0);
    // A new lookup waits while both stalled ones hold their places, and runs when one returns.
    const later = call(lookup, 'd.example');
    expect(resolver.lookup).toHaveBeenCalledTimes(2);
    resolver.pending[0]!.done(Object.assign(new Error('gave up'), { code: 'EAI_AGAIN' }), []);
    expect(resolver.lookup).toHaveBeenCalledTimes(3);
    expect(resolver.pending[2]!.hostname).toBe('d.example');
    resolver.pending[2]!.done(null, [{ address: '93.184.216.34', family: 4 }]);
    expect(later.error).toBeNull();
    expect(later.addresses).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('a resolver that throws at once answers the error and frees its place', () => {
    const lookup = boundedLookup({ lookup: () => { throw Object.assign(new TypeError('bad hostname'), { code: 'ERR_INVALID_ARG_VALUE' }); }, maxInFlight: 1 });
    const first = call(lookup, 'x');
    expect(first.error?.code).toBe('ERR_INVALID_ARG_VALUE');
    expect(lookup.inFlight()).toBe(0);
    expect(call(lookup, 'y').error?.code).toBe('ERR_INVALID_ARG_VALUE');
  });

  it('the guard still refuses a private answer and passes a public one through the bounded resolver', () => {
    const answers: Record<string, string> = { 'inside.example': '10.0.0.7', 'outside.example': '93.184.216.34' };
    const lookup = boundedLookup({ lookup: (hostname, _opts, done) => done(null, [{ address: answers[hostname]!, family: 4 }]) });
    const results: Array<[string, NodeJS.ErrnoException | null, unknown]> = [];
    for (const host of Object.keys(answers)) {
      guardedLookup(new URL(`https://${host}/`), outboundPolicyFrom(''), lookup)(host, {}, (error, address) => results.push([host, error, address]));
    }
    expect(results[0]![1]?.code).toBe('EREFUSED_PRIVATE');
    expect(results[1]![1]).toBeNull();
    expect(results[1]![2]).toBe('93.184.216.34');
  });
});

describe('URLs that parsing would silently change', () => {
  it('refuses leading or trailing spaces, tabs, line breaks and control characters anywhere', () => {
    for (const u of [' https://example.com/h ', 'https://example.com/h ', '\thttps://example.com/', 'https://exa\tmple.com/', 'https://example.com/a\nb', 'https://example.com/\u0000', 'https://example.com/\u007f', '\u00a0https://example.com/']) {
      expect(() => checkOutboundUrl(u, outboundPolicyFrom('')), JSON.stringify(u)).toThrow(/spaces, line breaks or control characters/);
    }
    expect(checkOutboundUrl('https://example.com/a%20b', outboundPolicyFrom('')).pathname).toBe('/a%20b');
  });
});
