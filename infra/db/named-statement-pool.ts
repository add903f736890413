/**
 * The pool Kysely writes through (createDb): pg's Pool, with the statements prepared once per
 * connection (named) instead of parsed and planned on every run.
 *
 * Why: the writes of the screening path (a record and its event in one statement, the results and
 * their events, the relay's cursor steps) are short statements whose parsing and planning cost
 * PostgreSQL about as much as running them; on two shared cores that CPU is throughput. pg prepares a
 * named statement the first time a connection runs it and afterwards only binds and executes it.
 *
 * Plans: createDb sets plan_cache_mode=force_custom_plan on these connections, so a prepared
 * statement is still planned with each run's values, exactly as an unnamed one — only its parse and
 * analysis are kept. A generic plan (PostgreSQL's choice from the sixth run in the default mode)
 * would change behaviour: it cannot match a partial unique index to ON CONFLICT (...) WHERE col = $n
 * (error 42P10 on every run from the sixth: insertDeliveries' trigger = 'event' is one), and it
 * cannot use a partial index for a constant passed as a value (monitor = $n). Keeping the plans
 * halves the saving and keeps every query's plan as it was.
 *
 * Bounds: only statements of one to MAX_NAMED_PARAMETERS values get names — bulk inserts and long
 * `in (...)` lists, whose text changes with their size, run unnamed, and so do statements without
 * values, which pg sends in the simple protocol (a migration's text may hold several statements,
 * which a prepared statement cannot); a text is named the second time it is run (one-off texts do
 * not take the places), and at most MAX_NAMED_STATEMENTS texts are, so a backend holds a bounded
 * number of prepared statements. A statement whose cached plan a schema change made
 * PostgreSQL refuse ("cached plan must not change result type") loses its name and is named afresh
 * from its next runs; outside a transaction it is run again at once (unnamed), inside one the error
 * is the transaction's (the caller's retry runs with a new plan).
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Statement texts that get names. */
export const MAX_NAMED_STATEMENTS = 200;
/** Statements with more values than this run unnamed (their text varies with the data's size). */
export const MAX_NAMED_PARAMETERS = 32;
/** Texts counted while waiting for their second run (cleared whole when full). */
const MAX_SEEN_ONCE = 2_000;
/** PostgreSQL's answer when a prepared statement's result type changed under it (schema change). */
const CACHED_PLAN_CHANGED = '0A000';
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
/** The end of a transaction (not `rollback to savepoint`, not the two-phase `... prepared`). */
const END = /^\s*(?:(?:commit|end|abort)\b(?!\s+prepared)|rollback\b(?!\s+(?:to|prepared)\b))/i;

/** Whether an error is PostgreSQL refusing a cached plan whose result type changed (0A000 covers more). */
function cachedPlanChanged(error: unknown): boolean {
  const e = error as { code?: unknown; routine?: unknown; message?: unknown };
  return e.code === CACHED_PLAN_CHANGED && (e.routine === 'RevalidateCachedQuery' || /cached plan must not change result type/.test(String(e.message)));
}

export class NamedStatementPool implements PostgresPool {
  readonly #pool: pg.Pool;
  /** Statement text → name (one name per text, never reused for another text). */
  readonly #names = new Map<string, string>();
  /** Texts run once and not named yet. */
  readonly #seenOnce = new Set<string>();
  #serial = 0;
  /** Connections inside a transaction (a refused plan cannot be retried there). */
  readonly #inTransaction = new WeakSet<pg.PoolClient>();

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  /** Kysely reads it to open a control connection for cancellations. */
  get options(): pg.PoolConfig {
    return this.#pool.options;
  }

  /** How many statement texts have names (tests). */
  get namedStatements(): number {
    return this.#names.size;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.#pool.connect();
    const query = (text: unknown, values?: unknown[]) => {
      // Cursors (Kysely's stream) and config objects pass through as they are.
      if (typeof text !== 'string') return (client.query as (q: unknown) => unknown)(text);
      return this.#query(client, text, values);
    };
    return {
      query: query as unknown as PostgresPoolClient['query'],
      // Kysely passes an error to drop a connection it cannot trust (a failed rollback).
      release: (err?: Error | boolean) => {
        this.#inTransaction.delete(client);
        client.release(err as Error | boolean | undefined);
      },
    };
  }

  async end(): Promise<void> {
    await this.#pool.end();
  }

  async #query(client: pg.PoolClient, text: string, values?: unknown[]): Promise<pg.QueryResult> {
    // Transaction control carries no values (and parameterised statements, the hot ones, skip the tests).
    if (!values?.length) {
      if (BEGIN.test(text)) this.#inTransaction.add(client);
      else if (END.test(text)) this.#inTransaction.delete(client);
    }
    const name = this.#nameOf(text, values);
    if (name === undefined) return client.query(text, values);
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!cachedPlanChanged(error)) throw error;
      if (this.#names.get(text) === name) this.#names.delete(text);
      if (this.#inTransaction.has(client)) throw error;
      // Run again unnamed; the text gets a new name from its runs after this one (#nameOf).
      return client.query(text, values);
    }
  }

  #nameOf(text: string, values?: unknown[]): string | undefined {
    const count = values?.length ?? 0;
    if (count === 0 || count > MAX_NAMED_PARAMETERS) return undefined;
    let name = this.#names.get(text);
    if (name !== undefined || this.#names.size >= MAX_NAMED_STATEMENTS) return name;
    if (!this.#seenOnce.has(text)) {
      if (this.#seenOnce.size >= MAX_SEEN_ONCE) this.#seenOnce.clear();
      this.#seenOnce.add(text);
      return undefined;
    }
    this.#seenOnce.delete(text);
    name = `cw_${++this.#serial}`;
    this.#names.set(text, name);
    return name;
  }
}
