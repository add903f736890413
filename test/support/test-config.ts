/**
 * Configuration and a silent logger for activities built inside tests: the run's Temporal and
 * object storage, plus whatever a test adds (bucket, registry URLs, list sources).
 */
import { randomBytes } from 'node:crypto';
import { loadConfig, type AppConfig } from '../../infra/config/config.js';
import { createSecretBox } from '../../infra/crypto/secret-box.js';
import { createLogger } from '../../infra/logger/logger.js';
import { testEnv } from '../setup/test-env.js';

export const silentLogger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** One key-encryption key per test process (what `npm start` keeps in .data/). */
export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

export function testConfig(extra: Record<string, string> = {}): AppConfig {
  const env = testEnv();
  return loadConfig({
    // Activities get their database handle injected; the URL only satisfies validation.
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    TEMPORAL_ADDRESS: env.temporalAddress,
    S3_ENDPOINT: env.s3.endpoint,
    S3_ACCESS_KEY: env.s3.accessKey,
    S3_SECRET_KEY: env.s3.secretKey,
    SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...extra,
  });
}

/** The secret box over the test key-encryption key (what API and worker share in a real stack). */
export const testSecrets = createSecretBox(TEST_ENCRYPTION_KEY);
