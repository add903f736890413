import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;

/** Identity accounts (a person or a business). Personal data lives in the jsonb columns; redaction nulls them. */
export interface AccountsTable {
  id: Generated<string>;
  environment: Environment;
  external_id: string | null;
  status: ColumnType<'active' | 'inactive' | 'suspended' | 'pending', string | undefined, string>;
  entity_type: 'person' | 'business';
  person: Json;
  business: Json;
  contact: Json;
  address: Json;
  identity_numbers: Json<unknown[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  redacted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export type AccountRow = Selectable<AccountsTable>;
