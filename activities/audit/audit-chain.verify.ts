/**
 * Walks an environment's audit chain from the start and names the first broken link: a row whose
 * hash does not match its content, whose prev_hash is not the previous row's hash, or whose
 * sequence skips; and a chain head that does not match the last row.
 */
import { chainHead, chainSegment, GENESIS_HASH } from '../../infra/db/repositories/audit.repository.js';
import type { Executor } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { auditHash, chainedFieldsOf } from './audit-chain.js';

export type ChainVerdict =
  | { ok: true; environment: Environment; events: number; lastHash: string }
  | { ok: false; environment: Environment; events: number; brokenAt: { sequence: number; id: string | null }; reason: string };

export async function verifyAuditChain(db: Executor, environment: Environment, batchSize = 2000): Promise<ChainVerdict> {
  let previousHash = GENESIS_HASH;
  let expected = 1;
  let checked = 0;
  for (;;) {
    const rows = await chainSegment(db, environment, expected - 1, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      const sequence = Number(row.sequence);
      const broken = (reason: string): ChainVerdict => ({ ok: false, environment, events: checked, brokenAt: { sequence, id: row.id }, reason });
      if (sequence !== expected) return { ok: false, environment, events: checked, brokenAt: { sequence: expected, id: null }, reason: `event ${expected} is missing (next is ${sequence})` };
      if (row.prev_hash !== previousHash) return broken(`prev_hash does not match the hash of event ${sequence - 1}`);
      if (auditHash(chainedFieldsOf(row)) !== row.hash) return broken('the content does not match its hash (the row was altered)');
      previousHash = row.hash;
      expected += 1;
      checked += 1;
    }
  }
  const head = await chainHead(db, environment);
  if (head && (head.lastSequence !== checked || head.lastHash !== previousHash)) {
    return { ok: false, environment, events: checked, brokenAt: { sequence: head.lastSequence, id: null }, reason: `the chain head names event ${head.lastSequence} but the chain ends at ${checked} (events removed)` };
  }
  return { ok: true, environment, events: checked, lastHash: previousHash };
}
