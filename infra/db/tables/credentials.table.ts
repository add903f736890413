import type { ColumnType, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Stamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** pending (requested, being issued) → issued | failed; issued → revoked. Deletion sets deleted_at and removes claims. */
export type CredentialStatus = 'pending' | 'issued' | 'failed' | 'revoked';

/** One verifiable credential: what was requested, and once issued the signed JWS and its status entry. */
export interface CredentialsTable {
  id: string;
  environment: Environment;
  /** The request (one credential, or a batch) issued together by one workflow. */
  issuance_id: string;
  credential_type: string;
  status: ColumnType<CredentialStatus, CredentialStatus, CredentialStatus>;
  subject_id: string | null;
  /** credentialSubject claims (personal data; removed by DELETE). */
  claims: Json<Record<string, unknown>>;
  requested_valid_from: Stamp;
  valid_until: Stamp;
  session_id: string | null;
  account_id: string | null;
  business_id: string | null;
  screening_id: string | null;
  issuer: string | null;
  kid: string | null;
  /** The compact JWS (vc+jwt); removed by DELETE. */
  jws: string | null;
  status_list_id: string | null;
  status_list_sequence: number | null;
  status_list_index: number | null;
  valid_from: Stamp;
  issued_at: Stamp;
  revoked_at: Stamp;
  revocation_reason: string | null;
  errors: Json<{ code: string; message: string }[]>;
  deleted_at: Stamp;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type CredentialRow = Selectable<CredentialsTable>;
