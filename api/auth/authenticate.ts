/** Resolves the X-Api-Key header to a key record, or throws the spec's 401. */
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import { findApiKeyByPrefix, touchApiKey } from '../../infra/db/repositories/api-keys.repository.js';
import type { ApiKeyRow } from '../../infra/db/tables/api-keys.table.js';
import { AuthError } from '../http/errors.js';
import { hashesEqual, parseApiKey } from './api-key.js';
import { keyHasScope, type Scope } from './scopes.js';

const TOUCH_INTERVAL_MS = 60_000;

/** Finds a key row by lookup prefix: the database by default, or a process's ApiKeyCache. */
export type ApiKeyLookup = (prefix: string) => Promise<ApiKeyRow | undefined>;

export async function authenticate(db: Kysely<Database>, header: string | undefined, now: Date, lookup: ApiKeyLookup = (prefix) => findApiKeyByPrefix(db, prefix)): Promise<ApiKeyRow> {
  if (!header) throw new AuthError(401, 'unauthorized', 'Missing X-Api-Key header');
  const parsed = parseApiKey(header);
  if (!parsed) throw new AuthError(401, 'unauthorized', 'Malformed API key');
  const row = await lookup(parsed.prefix);
  // Compare even when no row exists, so timing does not reveal which prefixes exist.
  const matches = hashesEqual(row?.key_hash ?? Buffer.alloc(parsed.hash.length), parsed.hash);
  if (!row || !matches || row.environment !== parsed.environment) throw new AuthError(401, 'unauthorized', 'Invalid API key');
  if (row.revoked_at) throw new AuthError(401, 'unauthorized', 'API key has been revoked');
  // The row says when the key was last stamped: write at most once a minute, not on every request.
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= TOUCH_INTERVAL_MS) {
    void touchApiKey(db, row.id, now).catch(() => {});
    // A cached row remembers the stamp too, so it is not written again on the next request.
    row.last_used_at = now;
  }
  return row;
}

export function requireScope(key: ApiKeyRow, scope: Scope): void {
  if (!keyHasScope(key.scopes, scope)) throw new AuthError(403, 'forbidden', `API key lacks the required scope ${scope}`);
}
