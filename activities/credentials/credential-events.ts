/** The one place a credential row becomes its event (ids, statuses and codes; never claims). */
import type { Actor } from '../events/actor.model.js';
import { recordEvents } from '../events/record-event.js';
import type { Trx } from '../../infra/db/executor.js';
import type { CredentialRow } from '../../infra/db/tables/credentials.table.js';

export type CredentialEventName = 'pending' | 'issued' | 'failed' | 'revoked' | 'deleted';

export async function recordCredentialEvents(trx: Trx, actor: Actor, event: CredentialEventName, rows: readonly CredentialRow[]): Promise<void> {
  await recordEvents(trx, actor, rows.map((row) => ({
    type: `credential.${event}` as const,
    environment: row.environment,
    resourceId: row.id,
    payload: {
      credential_type: row.credential_type,
      status: row.status,
      issuance_id: row.issuance_id,
      status_list: row.status_list_sequence,
      status_list_index: row.status_list_index,
      session_id: row.session_id,
      account_id: row.account_id,
      business_id: row.business_id,
      screening_id: row.screening_id,
      error_codes: (row.errors ?? []).map((e) => e.code),
    },
  })));
}
