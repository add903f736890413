/**
 * The pipelined read Db (infra/db/pipelined-read-db.ts) on real PostgreSQL: the reads of one
 * event-loop turn leave in one write on one connection and each gets its own answer; an error
 * stays with its statement; transactions and session statements are refused; statements are
 * prepared once per connection and survive a schema change; a terminated backend is replaced.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelinedReadPool, createPipelinedReadDb } from '../../infra/db/pipelined-read-db.js';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import type { Db } from '../../infra/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

let tdb: TestDatabase;
let pool: PipelinedReadPool;
let reads: Db;

beforeAll(async () => {
  tdb = await createTestDatabase({ migrate: false });
  pool = new PipelinedReadPool({ connectionString: tdb.url, connections: 2 });
  reads = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
});
afterAll(async () => {
  await reads?.destroy();
  await tdb?.destroy();
});

const backendPid = async (db: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('pipelined read Db', () => {
  it('sends the reads of one turn in one write on one connection, each with its own answer', async () => {
    await backendPid(reads); // connections open
    await nextTurn();
    const before = pool.writes;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sql<{ n: number; pid: number }>`select ${i}::int as n, pg_backend_pid() as pid`.execute(reads)),
    );
    expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(answers.map((a) => a.rows[0]!.pid)).size).toBe(1);
    expect(pool.writes - before).toBe(1);
  });

  it('an error fails only its own statement; the others of the same write are answered', async () => {
    const results = await Promise.allSettled([
      sql<{ n: number }>`select 1::int as n`.execute(reads),
      sql<{ n: number }>`select 1 / ${0}::int as n`.execute(reads),
      sql<{ n: number }>`select 3::int as n`.execute(reads),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toMatch(/division by zero/);
    expect((results[2] as PromiseFulfilledResult<{ rows: { n: number }[] }>).value.rows).toEqual([{ n: 3 }]);
    // The connection is still good.
    expect((await sql<{ n: number }>`select 4::int as n`.execute(reads)).rows).toEqual([{ n: 4 }]);
  });

  it('refuses transactions and session statements (the connections are shared)', async () => {
    await expect(reads.transaction().execute(async (trx) => sql`select 1`.execute(trx))).rejects.toThrow(/does not run session or transaction statements/);
    await expect(sql`set statement_timeout = 1`.execute(reads)).rejects.toThrow(/does not run session or transaction statements/);
    await expect(sql`  LISTEN anything`.execute(reads)).rejects.toThrow(/does not run session or transaction statements/);
    // Nothing leaked into the session: the setting is untouched and each read is its own transaction.
    expect((await sql<{ timeout: string }>`select current_setting('statement_timeout') as timeout`.execute(reads)).rows[0]!.timeout).toBe('0');
    const xact = async () => (await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(reads)).rows[0]!.id;
    expect(await xact()).not.toBe(await xact());
  });

  it('prepares a statement once per connection and runs it again after a schema change', async () => {
    const admin = new pg.Client({ connectionString: tdb.url });
    await admin.connect();
    try {
      await admin.query('create table pipelined_probe (a int)');
      await admin.query('insert into pipelined_probe values (1)');
      const read = () => sql<Record<string, number>>`select * from pipelined_probe`.execute(reads);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like '%pipelined_probe%'`.execute(reads);
      expect(prepared.rows.length).toBeGreaterThanOrEqual(1);
      // The result type of the prepared `select *` changes: PostgreSQL refuses the cached plan once.
      await admin.query('alter table pipelined_probe add column b int default 2');
      const both = await Promise.all([read(), read()]);
      for (const r of both) expect(r.rows).toEqual([{ a: 1, b: 2 }]);
    } finally {
      await admin.end();
    }
  });

  it('replaces a connection whose backend was terminated', async () => {
    const db = createPipelinedReadDb(tdb.url, { connections: 1 });
    const admin = new pg.Client({ connectionString: tdb.url });
    await admin.connect();
    try {
      const first = await backendPid(db);
      await admin.query('select pg_terminate_backend($1)', [first]);
      // The next reads fail at most until the loss is noticed, then run on a new backend.
      let second: number | undefined;
      for (let attempt = 0; attempt < 50 && second === undefined; attempt++) {
        second = await backendPid(db).catch(() => undefined);
        if (second === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
    } finally {
      await admin.end();
      await db.destroy();
    }
  });

  it('fails reads when the server cannot be reached, and refuses them after the end', async () => {
    const db = createPipelinedReadDb('postgres://nobody@127.0.0.1:1/none', { connections: 1 });
    await expect(sql`select 1`.execute(db)).rejects.toThrow();
    await db.destroy();
    await expect(sql`select 1`.execute(db)).rejects.toThrow();
  });
});
