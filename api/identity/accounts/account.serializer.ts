/** The one mapping from a stored account (and its relationship ids) to the spec's account resource. */
import type { AccountRow } from '../../../infra/db/tables/accounts.table.js';
import type { IdentityNumberValue } from '../shared/identity-values.js';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export interface AccountRelations {
  sessions: string[];
  documents: { kind: 'idv' | 'address'; id: string }[];
}

export const accountPath = (id: string) => `/v1/identity/accounts/${id}`;

export function toAccountResource(row: AccountRow, relations: AccountRelations) {
  return {
    type: 'account' as const,
    id: row.id,
    attributes: {
      external_id: row.external_id,
      status: row.status,
      entity_type: row.entity_type,
      person: row.person ?? null,
      business: row.business ?? null,
      contact: row.contact ?? null,
      address: row.address ?? null,
      identity_numbers: (row.identity_numbers ?? []) as IdentityNumberValue[],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      redacted_at: iso(row.redacted_at),
    },
    relationships: {
      sessions: { data: relations.sessions.map((id) => ({ type: 'session' as const, id })) },
      documents: { data: relations.documents.map((d) => ({ type: `document/${d.kind}` as const, id: d.id })) },
    },
  };
}
