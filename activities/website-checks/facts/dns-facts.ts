/**
 * DNS facts of a site's host with node:dns and the system resolver (or the servers a test names):
 * A and AAAA addresses, MX hosts, the SPF policy (a TXT record starting v=spf1) and the DMARC
 * policy (TXT at _dmarc.<domain>). The mail records are read at the registrable domain
 * (www.example.co.uk → example.co.uk), where mail is configured. A missing record is a fact
 * (empty), not an error; a resolver failure is reported per lookup.
 */
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { getDomain } from 'tldts';

export interface DnsFacts {
  host: string;
  /** The registrable domain the mail records were read at. */
  domain: string | null;
  a: string[];
  aaaa: string[];
  mx: { exchange: string; priority: number }[];
  spf: string | null;
  dmarc: string | null;
  /** Lookups that failed for another reason than "no such record", e.g. `{lookup: "mx", code: "ETIMEOUT"}`. */
  errors: { lookup: string; code: string }[];
  /** Set when the host is an IP address (nothing to resolve). */
  skipped: 'ip_literal' | null;
}

const NO_DATA = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);

export async function collectDnsFacts(host: string, options: { servers?: string[]; timeoutMs?: number } = {}): Promise<DnsFacts> {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(bare)) return { host: bare, domain: null, a: [], aaaa: [], mx: [], spf: null, dmarc: null, errors: [], skipped: 'ip_literal' };
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  const domain = getDomain(bare, { allowPrivateDomains: false }) ?? bare;
  const errors: DnsFacts['errors'] = [];
  const attempt = async <T>(lookup: string, run: () => Promise<T>, empty: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      const code = String((error as { code?: string }).code ?? 'ERROR');
      if (!NO_DATA.has(code)) errors.push({ lookup, code });
      return empty;
    }
  };
  const [a, aaaa, mx, txt, dmarcTxt] = await Promise.all([
    attempt('a', () => resolver.resolve4(bare), [] as string[]),
    attempt('aaaa', () => resolver.resolve6(bare), [] as string[]),
    attempt('mx', () => resolver.resolveMx(domain), [] as { exchange: string; priority: number }[]),
    attempt('txt', () => resolver.resolveTxt(domain), [] as string[][]),
    attempt('dmarc', () => resolver.resolveTxt(`_dmarc.${domain}`), [] as string[][]),
  ]);
  const joined = (records: string[][]) => records.map((chunks) => chunks.join(''));
  return {
    host: bare,
    domain,
    a: a.sort(),
    aaaa: aaaa.sort(),
    mx: mx.map((m) => ({ exchange: m.exchange, priority: m.priority })).sort((x, y) => x.priority - y.priority || x.exchange.localeCompare(y.exchange)),
    spf: joined(txt).find((r) => /^v=spf1(\s|$)/i.test(r)) ?? null,
    dmarc: joined(dmarcTxt).find((r) => /^v=DMARC1\s*(;|$)/i.test(r)) ?? null,
    errors,
    skipped: null,
  };
}
