import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;
type Stamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** Identity sessions: one verification run for an account. Timestamps fill as the status moves. */
export interface SessionsTable {
  id: Generated<string>;
  environment: Environment;
  account_id: string | null;
  status: ColumnType<string, string | undefined, string>;
  creator_type: ColumnType<string, string | undefined, string>;
  creator_id: string | null;
  entity_type: 'person' | 'business';
  person: Json;
  business: Json;
  identity_numbers: Json;
  contact: Json;
  address: Json;
  behavior_analysis: Json;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  started_at: Stamp;
  expires_at: Stamp;
  completed_at: Stamp;
  failed_at: Stamp;
  marked_for_review_at: Stamp;
  decisioned_at: Stamp;
  expired_at: Stamp;
  redacted_at: Stamp;
}
export type SessionRow = Selectable<SessionsTable>;
