/**
 * What a credential may state. Callers supply their own claims; a relationship makes the service
 * state what it established itself, under claim names only it may write:
 *  - session: `identity_verification` — an approved session with a processed identity document
 *    (the document's type, issuing country, nationality, name and birth date as read from its
 *    machine-readable zone, every check digit valid);
 *  - business: `business_registration` — a completed registry lookup with is_registered true;
 *  - screening: `screening` — a completed screening without a match;
 *  - account: no claim; the account must exist, be active and agree with the other records.
 * A record that does not support its claim is refused with a code and the reason. Pure.
 */
import type { AccountRow } from '../../infra/db/tables/accounts.table.js';
import type { BusinessRow } from '../../infra/db/tables/businesses.table.js';
import type { IdentityDocumentRow } from '../../infra/db/tables/identity-documents.table.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import type { SessionRow } from '../../infra/db/tables/sessions.table.js';

/** Claim names the service writes; a caller's claims may not use them. */
export const SERVICE_CLAIM_NAMES = ['identity_verification', 'business_registration', 'screening'] as const;

export type ClaimOutcome = { ok: true; claims: Record<string, unknown> } | { ok: false; code: string; detail: string };

const refuse = (code: string, detail: string): ClaimOutcome => ({ ok: false, code, detail });

/** Caller claim names that are not allowed, with the reason. */
export function disallowedClaimNames(claims: Record<string, unknown>): { name: string; reason: string }[] {
  return Object.keys(claims).flatMap((name) => {
    if ((SERVICE_CLAIM_NAMES as readonly string[]).includes(name)) return [{ name, reason: `${name} is stated by the service from a relationship; it cannot be supplied` }];
    if (name === 'id') return [{ name, reason: 'the subject id goes in subject.id' }];
    if (name.startsWith('@')) return [{ name, reason: 'JSON-LD keywords cannot be claims' }];
    return [];
  });
}

export function sessionClaims(session: SessionRow | undefined, documents: readonly IdentityDocumentRow[]): ClaimOutcome {
  if (!session) return refuse('session_not_found', 'The session does not exist');
  if (session.redacted_at) return refuse('session_redacted', `Session ${session.id} was redacted`);
  if (session.status !== 'approved') {
    return refuse('session_not_approved', `Session ${session.id} is ${session.status}; an identity verification can only be stated for an approved session`);
  }
  const document = documents[0];
  const fields = document?.extracted as Record<string, unknown> | null | undefined;
  if (!document || !fields) return refuse('identity_document_not_processed', `Session ${session.id} has no processed identity document`);
  const name = fields.name as { first?: string; middle?: string; last?: string } | undefined;
  return {
    ok: true,
    claims: {
      identity_verification: {
        session_id: session.id,
        approved_at: session.decisioned_at?.toISOString() ?? null,
        document_id: document.id,
        document_type: fields.document_type ?? null,
        issuing_country: fields.issuing_country ?? null,
        nationality: fields.nationality ?? null,
        document_expiry_date: fields.expiry_date ?? null,
        given_name: [name?.first, name?.middle].filter(Boolean).join(' ') || null,
        family_name: name?.last ?? null,
        birth_date: fields.birth_date ?? null,
      },
    },
  };
}

export function businessClaims(business: BusinessRow | undefined): ClaimOutcome {
  if (!business) return refuse('business_not_found', 'The business lookup does not exist');
  if (business.async_status !== 'completed') {
    return refuse('business_lookup_not_completed', `Business lookup ${business.id} is ${business.async_status}; a registration can only be stated from a completed lookup`);
  }
  const record = business.record ?? {};
  if (record.is_registered !== true) return refuse('business_not_registered', `Business lookup ${business.id} found the business not registered (is_registered is not true)`);
  return {
    ok: true,
    claims: {
      business_registration: {
        business_id: business.id,
        country: business.country,
        official_name: record.official_name ?? null,
        legal_form: record.legal_form ?? null,
        registry_status: record.status ?? null,
        identifiers: Array.isArray(record.identifiers) ? record.identifiers : [],
        is_registered: true,
        checked_at: business.completed_at?.toISOString() ?? null,
      },
    },
  };
}

export function screeningClaims(screening: ScreeningRow | undefined): ClaimOutcome {
  if (!screening) return refuse('screening_not_found', 'The screening does not exist');
  if (screening.status !== 'completed') return refuse('screening_not_completed', `Screening ${screening.id} is ${screening.status}; only a completed screening can be stated`);
  if (screening.has_match !== false) return refuse('screening_has_match', `Screening ${screening.id} found a match; a credential cannot state a clear screening`);
  return {
    ok: true,
    claims: {
      screening: {
        screening_id: screening.id,
        screening_type: screening.type,
        has_match: false,
        screened_at: screening.completed_at?.toISOString() ?? null,
      },
    },
  };
}

export function accountCheck(account: AccountRow | undefined): ClaimOutcome {
  if (!account) return refuse('account_not_found', 'The account does not exist');
  if (account.redacted_at) return refuse('account_redacted', `Account ${account.id} was redacted`);
  if (account.status !== 'active') return refuse('account_not_active', `Account ${account.id} is ${account.status}`);
  return { ok: true, claims: {} };
}
