import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** A customer's webhook endpoint: which resource type and statuses, where, and its encrypted secret. */
export interface WebhookConfigsTable {
  id: Generated<string>;
  environment: Environment;
  resource_type: string;
  url: string;
  subscribed_statuses: string[];
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  secret_ciphertext: string;
  secret_prefix: string;
  /** The secret replaced by a rotation, still signing until previous_secret_expires_at. */
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Timestamp;
  /** Start of the current run of failed attempts (null after any success). */
  failing_since: Timestamp;
  deactivated_at: Timestamp;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: Timestamp;
}
export type WebhookConfigRow = Selectable<WebhookConfigsTable>;

export type EndpointType = 'webhook_config' | 'audit_stream';
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One message owed to one endpoint (an event to a webhook config, an audit event to a stream). */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  environment: Environment;
  endpoint_type: EndpointType;
  endpoint_id: string;
  message_id: string;
  message_type: string;
  payload: ColumnType<Record<string, unknown>, string, never>;
  trigger: 'event' | 'resend';
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  completed_at: Timestamp;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface WebhookDeliveryAttemptsTable {
  id: Generated<string>;
  environment: Environment;
  delivery_id: string;
  endpoint_id: string;
  attempt: number;
  attempted_at: Date;
  succeeded: boolean;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  next_attempt_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type WebhookDeliveryAttemptRow = Selectable<WebhookDeliveryAttemptsTable>;
