/**
 * Every state change of a webhook configuration, each in one transaction with its event: created
 * (the secret made here, sealed at rest, shown once), updated (attributes, or the secret rotated:
 * the old one keeps signing for 24 hours), deleted (nothing more is delivered), deactivated by
 * the delivery engine after 5 days of failures. Reactivating (is_active: true) starts a clean
 * failure record.
 */
import {
  failPendingDeliveries,
  findWebhookConfig,
  findWebhookConfigById,
  insertWebhookConfig,
  updateWebhookConfig,
} from '../../infra/db/repositories/webhooks.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { WebhookConfigRow } from '../../infra/db/tables/webhooks.table.js';
import type { SecretBox } from '../../infra/crypto/secret-box.js';
import { notFoundError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import { recordEvent } from '../events/record-event.js';
import { generateWebhookSecret, maskSecret, webhookSecretContext as secretContext } from './webhook-secret.model.js';

/** How long a rotated-out secret keeps signing. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

async function recordConfigEvent(trx: Trx, actor: Actor, row: WebhookConfigRow, event: 'created' | 'updated' | 'deleted' | 'deactivated', changed: string[] = []): Promise<void> {
  await recordEvent(trx, actor, {
    type: `webhook_config.${event}`,
    environment: row.environment,
    resourceId: row.id,
    payload: { resource_type: row.resource_type, subscribed_statuses: row.subscribed_statuses, is_active: row.is_active, changed },
  });
}

export interface NewWebhookConfig {
  id: string;
  environment: Environment;
  resourceType: string;
  url: string;
  subscribedStatuses: string[];
  isActive: boolean;
  at: Date;
}

/** Creates the config with a new secret; the secret is returned this once. */
export async function createWebhookConfig(db: Executor, actor: Actor, secrets: SecretBox, config: NewWebhookConfig): Promise<{ row: WebhookConfigRow; secret: string }> {
  const secret = generateWebhookSecret();
  const row = await inTransaction(db, async (trx) => {
    const inserted = await insertWebhookConfig(trx, {
      id: config.id,
      environment: config.environment,
      resource_type: config.resourceType,
      url: config.url,
      subscribed_statuses: config.subscribedStatuses,
      is_active: config.isActive,
      secret_ciphertext: secrets.seal(secret, secretContext(config.id)),
      secret_prefix: maskSecret(secret),
      created_at: config.at,
      updated_at: config.at,
    });
    await recordConfigEvent(trx, actor, inserted, 'created');
    return inserted;
  });
  return { row, secret };
}

export interface WebhookConfigUpdate {
  environment: Environment;
  id: string;
  at: Date;
  resourceType?: string | undefined;
  url?: string | undefined;
  subscribedStatuses?: string[] | undefined;
  isActive?: boolean | undefined;
  rotateSecret?: boolean | undefined;
  /** Checks the merged subscription (resource type with statuses) before anything is stored. */
  check(merged: { resourceType: string; subscribedStatuses: string[]; url: string }): void;
}

/** Changes the attributes given; with rotateSecret, returns the new secret (this once). */
export async function updateWebhookConfigAttributes(db: Executor, actor: Actor, secrets: SecretBox, update: WebhookConfigUpdate): Promise<{ row: WebhookConfigRow; secret: string | null }> {
  return inTransaction(db, async (trx) => {
    const row = await findWebhookConfig(trx, update.environment, update.id, { forUpdate: true });
    if (!row) throw notFoundError('Webhook config', update.id);
    const merged = {
      resourceType: update.resourceType ?? row.resource_type,
      subscribedStatuses: update.subscribedStatuses ?? row.subscribed_statuses,
      url: update.url ?? row.url,
    };
    update.check(merged);
    const changes: Record<string, unknown> = {};
    if (update.resourceType !== undefined && update.resourceType !== row.resource_type) changes.resource_type = update.resourceType;
    if (update.url !== undefined && update.url !== row.url) changes.url = update.url;
    if (update.subscribedStatuses !== undefined) changes.subscribed_statuses = update.subscribedStatuses;
    if (update.isActive !== undefined && update.isActive !== row.is_active) {
      changes.is_active = update.isActive;
      if (update.isActive) Object.assign(changes, { failing_since: null, deactivated_at: null });
    }
    let secret: string | null = null;
    if (update.rotateSecret) {
      secret = generateWebhookSecret();
      Object.assign(changes, {
        secret_ciphertext: secrets.seal(secret, secretContext(row.id)),
        secret_prefix: maskSecret(secret),
        previous_secret_ciphertext: row.secret_ciphertext,
        previous_secret_expires_at: new Date(update.at.getTime() + ROTATION_OVERLAP_MS),
      });
    }
    const changed = Object.keys(changes).filter((k) => !['secret_ciphertext', 'previous_secret_ciphertext', 'previous_secret_expires_at', 'failing_since', 'deactivated_at'].includes(k));
    if (Object.keys(changes).length === 0) return { row, secret: null };
    const updated = await updateWebhookConfig(trx, row.id, { ...changes, updated_at: update.at });
    await recordConfigEvent(trx, actor, updated, 'updated', changed.map((k) => (k === 'secret_prefix' ? 'secret' : k)));
    return { row: updated, secret };
  });
}

/** Deletes the config: nothing more is delivered to it (pending deliveries end as failed). */
export async function deleteWebhookConfig(db: Executor, actor: Actor, environment: Environment, id: string, at: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findWebhookConfig(trx, environment, id, { forUpdate: true });
    if (!row) throw notFoundError('Webhook config', id);
    const deleted = await updateWebhookConfig(trx, id, { deleted_at: at, is_active: false, updated_at: at });
    await failPendingDeliveries(trx, id, 'the webhook config was deleted', at);
    await recordConfigEvent(trx, actor, deleted, 'deleted');
  });
}

/** The delivery engine's switch-off after 5 days of failures; false when it was no longer active. */
export async function deactivateWebhookConfig(db: Executor, actor: Actor, id: string, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await findWebhookConfigById(trx, id);
    if (!row || row.deleted_at || !row.is_active) return false;
    const updated = await updateWebhookConfig(trx, id, { is_active: false, deactivated_at: at, updated_at: at });
    await failPendingDeliveries(trx, id, 'the endpoint was deactivated after 5 days of failed deliveries', at);
    await recordConfigEvent(trx, actor, updated, 'deactivated', ['is_active']);
    return true;
  });
}
