/**
 * Every state change of an audit stream, each in one transaction with its event: created (an
 * https stream gets a signing secret, shown once; an S3 stream's credentials are sealed at rest),
 * deleted, and deactivated by the pusher after 5 days of failures. A new stream starts at the
 * environment's current chain head: it receives what is recorded from then on.
 */
import { findAuditStream, findAuditStreamById, insertAuditStream, updateAuditStream } from '../../infra/db/repositories/audit-streams.repository.js';
import { chainHead } from '../../infra/db/repositories/audit.repository.js';
import { failPendingDeliveries } from '../../infra/db/repositories/webhooks.repository.js';
import type { SecretBox } from '../../infra/crypto/secret-box.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { AuditStreamRow } from '../../infra/db/tables/audit.table.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { notFoundError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import { recordEvent } from '../events/record-event.js';
import { generateWebhookSecret, maskSecret, streamSecretContext } from '../webhooks/webhook-secret.model.js';

async function recordStreamEvent(trx: Trx, actor: Actor, row: AuditStreamRow, event: 'created' | 'deleted' | 'deactivated'): Promise<void> {
  await recordEvent(trx, actor, {
    type: `audit_stream.${event}`,
    environment: row.environment,
    resourceId: row.id,
    payload: { stream_type: row.type, action_prefix: row.action_prefix },
  });
}

export type NewAuditStream =
  | { type: 'https'; url: string }
  | { type: 's3'; bucket: string; prefix: string; endpoint: string; region: string; accessKey: string; secretKey: string };

export async function createAuditStream(
  db: Executor, actor: Actor, secrets: SecretBox,
  stream: { id: string; environment: Environment; actionPrefix: string | null; at: Date; target: NewAuditStream },
): Promise<{ row: AuditStreamRow; secret: string | null }> {
  const secret = stream.target.type === 'https' ? generateWebhookSecret() : null;
  const context = streamSecretContext(stream.id);
  const target = stream.target;
  const row = await inTransaction(db, async (trx) => {
    const head = await chainHead(trx, stream.environment);
    const inserted = await insertAuditStream(trx, {
      id: stream.id,
      environment: stream.environment,
      type: target.type,
      action_prefix: stream.actionPrefix,
      url: target.type === 'https' ? target.url : null,
      secret_ciphertext: secret ? secrets.seal(secret, context) : null,
      secret_prefix: secret ? maskSecret(secret) : null,
      bucket: target.type === 's3' ? target.bucket : null,
      prefix: target.type === 's3' ? target.prefix : null,
      s3_endpoint: target.type === 's3' ? target.endpoint : null,
      s3_region: target.type === 's3' ? target.region : null,
      access_key_ciphertext: target.type === 's3' ? secrets.seal(target.accessKey, context) : null,
      secret_key_ciphertext: target.type === 's3' ? secrets.seal(target.secretKey, context) : null,
      last_sequence: head?.lastSequence ?? 0,
      created_at: stream.at,
      updated_at: stream.at,
    });
    await recordStreamEvent(trx, actor, inserted, 'created');
    return inserted;
  });
  return { row, secret };
}

export async function deleteAuditStream(db: Executor, actor: Actor, environment: Environment, id: string, at: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await findAuditStream(trx, environment, id, { forUpdate: true });
    if (!row) throw notFoundError('Audit stream', id);
    const deleted = await updateAuditStream(trx, id, { deleted_at: at, is_active: false, updated_at: at });
    await failPendingDeliveries(trx, id, 'the audit stream was deleted', at);
    await recordStreamEvent(trx, actor, deleted, 'deleted');
  });
}

/** The pusher's (or delivery engine's) switch-off after 5 days of failures; false when already off. */
export async function deactivateAuditStream(db: Executor, actor: Actor, id: string, at: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await findAuditStreamById(trx, id, { forUpdate: true });
    if (!row || row.deleted_at || !row.is_active) return false;
    const updated = await updateAuditStream(trx, id, { is_active: false, updated_at: at });
    await failPendingDeliveries(trx, id, 'the audit stream was deactivated after 5 days of failures', at);
    await recordStreamEvent(trx, actor, updated, 'deactivated');
    return true;
  });
}
