/**
 * Whom a proof of address should name and where: the session's person and address when the
 * document belongs to a session that has them, else the account's.
 */
import type { Db } from '../../../../infra/db/create-db.js';
import type { IdentityDocumentRow } from '../../../../infra/db/tables/identity-documents.table.js';
import type { PersonName } from '../processing/address/holder-name.matcher.js';
import type { ExpectedAddress } from '../processing/address/address-document.analyzer.js';

interface StoredPerson { name?: { first?: string | null; middle?: string | null; last?: string | null } | null }
interface StoredAddress { line1?: string | null; postal_code?: string | null }

export async function expectedHolder(db: Db, doc: IdentityDocumentRow): Promise<{ expectedName?: PersonName; expectedAddress?: ExpectedAddress }> {
  let person: StoredPerson | null = null;
  let address: StoredAddress | null = null;
  if (doc.session_id) {
    const s = await db.selectFrom('sessions').select(['person', 'address']).where('id', '=', doc.session_id).executeTakeFirst();
    person = (s?.person as StoredPerson | null) ?? null;
    address = (s?.address as StoredAddress | null) ?? null;
  }
  if (doc.account_id && (!person?.name || !address)) {
    const a = await db.selectFrom('accounts').select(['person', 'address']).where('id', '=', doc.account_id).executeTakeFirst();
    if (!person?.name) person = (a?.person as StoredPerson | null) ?? null;
    if (!address) address = (a?.address as StoredAddress | null) ?? null;
  }
  const out: { expectedName?: PersonName; expectedAddress?: ExpectedAddress } = {};
  const name = person?.name;
  if (name?.first && name.last) out.expectedName = { first: name.first, last: name.last, ...(name.middle ? { middle: name.middle } : {}) };
  if (address?.line1 || address?.postal_code) {
    out.expectedAddress = { ...(address.line1 ? { line1: address.line1 } : {}), ...(address.postal_code ? { postal_code: address.postal_code } : {}) };
  }
  return out;
}
