/**
 * From validated account attributes to stored column values: shapes normalised (identity-values.ts),
 * the entity type derived (business when a business is given, else person).
 */
import type { AccountRow } from '../../../infra/db/tables/accounts.table.js';
import { addressValue, businessValue, identityNumbersValue, personValue, type IdentityNumberValue } from '../shared/identity-values.js';
import type { CreateAccountBody } from './account.schemas.js';

type Attributes = CreateAccountBody['data']['attributes'];

export function entityTypeOf(business: unknown): AccountRow['entity_type'] {
  return business ? 'business' : 'person';
}

/** Column values for the attributes present in `attributes` (absent ones are left out, for PATCH). */
export function accountColumns(attributes: Attributes, now: Date, existingNumbers: readonly IdentityNumberValue[] = []) {
  const columns: Partial<Pick<AccountRow, 'external_id' | 'person' | 'business' | 'address' | 'identity_numbers' | 'entity_type'>> = {};
  if (attributes.external_id !== undefined) columns.external_id = attributes.external_id ?? null;
  if (attributes.person !== undefined) columns.person = personValue(attributes.person);
  if (attributes.business !== undefined) {
    columns.business = businessValue(attributes.business);
    columns.entity_type = entityTypeOf(columns.business);
  }
  if (attributes.address !== undefined) columns.address = addressValue(attributes.address);
  if (attributes.identity_numbers !== undefined) columns.identity_numbers = identityNumbersValue(attributes.identity_numbers, now, existingNumbers);
  return columns;
}

/** Attributes that hold personal data: refused on a redacted account. */
export const PERSONAL_ACCOUNT_ATTRIBUTES = ['external_id', 'person', 'business', 'address', 'identity_numbers'] as const;
