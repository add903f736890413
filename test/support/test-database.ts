/**
 * One fresh, migrated database per test file, created on the test run's PostgreSQL and dropped
 * afterwards. Tests never share rows with each other.
 */
import { createScratchDatabase, type ScratchDatabase } from '../../infra/db/scratch-database.js';
import { testEnv } from '../setup/test-env.js';

export type TestDatabase = ScratchDatabase;

export function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  return createScratchDatabase(testEnv().databaseAdminUrl, { prefix: 'cw_test', applicationName: 'clearwatch-test', ...options });
}
