/**
 * A fresh, migrated database created next to an existing one and dropped afterwards: one per test
 * file, one per benchmark run. Needs a URL of a role that may create databases.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from './create-db.js';
import { migrateToLatest } from './migrator.js';

export interface ScratchDatabase {
  db: Db;
  url: string;
  name: string;
  destroy(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(
  adminUrl: string,
  options: { prefix?: string; migrate?: boolean; poolSize?: number; applicationName?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${options.prefix ?? 'cw_scratch'}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { poolSize: options.poolSize ?? 5, applicationName: options.applicationName ?? 'clearwatch-scratch' });
  if (options.migrate ?? true) await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    name,
    async destroy() {
      await db.destroy();
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
