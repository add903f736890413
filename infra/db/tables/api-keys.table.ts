import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Environment } from './common.js';

/** API keys: only a SHA-256 hash of the key is stored; `key_prefix` (non-secret) finds the row. */
export interface ApiKeysTable {
  id: Generated<string>;
  environment: Environment;
  name: string;
  key_prefix: string;
  key_hash: Buffer;
  scopes: string[];
  created_at: Generated<Date>;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type ApiKeyUpdate = Updateable<ApiKeysTable>;
