/** Data access for API keys. Functions take a Kysely instance or a transaction. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { ApiKeyRow } from '../tables/api-keys.table.js';


export async function insertApiKey(
  db: Executor,
  key: { environment: Environment; name: string; keyPrefix: string; keyHash: Buffer; scopes: readonly string[] },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ environment: key.environment, name: key.name, key_prefix: key.keyPrefix, key_hash: key.keyHash, scopes: [...key.scopes] })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findApiKeyByPrefix(db: Executor, prefix: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_prefix', '=', prefix).executeTakeFirst();
}

export async function listApiKeys(db: Executor): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('created_at', 'asc').execute();
}

export async function revokeApiKey(db: Executor, id: string, at: Date): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Best-effort usage stamp; the guard keeps concurrent requests from stamping one key twice a minute. */
export async function touchApiKey(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))]))
    .execute();
}
