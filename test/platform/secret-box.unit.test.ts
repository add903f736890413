/** Secrets at rest: AES-256-GCM under the configured key, bound to the row they belong to. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseEncryptionKey } from '../../infra/crypto/secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32).toString('base64'));

  it('opens what it sealed, and the sealed form holds no trace of the secret', () => {
    const sealed = box.seal('whsec_secret-value', 'webhook_config:1');
    expect(sealed).not.toContain('secret-value');
    expect(box.openText(sealed, 'webhook_config:1')).toBe('whsec_secret-value');
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses another row\'s context, another key, and an altered ciphertext', () => {
    const sealed = box.seal('value', 'webhook_config:1');
    expect(() => box.open(sealed, 'webhook_config:2')).toThrow(/altered or misplaced/);
    expect(() => createSecretBox(randomBytes(32).toString('base64')).open(sealed, 'webhook_config:1')).toThrow(/key/);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'webhook_config:1')).toThrow();
  });

  it('takes a 32-byte key only', () => {
    expect(() => parseEncryptionKey(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
