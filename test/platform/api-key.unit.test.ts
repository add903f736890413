import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, parseApiKey } from '../../api/auth/api-key.js';
import { ALL_SCOPES, keyHasScope, parseScopeList } from '../../api/auth/scopes.js';

describe('API key format', () => {
  it('generates sk_<env>_ keys with 32 random bytes in a URL-safe alphabet', () => {
    const { rawKey, prefix } = generateApiKey('staging');
    expect(rawKey).toMatch(/^sk_staging_[A-Za-z0-9_-]{43}$/);
    expect(rawKey.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBe('sk_staging_'.length + 8);
    expect(generateApiKey('production').rawKey).toMatch(/^sk_production_/);
    expect(generateApiKey('staging').rawKey).not.toBe(rawKey);
  });

  it('parses the environment from the prefix and hashes the whole key', () => {
    const { rawKey, hash } = generateApiKey('production');
    const parsed = parseApiKey(rawKey)!;
    expect(parsed.environment).toBe('production');
    expect(parsed.hash.equals(hash)).toBe(true);
    expect(hashApiKey(rawKey).equals(hash)).toBe(true);
    expect(parsed.hash.toString('hex')).not.toContain(rawKey.slice(14));
  });

  it.each(['', 'sk_test_abc', 'sk_staging_short', 'pk_staging_' + 'a'.repeat(43), 'sk_staging_' + 'a'.repeat(42) + '!'])('rejects malformed key %j', (raw) => {
    expect(parseApiKey(raw)).toBeNull();
  });
});

describe('scopes', () => {
  it('parses lists and "all", rejecting unknown names', () => {
    expect(parseScopeList('all')).toEqual([...ALL_SCOPES]);
    expect(parseScopeList('screenings:read, identity:write')).toEqual(['screenings:read', 'identity:write']);
    expect(() => parseScopeList('screenings:read,nope')).toThrow(/nope/);
    expect(() => parseScopeList('')).toThrow();
  });

  it('workflows:write implies workflows:editor:read and nothing else implies more', () => {
    expect(keyHasScope(['workflows:write'], 'workflows:editor:read')).toBe(true);
    expect(keyHasScope(['workflows:read'], 'workflows:editor:read')).toBe(false);
    expect(keyHasScope(['screenings:read'], 'screenings:write')).toBe(false);
  });
});
