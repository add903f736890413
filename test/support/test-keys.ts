/** Creates API keys straight in the database for tests (same code path as the CLI). */
import { generateApiKey } from '../../api/auth/api-key.js';
import { ALL_SCOPES, type Scope } from '../../api/auth/scopes.js';
import type { Db } from '../../infra/db/create-db.js';
import { insertApiKey } from '../../infra/db/repositories/api-keys.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';

export async function createTestKey(db: Db, environment: Environment, scopes: readonly Scope[] = ALL_SCOPES, name = 'test'): Promise<{ id: string; key: string }> {
  const { rawKey, prefix, hash } = generateApiKey(environment);
  const row = await insertApiKey(db, { environment, name, keyPrefix: prefix, keyHash: hash, scopes });
  return { id: row.id, key: rawKey };
}
