/**
 * The issuer's signing keys, per environment: created on first need (API or worker start-up, or
 * the first signature) — two processes racing create one active key, the database's partial
 * unique index decides; rotated (a new active key, the old one stays published so credentials it
 * signed keep verifying); retired (no longer published; its credentials fail "key not retired").
 * Private keys are sealed by the SecretBox under a context bound to the key's id. Key changes are
 * audit records (actor: the CLI, or the system for the first key).
 */
import type { SecretBox } from '../../infra/crypto/secret-box.js';
import { inTransaction, type Executor } from '../../infra/db/executor.js';
import {
  findActiveIssuerKey,
  findIssuerKeyByKid,
  insertActiveKeyIfNone,
  insertIssuerKey,
  setIssuerKeyStatus,
} from '../../infra/db/repositories/issuer-keys.repository.js';
import { ENVIRONMENTS, type Environment } from '../../infra/db/tables/common.js';
import type { IssuerKeyRow } from '../../infra/db/tables/issuer-keys.table.js';
import { conflictError, notFoundError } from '../domain-error.model.js';
import { systemActor, type Actor } from '../events/actor.model.js';
import { recordAuditRecords } from '../events/record-event.js';
import type { SigningKey } from './credential-document.model.js';
import { generateIssuerKey, importSigningKey, issuerKeySealContext } from './issuer-key.model.js';

async function newSealedKey(secrets: SecretBox, environment: Environment, at: Date) {
  const key = await generateIssuerKey();
  return {
    id: key.id,
    environment,
    kid: key.kid,
    public_jwk: key.publicJwk,
    private_key_sealed: secrets.seal(key.privateJwkJson, issuerKeySealContext(key.id)),
    created_at: at,
  };
}

/** The environment's active key, created when it has none yet. */
export async function ensureActiveIssuerKey(db: Executor, secrets: SecretBox, environment: Environment, at: Date = new Date()): Promise<IssuerKeyRow> {
  const existing = await findActiveIssuerKey(db, environment);
  if (existing) return existing;
  const candidate = await newSealedKey(secrets, environment, at);
  const created = await inTransaction(db, async (trx) => {
    const row = await insertActiveKeyIfNone(trx, { ...candidate, status: 'active' });
    if (row) {
      await recordAuditRecords(trx, [{
        actor: systemActor('issuer'), environment, action: 'issuer_key.create', resourceType: 'issuer_key', resourceId: row.kid, details: { kid: row.kid, reason: 'first start' },
      }]);
    }
    return row;
  });
  return created ?? (await findActiveIssuerKey(db, environment))!;
}

/** Both environments' active keys (API and worker start-up). */
export async function ensureIssuerKeys(db: Executor, secrets: SecretBox, at: Date = new Date()): Promise<IssuerKeyRow[]> {
  const keys: IssuerKeyRow[] = [];
  for (const environment of ENVIRONMENTS) keys.push(await ensureActiveIssuerKey(db, secrets, environment, at));
  return keys;
}

/** The active key, opened for signing. */
export async function openSigningKey(db: Executor, secrets: SecretBox, environment: Environment): Promise<SigningKey> {
  const row = await ensureActiveIssuerKey(db, secrets, environment);
  return { kid: row.kid, key: await importSigningKey(secrets.openText(row.private_key_sealed, issuerKeySealContext(row.id))) };
}

/** A new active key; the previous one stays published. */
export async function rotateIssuerKey(db: Executor, actor: Actor, secrets: SecretBox, environment: Environment, at: Date): Promise<{ previous: IssuerKeyRow | null; current: IssuerKeyRow }> {
  const candidate = await newSealedKey(secrets, environment, at);
  return inTransaction(db, async (trx) => {
    const active = await findActiveIssuerKey(trx, environment, { forUpdate: true });
    const previous = active ? await setIssuerKeyStatus(trx, active.id, 'published', at) : null;
    const current = await insertIssuerKey(trx, { ...candidate, status: 'active' });
    await recordAuditRecords(trx, [{
      actor, environment, action: 'issuer_key.rotate', resourceType: 'issuer_key', resourceId: current.kid, details: { kid: current.kid, previous_kid: previous?.kid ?? null },
    }]);
    return { previous, current };
  });
}

/** Stops publishing a rotated-out key: credentials it signed no longer verify. The active key cannot be retired (rotate first). */
export async function retireIssuerKey(db: Executor, actor: Actor, kid: string, at: Date): Promise<{ row: IssuerKeyRow; changed: boolean }> {
  return inTransaction(db, async (trx) => {
    const row = await findIssuerKeyByKid(trx, kid, { forUpdate: true });
    if (!row) throw notFoundError('Issuer key', kid);
    if (row.status === 'active') throw conflictError('issuer_key_active', `Key ${kid} is the active signing key of ${row.environment}; rotate first`);
    if (row.status === 'retired') return { row, changed: false };
    const retired = await setIssuerKeyStatus(trx, row.id, 'retired', at);
    await recordAuditRecords(trx, [{
      actor, environment: row.environment, action: 'issuer_key.retire', resourceType: 'issuer_key', resourceId: kid, details: { kid },
    }]);
    return { row: retired, changed: true };
  });
}
