import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

/** Stored responses of creating POSTs, replayed for 24 hours to a retry with the same Idempotency-Key. */
export interface IdempotencyKeysTable {
  environment: Environment;
  idempotency_key: string;
  request_hash: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  /** Headers of the stored answer that a replay repeats (Location). */
  response_headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  locked_until: Date;
}
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
