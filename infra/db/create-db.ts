/** Creates the Kysely instance over a pg pool. bigint/numeric come back as strings; timestamps as Date. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';

export type Db = Kysely<Database>;

export function createDb(connectionString: string, options: { poolSize?: number; applicationName?: string } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'clearwatch',
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
