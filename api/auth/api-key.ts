/**
 * API key format and hashing. A key is `sk_<environment>_<43 base64url chars>` (32 random bytes).
 * We store the SHA-256 of the whole key and a non-secret lookup prefix (environment + first 8 chars).
 * Keys are high-entropy, so a fast hash is safe; comparison is constant-time.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Environment } from '../../infra/db/tables/common.js';

const KEY_PATTERN = /^sk_(production|staging)_([A-Za-z0-9_-]{43,128})$/;
const LOOKUP_CHARS = 8;

export interface ParsedApiKey {
  environment: Environment;
  prefix: string;
  hash: Buffer;
}

export function generateApiKey(environment: Environment): { rawKey: string; prefix: string; hash: Buffer } {
  const rawKey = `sk_${environment}_${randomBytes(32).toString('base64url')}`;
  const parsed = parseApiKey(rawKey);
  if (!parsed) throw new Error('generated key does not parse');
  return { rawKey, prefix: parsed.prefix, hash: parsed.hash };
}

/** Returns null for anything that is not a well-formed key (the caller answers 401). */
export function parseApiKey(raw: string | undefined): ParsedApiKey | null {
  if (!raw) return null;
  const match = KEY_PATTERN.exec(raw.trim());
  if (!match) return null;
  const environment = match[1] as Environment;
  const secret = match[2]!;
  return {
    environment,
    prefix: `sk_${environment}_${secret.slice(0, LOOKUP_CHARS)}`,
    hash: hashApiKey(raw.trim()),
  };
}

export function hashApiKey(raw: string): Buffer {
  // One-shot hash: no Hash object per request (it is on every authenticated request's path).
  return hash('sha256', raw, 'buffer');
}

export function hashesEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
