/**
 * A Kysely instance for the API's hot read paths (lists and fetches) over a few PostgreSQL
 * connections in pipeline mode (pg's `pipeline: true`): the single-statement reads that request
 * handlers issue during one turn of the event loop go to one connection and leave in one write,
 * each with its own Sync, so PostgreSQL runs them one after the other as separate implicit
 * transactions (an error in one does not touch the others) and answers them in order.
 *
 * Why: on two shared cores the API's largest cost was system calls — every query was one `writev`
 * that also woke a backend — and a list request is one query. Sending the queries of a turn
 * together costs one write and one wake-up for all of them.
 *
 * The statements are also prepared (named, once per connection): planning a list query on a table
 * with ten indexes cost PostgreSQL about four times what running it did. A bounded number of
 * statement texts get names (the routes' query shapes); others run unnamed. A statement whose
 * cached plan a schema change invalidated in a way PostgreSQL refuses to re-plan ("cached plan
 * must not change result type") is run again once under a new name.
 *
 * What it is not for: transactions, session state and cursors. The connections are shared by
 * every request at once, so `begin`/`commit`/`set`/`listen`… are refused here (use the pool's
 * Db), as is streaming (pg refuses portals in pipeline mode). A connection answers in order, so a
 * slow statement delays those written behind it on the same connection; each turn's reads go to
 * the connection with fewer unanswered ones. Reads see every write committed
 * before they were issued: each statement takes its snapshot when PostgreSQL runs it, which is
 * after the request that issued it arrived — no result is shared between requests.
 */
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './database.js';
import type { Db } from './create-db.js';

/** Statement texts that get names (each connection prepares each at most once). */
const MAX_NAMED_STATEMENTS = 500;
/** PostgreSQL's answer when a prepared statement's result type changed under it (schema change). */
const CACHED_PLAN_CHANGED = '0A000';

/** Statements that would change a shared connection's session (or open a transaction on it). */
const SESSION_STATEMENT = /^\s*(begin|start\s+transaction|commit|end|rollback|abort|savepoint|release|prepare|set|reset|listen|unlisten|lock|declare|discard)\b/i;

interface Lane {
  client: pg.Client;
  /** Queries sent or queued on this connection and not yet answered. */
  inFlight: number;
  broken: boolean;
}

export interface PipelinedReadPoolOptions {
  connectionString: string;
  /** Connections (default 2): one turn's queries go to the least busy. */
  connections?: number;
  applicationName?: string;
}

/** The pool Kysely's PostgresDialect sees: `connect()` hands out a shared, pipelined connection. */
export class PipelinedReadPool implements PostgresPool {
  readonly #options: Required<PipelinedReadPoolOptions>;
  readonly #lanes: (Lane | undefined)[];
  /** The connection this turn of the event loop writes to (corked until the turn ends). */
  #current: Lane | undefined;
  #ended = false;
  /** Statement text → name. */
  readonly #names = new Map<string, string>();
  #nameSerial = 0;
  /** Kysely reads it only to open a control connection for cancellations, which these reads never ask for. */
  readonly options: object = {};
  /** Writes made to the connections' sockets (tests: the batching is observable). */
  writes = 0;

  constructor(options: PipelinedReadPoolOptions) {
    this.#options = { connections: 2, applicationName: 'clearwatch', ...options };
    this.#lanes = new Array<Lane | undefined>(this.#options.connections).fill(undefined);
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('the pipelined read pool has ended');
    return {
      query: ((text: string, values?: unknown[]) => this.#query(text, values)) as unknown as PostgresPoolClient['query'],
      release: () => undefined,
    };
  }

  async end(): Promise<void> {
    this.#ended = true;
    const lanes = this.#lanes.splice(0).filter((lane): lane is Lane => lane !== undefined);
    await Promise.allSettled(lanes.map((lane) => lane.client.end()));
  }

  #query(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    if (typeof text !== 'string') return Promise.reject(new Error('the pipelined read pool runs plain statements only (no cursors)'));
    if (SESSION_STATEMENT.test(text)) {
      return Promise.reject(new Error(`the pipelined read pool does not run session or transaction statements (${text.trim().split(/\s+/)[0]}); use the pooled Db`));
    }
    if (this.#ended) return Promise.reject(new Error('the pipelined read pool has ended'));
    return this.#send(text, values).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== CACHED_PLAN_CHANGED || !this.#names.has(text)) throw error;
      this.#names.delete(text);
      return this.#send(text, values);
    });
  }

  #send(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    const lane = this.#laneForThisTurn();
    lane.inFlight++;
    const done = () => {
      lane.inFlight--;
    };
    const name = this.#nameOf(text);
    const result = name === undefined ? lane.client.query(text, values) : lane.client.query({ name, text, values });
    result.then(done, done);
    return result;
  }

  #nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < MAX_NAMED_STATEMENTS) {
      name = `cw_read_${++this.#nameSerial}`;
      this.#names.set(text, name);
    }
    return name;
  }

  /** The least busy healthy connection, kept (and corked) for the rest of this turn. */
  #laneForThisTurn(): Lane {
    if (this.#current && !this.#current.broken) return this.#current;
    let best: Lane | undefined;
    for (let i = 0; i < this.#lanes.length; i++) {
      let lane = this.#lanes[i];
      if (!lane || lane.broken) lane = this.#lanes[i] = this.#open();
      if (!best || lane.inFlight < best.inFlight) best = lane;
    }
    const lane = best!;
    this.#current = lane;
    const stream = (lane.client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    stream.cork();
    setImmediate(() => {
      if (this.#current === lane) this.#current = undefined;
      stream.uncork();
    });
    return lane;
  }

  #open(): Lane {
    const client = new pg.Client({ connectionString: this.#options.connectionString, application_name: this.#options.applicationName, pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client, inFlight: 0, broken: false };
    // Count the socket writes (after corking: one per turn, however many queries it carried).
    const socket = (client as unknown as { connection: { stream: Record<'_write' | '_writev', ((...args: never[]) => unknown) | undefined> } }).connection.stream;
    for (const method of ['_write', '_writev'] as const) {
      const original = socket[method];
      if (original) {
        socket[method] = (...args: never[]) => {
          this.writes++;
          return original.apply(socket, args);
        };
      }
    }
    // A dead connection (server restart, terminated backend) fails the queries on it and is
    // replaced on the next turn; its 'error' must not end the process.
    const retire = () => {
      lane.broken = true;
      if (this.#current === lane) this.#current = undefined;
    };
    client.on('error', retire);
    client.on('end', retire);
    client.connect().catch(retire);
    return lane;
  }
}

/** Kysely over a PipelinedReadPool: for the API's single-statement reads only (see above). */
export function createPipelinedReadDb(connectionString: string, options: Omit<PipelinedReadPoolOptions, 'connectionString'> = {}): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PipelinedReadPool({ connectionString, ...options }) }) });
}
