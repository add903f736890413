/**
 * The pool Kysely writes through (infra/db/named-statement-pool.ts) on real PostgreSQL: a statement
 * is prepared once per connection from its second run and run by name afterwards; bulk statements,
 * value-less ones and texts past the bound run unnamed; a schema change that makes PostgreSQL refuse
 * a cached plan is survived outside a transaction and fails only that transaction inside one;
 * transactions stay atomic; a connection released with an error is dropped; and through createDb the
 * statements keep custom plans, so ON CONFLICT on a partial unique index whose predicate is a value
 * keeps working past the sixth run (a generic plan fails there).
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../infra/db/database.js';
import { createDb } from '../../infra/db/create-db.js';
import { MAX_NAMED_PARAMETERS, MAX_NAMED_STATEMENTS, NamedStatementPool } from '../../infra/db/named-statement-pool.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

let tdb: TestDatabase;
let raw: pg.Pool;
let pool: NamedStatementPool;
let db: Kysely<Database>;

/**
 * A pool of one connection that ignores errors on idle connections, as createDb's does: pool.end()
 * resolves before its connections have closed, and the database dropped right after it terminates a
 * backend still closing; without a listener the pool re-emits that error and the process fails.
 */
function rawPool(url: string): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max: 1 });
  created.on('error', () => {});
  return created;
}

beforeAll(async () => {
  tdb = await createTestDatabase({ migrate: false });
  raw = rawPool(tdb.url);
  pool = new NamedStatementPool(raw);
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`create table named_probe (id int primary key, a int not null)`.execute(db);
});
afterAll(async () => {
  await db?.destroy();
  await tdb?.destroy();
});

/** The statements this session (the pool's one connection) has prepared. */
const prepared = async () =>
  (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements order by name`.execute(db)).rows;

describe('named statement pool', () => {
  it('prepares a statement once per connection and runs it by name afterwards', async () => {
    for (let i = 0; i < 5; i++) await sql`insert into named_probe (id, a) values (${i}, ${i * 10})`.execute(db);
    const rows = await prepared();
    const insert = rows.filter((r) => r.statement.startsWith('insert into named_probe'));
    expect(insert).toHaveLength(1);
    expect(insert[0]!.name).toMatch(/^cw_\d+$/);
    expect((await sql<{ n: string }>`select count(*) as n from named_probe`.execute(db)).rows[0]!.n).toBe('5');
  });

  it('runs statements without values unnamed (the simple protocol: several statements in one text)', async () => {
    const before = pool.namedStatements;
    await sql.raw('update named_probe set a = a where id = 0; update named_probe set a = a where id = 1').execute(db);
    expect(pool.namedStatements).toBe(before);
  });

  it('runs statements with many values unnamed (their text changes with the data)', async () => {
    const before = pool.namedStatements;
    const values = Array.from({ length: MAX_NAMED_PARAMETERS + 1 }, (_, i) => i);
    const result = await sql<{ total: number }>`select (${sql.join(values.map((v) => sql`${v}::int`), sql` + `)}) as total`.execute(db);
    expect(result.rows).toEqual([{ total: (MAX_NAMED_PARAMETERS * (MAX_NAMED_PARAMETERS + 1)) / 2 }]);
    expect(pool.namedStatements).toBe(before);
  });

  it('survives a schema change that refuses a cached plan, outside a transaction', async () => {
    const read = () => sql<Record<string, number>>`select * from named_probe where id = ${1}`.execute(db);
    await read(); // the second run prepares it
    expect((await read()).rows).toEqual([{ id: 1, a: 10 }]);
    expect((await prepared()).some((r) => r.statement.startsWith('select * from named_probe where id'))).toBe(true);
    await sql`alter table named_probe add column b int default 7`.execute(db);
    // PostgreSQL refuses the cached plan ("cached plan must not change result type"); run again under a new name.
    expect((await read()).rows).toEqual([{ id: 1, a: 10, b: 7 }]);
    expect((await read()).rows).toEqual([{ id: 1, a: 10, b: 7 }]);
  });

  it('inside a transaction the refusal fails that transaction only; the retry runs under a new name', async () => {
    const read = (e: Kysely<Database>) => sql<Record<string, number>>`select * from named_probe where id = ${2}`.execute(e);
    await read(db);
    await read(db);
    await sql`alter table named_probe add column c int default 9`.execute(db);
    await expect(db.transaction().execute(async (trx) => read(trx))).rejects.toMatchObject({ code: '0A000' });
    const again = await db.transaction().execute(async (trx) => read(trx));
    expect(again.rows).toEqual([{ id: 2, a: 20, b: 7, c: 9 }]);
  });

  it('keeps transactions atomic', async () => {
    await expect(db.transaction().execute(async (trx) => {
      await sql`insert into named_probe (id, a) values (${100}, ${1})`.execute(trx);
      await sql`insert into named_probe (id, a) values (${100}, ${2})`.execute(trx);
    })).rejects.toThrow(/duplicate key/);
    expect((await sql<{ n: string }>`select count(*) as n from named_probe where id = ${100}`.execute(db)).rows[0]!.n).toBe('0');
  });

  it('names at most MAX_NAMED_STATEMENTS texts; the rest run unnamed and still answer', async () => {
    for (let i = 0; pool.namedStatements < MAX_NAMED_STATEMENTS; i++) {
      // A text is named on its second run.
      for (let run = 0; run < 2; run++) await sql`select ${i}::int as ${sql.raw(`n_${i}`)}`.execute(db);
    }
    const extra = await sql<{ n: number }>`select ${41}::int + 1 as extra`.execute(db);
    expect(extra.rows).toEqual([{ extra: 42 }]);
    expect(pool.namedStatements).toBe(MAX_NAMED_STATEMENTS);
  });

  it('drops a connection released with an error (Kysely does so after a failed rollback)', async () => {
    const first = await pool.connect();
    const pid = async (c: Awaited<ReturnType<NamedStatementPool['connect']>>) =>
      ((await c.query('select pg_backend_pid() as pid', [])) as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
    const before = await pid(first);
    first.release(new Error('unusable') as never);
    const second = await pool.connect();
    try {
      expect(await pid(second)).not.toBe(before);
    } finally {
      second.release();
    }
  });
});

describe('createDb keeps custom plans for prepared statements', () => {
  const upsert = (e: Kysely<Database>, id: number) =>
    sql`insert into partial_probe (k, kind) values (${id % 3}, ${'event'}) on conflict (k) where kind = ${'event'} do nothing`.execute(e);

  it('runs ON CONFLICT on a partial unique index with a value in its predicate past the sixth run', async () => {
    const named = createDb(tdb.url, { poolSize: 1 });
    try {
      await sql`create table partial_probe (k int not null, kind text not null)`.execute(named);
      await sql`create unique index partial_probe_event on partial_probe (k) where kind = 'event'`.execute(named);
      for (let i = 0; i < 10; i++) await upsert(named, i);
      expect((await sql<{ n: string }>`select count(*) as n from partial_probe`.execute(named)).rows[0]!.n).toBe('3');
      const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(named);
      expect(mode.rows[0]!.plan_cache_mode).toBe('force_custom_plan');
    } finally {
      await named.destroy();
    }
  });

  it('(why: with generic plans the same statement fails from the sixth run on)', async () => {
    const generic = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new NamedStatementPool(rawPool(tdb.url)) }) });
    try {
      const outcomes: string[] = [];
      for (let i = 0; i < 8; i++) outcomes.push(await upsert(generic, i).then(() => 'ok', (e: { code?: string }) => e.code ?? 'error'));
      expect(outcomes.slice(0, 5)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
      expect(outcomes.slice(6)).toEqual(['42P10', '42P10']);
    } finally {
      await generic.destroy();
    }
  });
});
