/** Rows to the resources the webhook routes answer with (the secret never, only its prefix). */
import type { WebhookConfigRow, WebhookDeliveryAttemptRow } from '../../infra/db/tables/webhooks.table.js';

export function toWebhookConfigResource(row: WebhookConfigRow) {
  return {
    type: 'webhook_config' as const,
    id: row.id,
    attributes: {
      resource_type: row.resource_type,
      url: row.url,
      subscribed_statuses: row.subscribed_statuses,
      secret_prefix: row.secret_prefix,
      is_active: row.is_active,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
  };
}

export function toDeliveryAttemptResource(row: WebhookDeliveryAttemptRow & { message_id: string; message_type: string; trigger: string }) {
  return {
    type: 'webhook_delivery_attempt' as const,
    id: row.id,
    attributes: {
      event_id: row.message_id,
      event_type: row.message_type,
      trigger: row.trigger as 'event' | 'resend',
      attempt: row.attempt,
      attempted_at: row.attempted_at.toISOString(),
      succeeded: row.succeeded,
      status_code: row.status_code,
      latency_ms: row.latency_ms,
      error: row.error,
      next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    },
  };
}

export const webhookPath = (id: string) => `/v1/webhooks/${id}`;
