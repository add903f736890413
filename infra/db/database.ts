/**
 * The typed schema of the whole database: one table type per file under tables/.
 * A feature adds its table file and one line here.
 */
import type { ApiKeysTable } from './tables/api-keys.table.js';
import type { IdempotencyKeysTable } from './tables/idempotency-keys.table.js';
import type { OutboxEventsTable } from './tables/outbox-events.table.js';
import type { RateLimitBucketsTable } from './tables/rate-limit-buckets.table.js';

export interface Database {
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_buckets: RateLimitBucketsTable;
  outbox_events: OutboxEventsTable;
}

/**
 * Tables that hold environment-scoped customer data, in deletion order (children first).
 * `staging reset` deletes the staging rows of each.
 */
export const RESOURCE_TABLES: readonly (keyof Database)[] = ['outbox_events', 'idempotency_keys'];
