import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

export type EventCategory = 'change' | 'audit';
export type ActorType = 'api_key' | 'cli' | 'system' | 'client';

/**
 * The one event log: a row per state change of a resource (category `change`), written in the
 * transaction of the change, and per audit-only record (category `audit`: API requests, CLI
 * actions, reads of personal data). Consumers read it through their own cursors (event_consumers).
 * Payloads hold ids, statuses and codes, never personal data.
 */
export interface EventsTable {
  id: Generated<string>;
  sequence: Generated<string>;
  /** The writing transaction's id: readers only take rows of transactions that have finished. */
  tx_id: Generated<string>;
  environment: Environment;
  type: string;
  category: EventCategory;
  resource_type: string | null;
  resource_id: string | null;
  status: string | null;
  actor_type: ActorType;
  actor_id: string | null;
  actor_name: string | null;
  request_id: string | null;
  payload: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: ColumnType<Date, Date | undefined, never>;
}
export type EventRow = Selectable<EventsTable>;

/** A consumer's position in the event log. */
export interface EventConsumersTable {
  name: string;
  last_tx_id: ColumnType<string, string | undefined, string>;
  last_sequence: ColumnType<string, string | undefined, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
