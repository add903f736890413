/**
 * Encryption at rest for secrets the service must read back (webhook signing secrets, audit
 * stream credentials, issuer private keys): AES-256-GCM under the key-encryption key from
 * configuration (SECRETS_ENCRYPTION_KEY, 32 bytes as base64). Each value gets a fresh 96-bit
 * nonce; the stored form is `v1.<key id>.<nonce>.<ciphertext+tag>` (base64url), so a later key
 * rotation can tell which key sealed a value. An optional context (e.g. the row id) is bound as
 * associated data: a ciphertext copied onto another row does not open there.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  seal(plaintext: string | Buffer, context?: string): string;
  open(sealed: string, context?: string): Buffer;
  openText(sealed: string, context?: string): string;
  /** A short, non-secret id of the key (first bytes of its SHA-256). */
  keyId: string;
}

/** Parses SECRETS_ENCRYPTION_KEY: 32 bytes, base64 or base64url. */
export function parseEncryptionKey(encoded: string): Buffer {
  const key = Buffer.from(encoded.trim(), encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64');
  if (key.length !== 32) throw new SecretBoxError(`the encryption key must be 32 bytes (base64); got ${key.length}`);
  return key;
}

export function generateEncryptionKey(): string {
  return randomBytes(32).toString('base64');
}

export function createSecretBox(encodedKey: string): SecretBox {
  const key = parseEncryptionKey(encodedKey);
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  const aad = (context?: string) => Buffer.from(`clearwatch:${context ?? ''}`, 'utf8');

  const open = (sealed: string, context?: string): Buffer => {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('not a sealed secret');
    if (parts[1] !== keyId) throw new SecretBoxError(`sealed with key ${parts[1]}, not the configured key ${keyId}`);
    const nonce = Buffer.from(parts[2]!, 'base64url');
    const body = Buffer.from(parts[3]!, 'base64url');
    if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) throw new SecretBoxError('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(aad(context));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SecretBoxError('the sealed secret does not open with this key and context (altered or misplaced)');
    }
  };

  return {
    keyId,
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad(context));
      const body = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final(), cipher.getAuthTag()]);
      return [VERSION, keyId, nonce.toString('base64url'), body.toString('base64url')].join('.');
    },
    open,
    openText: (sealed, context) => open(sealed, context).toString('utf8'),
  };
}
