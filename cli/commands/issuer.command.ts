/**
 * `issuer keys | rotate-key [--env production|staging] | retire-key <kid>`: the credential
 * issuer's signing keys. rotate-key makes a new active key (both environments unless --env); the
 * old one stays published so credentials it signed keep verifying. retire-key stops publishing a
 * rotated-out key: credentials it signed then fail verification. Needs SECRETS_ENCRYPTION_KEY
 * (the private key is sealed with it). Every change is audited with the CLI as actor.
 */
import { parseArgs } from 'node:util';
import { retireIssuerKey, rotateIssuerKey } from '../../activities/credentials/issuer-keys.transitions.js';
import { DomainError } from '../../activities/domain-error.model.js';
import { cliActor } from '../../activities/events/actor.model.js';
import { createSecretBox } from '../../infra/crypto/secret-box.js';
import type { Db } from '../../infra/db/create-db.js';
import { listIssuerKeys } from '../../infra/db/repositories/issuer-keys.repository.js';
import { ENVIRONMENTS, type Environment } from '../../infra/db/tables/common.js';
import { CliUsageError, type CliIo } from '../cli-io.js';

const USAGE = 'usage: issuer keys | issuer rotate-key [--env production|staging] | issuer retire-key <kid>';

export async function issuerCommand(db: Db, argv: string[], io: CliIo, env: Record<string, string | undefined> = process.env): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub === 'keys') {
    for (const k of await listIssuerKeys(db)) {
      io.out([k.kid, k.environment, k.status, `created=${k.created_at.toISOString()}`, `rotated=${k.rotated_at?.toISOString() ?? '-'}`, `retired=${k.retired_at?.toISOString() ?? '-'}`].join('\t'));
    }
    return;
  }
  if (sub === 'rotate-key') {
    const { values } = parseArgs({ args: rest, options: { env: { type: 'string' } }, strict: true });
    if (values.env !== undefined && !ENVIRONMENTS.includes(values.env as Environment)) throw new CliUsageError('--env must be staging or production');
    if (!env.SECRETS_ENCRYPTION_KEY) throw new CliUsageError('SECRETS_ENCRYPTION_KEY is required (npm start keeps it in .data/secrets-encryption-key.json)');
    const secrets = createSecretBox(env.SECRETS_ENCRYPTION_KEY);
    for (const environment of values.env ? [values.env as Environment] : ENVIRONMENTS) {
      const { previous, current } = await rotateIssuerKey(db, cliActor('issuer rotate-key'), secrets, environment, new Date());
      io.out(`${environment}: new signing key ${current.kid}${previous ? `; ${previous.kid} stays published until retired` : ''}`);
    }
    return;
  }
  if (sub === 'retire-key') {
    // The kid alone, or the key's DID URL (<did>#<kid>) as it appears in a JWS header.
    const kid = rest[0]?.split('#').pop();
    if (!kid || rest.length !== 1) throw new CliUsageError('usage: issuer retire-key <kid>');
    try {
      const { row, changed } = await retireIssuerKey(db, cliActor('issuer retire-key'), kid, new Date());
      io.out(changed ? `retired ${row.kid} (${row.environment}); credentials it signed no longer verify` : `${row.kid} was already retired`);
    } catch (error) {
      if (error instanceof DomainError) throw new CliUsageError(error.message);
      throw error;
    }
    return;
  }
  throw new CliUsageError(USAGE);
}
