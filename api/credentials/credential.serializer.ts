/** Credential rows to the resource the routes answer with. */
import type { CredentialRow } from '../../infra/db/tables/credentials.table.js';
import { issuerIdentity } from '../../activities/credentials/issuer-identity.model.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toCredentialResource(row: CredentialRow, publicBaseUrl: string) {
  const relationships: Record<string, { data: { type: string; id: string } }> = {};
  if (row.session_id) relationships.session = { data: { type: 'session', id: row.session_id } };
  if (row.account_id) relationships.account = { data: { type: 'account', id: row.account_id } };
  if (row.business_id) relationships.business = { data: { type: 'business', id: row.business_id } };
  if (row.screening_id) relationships.screening = { data: { type: 'screening', id: row.screening_id } };
  return {
    type: 'credential' as const,
    id: row.id,
    attributes: {
      credential_type: row.credential_type,
      status: row.status,
      format: 'vc+jwt' as const,
      credential: row.jws,
      issuer: row.issuer,
      subject_id: row.subject_id,
      issued_at: iso(row.issued_at),
      valid_from: iso(row.valid_from),
      valid_until: iso(row.valid_until),
      revoked_at: iso(row.revoked_at),
      revocation_reason: row.revocation_reason,
      status_list_index: row.status_list_index,
      status_list_credential: row.status_list_sequence ? issuerIdentity(publicBaseUrl, row.environment).statusListUrl(row.status_list_sequence) : null,
      errors: row.errors ?? [],
      created_at: row.created_at.toISOString(),
      deleted_at: iso(row.deleted_at),
    },
    relationships,
  };
}

export const credentialPath = (id: string) => `/v1/credentials/${id}`;
