/**
 * What the delivery engine needs of an endpoint — its URL and the secrets that sign for it (the
 * current one, and during a rotation the previous one until it expires) — or why it no longer
 * receives (deleted, deactivated). Endpoints are webhook configs and https audit streams.
 */
import type { SecretBox } from '../../../infra/crypto/secret-box.js';
import { findAuditStreamById } from '../../../infra/db/repositories/audit-streams.repository.js';
import { findWebhookConfigById } from '../../../infra/db/repositories/webhooks.repository.js';
import type { Executor } from '../../../infra/db/executor.js';
import type { EndpointType } from '../../../infra/db/tables/webhooks.table.js';
import { streamSecretContext, webhookSecretContext } from '../webhook-secret.model.js';

export type DeliveryEndpoint =
  | { state: 'active'; url: string; secrets: string[]; failingSince: Date | null }
  | { state: 'gone'; reason: string };

export async function resolveDeliveryEndpoint(db: Executor, secrets: SecretBox, type: EndpointType, id: string, now: Date): Promise<DeliveryEndpoint> {
  if (type === 'webhook_config') {
    const config = await findWebhookConfigById(db, id);
    if (!config || config.deleted_at) return { state: 'gone', reason: 'the webhook config was deleted' };
    if (!config.is_active) return { state: 'gone', reason: 'the webhook config is not active' };
    const context = webhookSecretContext(id);
    const keys = [secrets.openText(config.secret_ciphertext, context)];
    if (config.previous_secret_ciphertext && config.previous_secret_expires_at && config.previous_secret_expires_at.getTime() > now.getTime()) {
      keys.push(secrets.openText(config.previous_secret_ciphertext, context));
    }
    return { state: 'active', url: config.url, secrets: keys, failingSince: config.failing_since };
  }
  const stream = await findAuditStreamById(db, id);
  if (!stream || stream.deleted_at) return { state: 'gone', reason: 'the audit stream was deleted' };
  if (!stream.is_active || stream.type !== 'https' || !stream.url || !stream.secret_ciphertext) return { state: 'gone', reason: 'the audit stream is not active' };
  return { state: 'active', url: stream.url, secrets: [secrets.openText(stream.secret_ciphertext, streamSecretContext(id))], failingSince: stream.failing_since };
}
