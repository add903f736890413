/** What every repository function takes: the database, or a transaction the caller holds. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './database.js';

export type Executor = Kysely<Database> | Transaction<Database>;
export type Trx = Transaction<Database>;

/** Runs `fn` in the caller's transaction when given one, else in a new transaction. */
export function inTransaction<T>(db: Executor, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Trx) : db.transaction().execute(fn);
}
