/**
 * A credential request (one, or a batch): every item is checked — the caller's claim names, the
 * validity period, and each relationship against the record it names (see
 * credential-claims.model.ts) — before any is stored; then all are stored as pending, with their
 * events, in one transaction. The issuing workflow takes them from there. A refusal names the
 * member of the body at fault (JSON pointer).
 */
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import { findAccount } from '../../infra/db/repositories/identity-accounts.repository.js';
import { findBusiness } from '../../infra/db/repositories/businesses.repository.js';
import { processedIdentityDocumentsOfSession } from '../../infra/db/repositories/credential-evidence.repository.js';
import { insertCredentials } from '../../infra/db/repositories/credentials.repository.js';
import { findScreening } from '../../infra/db/repositories/screenings.repository.js';
import { findSession } from '../../infra/db/repositories/identity-sessions.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { CredentialRow } from '../../infra/db/tables/credentials.table.js';
import { unprocessableError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import { accountCheck, businessClaims, disallowedClaimNames, screeningClaims, sessionClaims, type ClaimOutcome } from './credential-claims.model.js';
import { recordCredentialEvents } from './credential-events.js';

export interface CredentialRequestItem {
  id: string;
  credentialType: string;
  subjectId: string | null;
  claims: Record<string, unknown>;
  validFrom: Date | null;
  validUntil: Date | null;
  relationships: { sessionId?: string | undefined; accountId?: string | undefined; businessId?: string | undefined; screeningId?: string | undefined };
}

export interface CredentialRequest {
  environment: Environment;
  issuanceId: string;
  items: readonly CredentialRequestItem[];
  /** JSON pointer of item i in the request body (`/data` for one, `/data/<i>` in a batch). */
  pointerOf(i: number): string;
  at: Date;
}

/** The claims the records support, or a refusal naming the relationship at fault. */
async function establishedClaims(trx: Trx, environment: Environment, item: CredentialRequestItem, pointer: string): Promise<Record<string, unknown>> {
  const rel = item.relationships;
  const at = (name: string) => `${pointer}/relationships/${name}/data/id`;
  const need = (outcome: ClaimOutcome, name: string): Record<string, unknown> => {
    if (!outcome.ok) throw unprocessableError(outcome.code, outcome.detail, at(name));
    return outcome.claims;
  };
  const claims: Record<string, unknown> = {};
  // Which account each related record belongs to: they must all agree.
  const owners: [relationship: string, accountId: string][] = [];
  if (rel.accountId) {
    need(accountCheck(await findAccount(trx, environment, rel.accountId)), 'account');
    owners.push(['account', rel.accountId]);
  }
  if (rel.sessionId) {
    const session = await findSession(trx, environment, rel.sessionId);
    const documents = session ? await processedIdentityDocumentsOfSession(trx, environment, session.id) : [];
    Object.assign(claims, need(sessionClaims(session, documents), 'session'));
    if (session?.account_id) owners.push(['session', session.account_id]);
  }
  if (rel.businessId) {
    const business = await findBusiness(trx, environment, rel.businessId);
    Object.assign(claims, need(businessClaims(business), 'business'));
    if (rel.sessionId && business && business.session_id !== rel.sessionId) {
      throw unprocessableError('relationship_mismatch', `Business lookup ${business.id} belongs to another session`, at('business'));
    }
  }
  if (rel.screeningId) {
    const screening = await findScreening(trx, environment, rel.screeningId);
    Object.assign(claims, need(screeningClaims(screening), 'screening'));
    if (screening?.account_id) owners.push(['screening', screening.account_id]);
  }
  const mismatch = owners.find(([, id]) => id !== owners[0]![1]);
  if (mismatch) throw unprocessableError('relationship_mismatch', `The ${mismatch[0]} belongs to another account than the ${owners[0]![0]}`, at(mismatch[0]));
  return claims;
}

function checkItem(item: CredentialRequestItem, pointer: string, at: Date): void {
  const [bad] = disallowedClaimNames(item.claims);
  if (bad) throw unprocessableError('claim_not_allowed', `Claim ${bad.name}: ${bad.reason}`, `${pointer}/attributes/subject/claims/${bad.name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  if (item.validUntil && item.validUntil.getTime() <= at.getTime()) {
    throw unprocessableError('valid_until_not_in_future', 'valid_until must be in the future', `${pointer}/attributes/valid_until`);
  }
  if (item.validFrom && item.validUntil && item.validFrom.getTime() >= item.validUntil.getTime()) {
    throw unprocessableError('invalid_validity_period', 'valid_from must be before valid_until', `${pointer}/attributes/valid_from`);
  }
}

/** Checks every item, then stores all of them as pending with their events; nothing is stored when one is refused. */
export async function requestCredentials(db: Executor, actor: Actor, request: CredentialRequest): Promise<CredentialRow[]> {
  return inTransaction(db, async (trx) => {
    const rows = [];
    for (const [i, item] of request.items.entries()) {
      const pointer = request.pointerOf(i);
      checkItem(item, pointer, request.at);
      const established = await establishedClaims(trx, request.environment, item, pointer);
      rows.push({
        id: item.id,
        environment: request.environment,
        issuance_id: request.issuanceId,
        credential_type: item.credentialType,
        status: 'pending' as const,
        subject_id: item.subjectId,
        claims: { ...item.claims, ...established },
        requested_valid_from: item.validFrom,
        valid_until: item.validUntil,
        session_id: item.relationships.sessionId ?? null,
        account_id: item.relationships.accountId ?? null,
        business_id: item.relationships.businessId ?? null,
        screening_id: item.relationships.screeningId ?? null,
        // Strictly increasing within a batch, so the batch reads back in request order.
        created_at: new Date(request.at.getTime() + i),
        updated_at: request.at,
      });
    }
    const inserted = await insertCredentials(trx, rows);
    await recordCredentialEvents(trx, actor, 'pending', inserted);
    return inserted;
  });
}
