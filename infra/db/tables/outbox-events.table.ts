import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

/**
 * One row per state change of a resource, written in the same transaction as the change.
 * Webhook delivery and audit read it; `published_at` marks rows a publisher has handled.
 */
export interface OutboxEventsTable {
  id: Generated<string>;
  sequence: Generated<string>;
  environment: Environment;
  resource_type: string;
  resource_id: string;
  status: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: Generated<Date>;
  published_at: Date | null;
}
export type OutboxEventRow = Selectable<OutboxEventsTable>;
