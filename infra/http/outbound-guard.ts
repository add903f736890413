/**
 * The one SSRF guard for every outbound call (list and feed downloads, webhooks, audit streams,
 * website checks): only http and https; no credentials in URLs; the
 * host must resolve to public addresses only (loopback, private, link-local, CGNAT, multicast,
 * reserved and their IPv6 forms are refused) unless `host` or `host:port` is in OUTBOUND_ALLOWLIST.
 * The check runs inside the socket's DNS lookup, so the address checked is the address connected
 * to (no rebinding window), and again on every redirect.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d; ::ffff:0:0:0/96 is SIIT's
  // IPv4-translated form; 2002::/16 (6to4) and 64:ff9b:1::/48 (local NAT64) carry any IPv4 address.
  ['::', 96], ['::ffff:0:0:0', 96], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64], ['2001::', 23],
  ['2002::', 16], ['64:ff9b:1::', 48],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address embedded in an IPv6 one (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? BLOCKED.check(v4, 'ipv4') : BLOCKED.check(address, 'ipv6');
  }
  return true;
}

export interface OutboundPolicy {
  /** Lowercase `host` or `host:port` entries allowed even on non-public addresses. */
  allowlist: ReadonlySet<string>;
}

export function outboundPolicyFrom(allowlistCsv: string): OutboundPolicy {
  return { allowlist: new Set(allowlistCsv.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)) };
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

export function isAllowlisted(url: URL, policy: OutboundPolicy): boolean {
  const host = hostOf(url);
  return policy.allowlist.has(host) || policy.allowlist.has(`${host}:${defaultPort(url)}`);
}

/** Checks what can be checked before connecting; returns the parsed URL. */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  // URL parsing drops leading and trailing spaces and control characters, and tabs and line breaks
  // anywhere: the URL checked would not be the one stored and shown. Refused instead.
  if (/[\s\x00-\x1f\x7f]/.test(raw)) throw new OutboundRefusedError('the URL must not contain spaces, line breaks or control characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError(`not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefusedError(`only http and https URLs may be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new OutboundRefusedError('URLs with credentials are refused');
  const host = hostOf(url);
  // An IP literal never goes through DNS lookup, so it is checked here.
  if (isIP(host) && isNonPublicAddress(host) && !isAllowlisted(url, policy)) {
    throw new OutboundRefusedError(`${host} is not a public address (add it to OUTBOUND_ALLOWLIST to allow it)`);
  }
  if (host === 'localhost' && !isAllowlisted(url, policy)) throw new OutboundRefusedError('localhost is refused (add it to OUTBOUND_ALLOWLIST to allow it)');
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type AllLookup = (hostname: string, options: { all: true; family?: number }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export interface BoundedLookupOptions {
  /** The resolver (default: node:dns lookup, i.e. getaddrinfo on libuv's thread pool). */
  lookup?: AllLookup;
  /** A lookup without an answer by then fails with ETIMEOUT (the waiting in the queue counts). */
  deadlineMs?: number;
  /** Lookups running at once, counting those past their deadline that have not returned yet. */
  maxInFlight?: number;
}

/**
 * getaddrinfo cannot be cancelled and holds one of libuv's few pool threads until the resolver
 * gives up (seconds per query, several queries per name). A URL whose name server never answers
 * — any customer can register one as a webhook or a website to check — would otherwise hold the
 * pool threads file reads, compression and crypto need, for every tenant of the process. Here at
 * most `maxInFlight` lookups run at once (a lookup past its deadline keeps its place until it
 * really returns, so hung ones are counted), others wait their turn, and every caller gets an
 * answer or ETIMEOUT within `deadlineMs`.
 */
export function boundedLookup(options: BoundedLookupOptions = {}): AllLookup & { inFlight(): number; queued(): number } {
  const resolve = options.lookup ?? (dnsLookup as unknown as AllLookup);
  const deadlineMs = options.deadlineMs ?? 5_000;
  const maxInFlight = options.maxInFlight ?? defaultMaxLookups();
  let inFlight = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    while (inFlight < maxInFlight && queue.length > 0) queue.shift()!();
  };
  const bounded = (hostname: string, opts: { all: true; family?: number }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void): void => {
    let answered = false;
    const answer = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      callback(error, addresses);
    };
    // Taken off the queue by next(); a lookup that timed out while waiting was taken off by its timer.
    const run = () => {
      if (answered) return;
      inFlight += 1;
      let returned = false;
      const done = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
        if (returned) return;
        returned = true;
        inFlight -= 1;
        answer(error, addresses);
        next();
      };
      try {
        resolve(hostname, opts, done);
      } catch (error) {
        done(error as NodeJS.ErrnoException, []); // a lookup refused at once (bad arguments) frees its place too
      }
    };
    const timer = setTimeout(() => {
      const at = queue.indexOf(run);
      if (at >= 0) queue.splice(at, 1);
      answer(Object.assign(new Error(`the name ${hostname} got no answer from DNS within ${deadlineMs} ms`), { code: 'ETIMEOUT', hostname }), []);
    }, deadlineMs);
    timer.unref?.();
    queue.push(run);
    next();
  };
  return Object.assign(bounded, { inFlight: () => inFlight, queued: () => queue.length });
}

/** A quarter of libuv's pool (UV_THREADPOOL_SIZE, 4 unless set; the programs of `npm start` and compose set 16). */
function defaultMaxLookups(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE);
  return Math.max(1, Math.floor((Number.isInteger(pool) && pool > 0 ? pool : 4) / 4));
}

/** The process's one bounded resolver for outbound calls (see boundedLookup). */
const outboundLookup = boundedLookup();

/** A `lookup` for http(s).request that refuses non-public addresses of a host not on the allowlist. */
export function guardedLookup(url: URL, policy: OutboundPolicy, lookup: AllLookup = outboundLookup) {
  const allowed = isAllowlisted(url, policy);
  return (hostname: string, options: { all?: boolean; family?: number } | number, callback: LookupCallback): void => {
    const opts = typeof options === 'number' ? { family: options } : options;
    lookup(hostname, { all: true, ...(opts.family ? { family: opts.family } : {}) }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => isNonPublicAddress(a.address));
      if (bad && !allowed) {
        return callback(Object.assign(new OutboundRefusedError(`${hostname} resolves to ${bad.address}, which is not a public address (add it to OUTBOUND_ALLOWLIST to allow it)`), { code: 'EREFUSED_PRIVATE' }), '');
      }
      if (opts.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
