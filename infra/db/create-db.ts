/** Creates the Kysely instance over a pg pool. bigint/numeric come back as strings; timestamps as Date. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import { NamedStatementPool } from './named-statement-pool.js';

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();

/**
 * `namedStatements` (default true): statements are prepared once per connection (named-statement-pool.ts);
 * false runs every statement unnamed (benchmarks compare the two).
 */
export function createDb(connectionString: string, options: { poolSize?: number; applicationName?: string; namedStatements?: boolean } = {}): Db {
  const named = options.namedStatements !== false;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? 'clearwatch',
    // Prepared statements are planned with each run's values, as unnamed ones are: a generic plan
    // cannot match a partial unique index to ON CONFLICT ... WHERE col = $n (it fails from the sixth
    // run on) nor use a partial index for a constant passed as a value (named-statement-pool.ts).
    ...(named ? { options: '-c plan_cache_mode=force_custom_plan' } : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may one that is checked out between two queries (a transaction's client while a server
  // restart terminates every backend): pg-pool listens only while a client is idle, and an
  // 'error' event nobody listens to ends the process. The query in progress, or the next one,
  // fails instead; the pool drops the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: named ? new NamedStatementPool(pool) : pool }) });
  pools.set(db, pool);
  return db;
}

/** The pool under a Db made by createDb (for what Kysely does not do: LISTEN). */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('not a database made by createDb');
  return pool;
}
