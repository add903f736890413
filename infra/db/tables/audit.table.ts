import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type AuditSource = 'api' | 'cli' | 'system' | 'client';

/**
 * The audit log: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE), each row chained to
 * the previous row of its environment by `hash` = SHA-256 over its canonical form and `prev_hash`.
 * Rows hold ids, never personal data.
 */
export interface AuditEventsTable {
  id: Generated<string>;
  environment: Environment;
  /** Position in the environment's chain: 1, 2, 3, … without gaps. */
  sequence: ColumnType<string, string | number, never>;
  occurred_at: Date;
  recorded_at: Date;
  action: string;
  source: AuditSource;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  resource_type: string | null;
  resource_id: string | null;
  request_id: string | null;
  client_ip: string | null;
  user_agent: string | null;
  outcome_status: number | null;
  recorder_key_id: string | null;
  /** The event-log row this audit event was made from (at most one audit event per event). */
  event_id: string | null;
  metadata: ColumnType<Record<string, unknown>, string, never>;
  prev_hash: string;
  hash: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type AuditEventRow = Selectable<AuditEventsTable>;

export interface AuditChainHeadsTable {
  environment: Environment;
  last_sequence: ColumnType<string, string | number, string | number>;
  last_hash: string;
}

/** Where an environment's audit events are pushed: an https endpoint or an S3 bucket (NDJSON). */
export interface AuditStreamsTable {
  id: Generated<string>;
  environment: Environment;
  type: 'https' | 's3';
  action_prefix: string | null;
  url: string | null;
  secret_ciphertext: string | null;
  secret_prefix: string | null;
  bucket: string | null;
  prefix: string | null;
  s3_endpoint: string | null;
  s3_region: string | null;
  access_key_ciphertext: string | null;
  secret_key_ciphertext: string | null;
  /** The last audit sequence of the environment handed to this stream. */
  last_sequence: ColumnType<string, string | number | undefined, string | number>;
  failing_since: Timestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: Timestamp;
}
export type AuditStreamRow = Selectable<AuditStreamsTable>;
