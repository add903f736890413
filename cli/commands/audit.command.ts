/**
 * `audit verify [--env staging|production]`: walks each environment's audit chain from the start,
 * recomputing every hash, and names the first broken link (exit code 1) — a row altered, removed
 * or reordered since it was written.
 */
import { parseArgs } from 'node:util';
import { verifyAuditChain } from '../../activities/audit/audit-chain.verify.js';
import type { Db } from '../../infra/db/create-db.js';
import { ENVIRONMENTS, type Environment } from '../../infra/db/tables/common.js';
import { CliUsageError, type CliIo } from '../cli-io.js';

export async function auditCommand(db: Db, argv: string[], io: CliIo): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'verify') throw new CliUsageError('usage: audit verify [--env staging|production]');
  const { values } = parseArgs({ args: rest, options: { env: { type: 'string' } }, strict: true });
  if (values.env && !ENVIRONMENTS.includes(values.env as Environment)) throw new CliUsageError('--env must be staging or production');
  const environments = values.env ? [values.env as Environment] : [...ENVIRONMENTS];
  let broken = false;
  for (const environment of environments) {
    const verdict = await verifyAuditChain(db, environment);
    if (verdict.ok) {
      io.out(`${environment.padEnd(10)}  ok      events=${verdict.events}  head=${verdict.lastHash}`);
    } else {
      broken = true;
      io.out(`${environment.padEnd(10)}  BROKEN  at sequence ${verdict.brokenAt.sequence}${verdict.brokenAt.id ? ` (id ${verdict.brokenAt.id})` : ''}: ${verdict.reason}  (${verdict.events} events verified before it)`);
    }
  }
  if (broken) process.exitCode = 1;
}
