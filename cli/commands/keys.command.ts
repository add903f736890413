/** `keys create|list|revoke`: manage API keys. The raw key is printed once, as the last line. */
import { parseArgs } from 'node:util';
import { generateApiKey } from '../../api/auth/api-key.js';
import { parseScopeList } from '../../api/auth/scopes.js';
import type { Db } from '../../infra/db/create-db.js';
import { insertApiKey, listApiKeys, revokeApiKey } from '../../infra/db/repositories/api-keys.repository.js';
import { ENVIRONMENTS, type Environment } from '../../infra/db/tables/common.js';
import { CliUsageError, type CliIo } from '../cli-io.js';
import { cliActor } from '../../activities/events/actor.model.js';
import { recordAuditRecords } from '../../activities/events/record-event.js';

export async function keysCommand(db: Db, argv: string[], io: CliIo): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === 'create') {
    const { values } = parseArgs({ args: rest, options: { env: { type: 'string' }, scopes: { type: 'string' }, name: { type: 'string' } }, strict: true });
    if (!values.env || !ENVIRONMENTS.includes(values.env as Environment)) throw new CliUsageError('--env must be staging or production');
    if (!values.scopes) throw new CliUsageError('--scopes is required (comma-separated, or "all")');
    if (!values.name) throw new CliUsageError('--name is required');
    let scopes;
    try {
      scopes = parseScopeList(values.scopes);
    } catch (error) {
      throw new CliUsageError((error as Error).message);
    }
    const { rawKey, prefix, hash } = generateApiKey(values.env as Environment);
    const row = await insertApiKey(db, { environment: values.env as Environment, name: values.name, keyPrefix: prefix, keyHash: hash, scopes });
    await recordAuditRecords(db, [{
      actor: cliActor('keys create'), environment: row.environment, action: 'api_key.create', resourceType: 'api_key', resourceId: row.id,
      details: { key_prefix: prefix, scopes },
    }]);
    io.err(`created key ${row.id} (${row.environment}, prefix ${prefix}…) with scopes ${scopes.join(',')}\nthe key is shown once; store it now:\n`);
    io.out(rawKey);
    return;
  }
  if (sub === 'list') {
    for (const k of await listApiKeys(db)) {
      io.out(
        [k.id, k.environment, `${k.key_prefix}…`, JSON.stringify(k.name), k.revoked_at ? `revoked ${k.revoked_at.toISOString()}` : 'active',
          `scopes=${k.scopes.join(',')}`, `last_used=${k.last_used_at?.toISOString() ?? 'never'}`].join('\t'),
      );
    }
    return;
  }
  if (sub === 'revoke') {
    const id = rest[0];
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) throw new CliUsageError('usage: keys revoke <key id>');
    const row = await revokeApiKey(db, id, new Date());
    if (!row) throw new CliUsageError(`no active key with id ${id}`);
    await recordAuditRecords(db, [{ actor: cliActor('keys revoke'), environment: row.environment, action: 'api_key.revoke', resourceType: 'api_key', resourceId: row.id, details: { key_prefix: row.key_prefix } }]);
    io.out(`revoked ${row.id}`);
    return;
  }
  throw new CliUsageError('usage: keys create --env staging|production --scopes a,b|all --name NAME | keys list | keys revoke ID');
}
