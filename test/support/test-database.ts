/**
 * One fresh, migrated database per test file, created on the test run's PostgreSQL and dropped
 * afterwards. Tests never share rows with each other.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../infra/db/create-db.js';
import { migrateToLatest } from '../../infra/db/migrator.js';
import { testEnv } from '../setup/test-env.js';

export interface TestDatabase {
  db: Db;
  url: string;
  name: string;
  destroy(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testEnv().databaseAdminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `cw_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(testEnv().databaseAdminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { poolSize: 5, applicationName: 'clearwatch-test' });
  if (options.migrate ?? true) await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    name,
    async destroy() {
      await db.destroy();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
