import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Stamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** active: signs new credentials (one per environment); published: rotated out, still verifies; retired: no longer published. */
export type IssuerKeyStatus = 'active' | 'published' | 'retired';

/** The public JWK members of an issuer key (EC P-256). */
export interface IssuerPublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/** The credential issuer's signing keys, per environment; the private JWK is sealed by the SecretBox. */
export interface IssuerKeysTable {
  id: Generated<string>;
  environment: Environment;
  /** RFC 7638 JWK thumbprint (base64url): the fragment of the key's DID URL. */
  kid: string;
  public_jwk: ColumnType<IssuerPublicJwk, string, never>;
  private_key_sealed: string;
  status: ColumnType<IssuerKeyStatus, IssuerKeyStatus, IssuerKeyStatus>;
  created_at: ColumnType<Date, Date | undefined, never>;
  rotated_at: Stamp;
  retired_at: Stamp;
}
export type IssuerKeyRow = Selectable<IssuerKeysTable>;
