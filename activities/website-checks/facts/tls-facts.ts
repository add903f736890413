/**
 * TLS facts of an https site: one TLS handshake through the SSRF guard's lookup (so the address
 * checked is the address connected to), with the server name sent, certificate verification done
 * by Node against its CA store but not enforced (so an invalid certificate can still be described):
 * valid, the verification error, issuer, subject, subject alternative names, validity window, days
 * remaining, and the protocol negotiated. Sites served over plain http have no TLS facts.
 */
import tls from 'node:tls';
import { isIP } from 'node:net';
import { checkOutboundUrl, guardedLookup, type OutboundPolicy } from '../../../infra/http/outbound-guard.js';

export interface TlsFacts {
  valid: boolean;
  /** Node's verification error code (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, ERR_TLS_CERT_ALTNAME_INVALID, …) or the connection error. */
  error: string | null;
  issuer: string | null;
  subject: string | null;
  sans: string[];
  not_before: string | null;
  not_after: string | null;
  days_remaining: number | null;
  protocol: string | null;
}

const DAY_MS = 86_400_000;

function distinguishedName(name: tls.PeerCertificate['subject'] | undefined): string | null {
  if (!name) return null;
  const parts = Object.entries(name).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`);
  return parts.length > 0 ? parts.join(', ') : null;
}

export function collectTlsFacts(rawUrl: string, options: { policy: OutboundPolicy; timeoutMs: number; now: Date }): Promise<TlsFacts | null> {
  const url = checkOutboundUrl(rawUrl, options.policy);
  if (url.protocol !== 'https:') return Promise.resolve(null);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const empty: TlsFacts = { valid: false, error: null, issuer: null, subject: null, sans: [], not_before: null, not_after: null, days_remaining: null, protocol: null };
  return new Promise((resolve) => {
    const socket = tls.connect({
      host,
      port: Number(url.port || 443),
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      lookup: guardedLookup(url, options.policy) as never,
      ALPNProtocols: ['http/1.1'],
    });
    const timer = setTimeout(() => socket.destroy(new Error(`no TLS handshake within ${options.timeoutMs} ms`)), options.timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate(false);
      let error = socket.authorized ? null : String(socket.authorizationError ?? 'UNKNOWN');
      // Node verifies the chain; the host name is checked separately, as https would.
      if (!error && !isIP(host)) {
        const mismatch = tls.checkServerIdentity(host, cert);
        if (mismatch) error = (mismatch as { code?: string }).code ?? 'ERR_TLS_CERT_ALTNAME_INVALID';
      }
      const notAfter = cert.valid_to ? new Date(cert.valid_to) : null;
      const notBefore = cert.valid_from ? new Date(cert.valid_from) : null;
      resolve({
        valid: error === null,
        error,
        issuer: distinguishedName(cert.issuer),
        subject: distinguishedName(cert.subject),
        sans: (cert.subjectaltname ?? '').split(',').map((s) => s.trim()).filter(Boolean),
        not_before: notBefore ? notBefore.toISOString() : null,
        not_after: notAfter ? notAfter.toISOString() : null,
        days_remaining: notAfter ? Math.floor((notAfter.getTime() - options.now.getTime()) / DAY_MS) : null,
        protocol: socket.getProtocol() ?? null,
      });
      socket.destroy();
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ ...empty, error: err.code ?? err.message });
    });
  });
}
