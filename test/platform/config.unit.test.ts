import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../infra/config/config.js';

const VALID = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
  TEMPORAL_ADDRESS: '127.0.0.1:7233',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY: 'minioadmin',
  S3_SECRET_KEY: 'minioadmin-secret',
  SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('configuration', () => {
  it('applies documented defaults', () => {
    const config = loadConfig(VALID);
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.TEMPORAL_NAMESPACE).toBe('default');
    expect(config.S3_BUCKET).toBe('clearwatch');
    expect(config.WORKFLOW_THREADS).toBe(1);
  });

  it('names every missing required variable', () => {
    try {
      loadConfig({});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const vars = (error as ConfigError).problems.map((p) => p.variable);
      expect(vars).toEqual(expect.arrayContaining(['DATABASE_URL', 'TEMPORAL_ADDRESS', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'SECRETS_ENCRYPTION_KEY']));
      expect((error as Error).message).toContain('DATABASE_URL: is required');
    }
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x/y'],
    ['TEMPORAL_ADDRESS', 'no-port'],
    ['S3_ENDPOINT', 'not a url'],
    ['S3_BUCKET', 'Bad_Bucket'],
    ['LOG_LEVEL', 'loud'],
    ['WORKFLOW_THREADS', '-1'],
    ['WORKFLOW_THREADS', '1.5'],
    ['WORKFLOW_THREADS', '17'],
  ])('rejects an invalid %s and names it', (variable, value) => {
    expect(() => loadConfig({ ...VALID, [variable]: value })).toThrow(new RegExp(`${variable}: `));
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ ...VALID, PORT: '' }).PORT).toBe(3000);
  });
});
