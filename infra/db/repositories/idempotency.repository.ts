/** Idempotency records: claim a key, complete it with the response, or release it after a server error. */
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { Environment } from '../tables/common.js';
import type { IdempotencyKeyRow } from '../tables/idempotency-keys.table.js';

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'existing'; row: IdempotencyKeyRow };

/**
 * Inserts an in-progress record, or returns the one already there. A record past its window
 * (`windowMs`) or an in-progress one whose lock ran out (a crashed request) is replaced.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  args: { environment: Environment; key: string; requestHash: string; now: Date; windowMs: number; lockMs: number },
): Promise<ClaimResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        environment: args.environment,
        idempotency_key: args.key,
        request_hash: args.requestHash,
        state: 'in_progress',
        response_status: null,
        response_body: null,
        created_at: args.now,
        locked_until: new Date(args.now.getTime() + args.lockMs),
      })
      .onConflict((oc) => oc.columns(['environment', 'idempotency_key']).doNothing())
      .returning('idempotency_key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed' };

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('environment', '=', args.environment)
      .where('idempotency_key', '=', args.key)
      .executeTakeFirst();
    if (!row) continue; // deleted between our statements: try again
    const expired = row.created_at.getTime() + args.windowMs <= args.now.getTime();
    const abandoned = row.state === 'in_progress' && row.locked_until.getTime() <= args.now.getTime();
    if (!expired && !abandoned) return { kind: 'existing', row };
    await db
      .deleteFrom('idempotency_keys')
      .where('environment', '=', args.environment)
      .where('idempotency_key', '=', args.key)
      .where('created_at', '=', row.created_at)
      .execute();
  }
  throw new Error('could not claim idempotency key');
}

/**
 * The request hash of a key whose answer named a record that has since been redacted: the answer
 * and the hash of the personal data it was made from are dropped, the key stays spent (a retry
 * must not create the record again from erased data) and answers 409 `idempotency_key_redacted`.
 */
export const REDACTED_REQUEST_HASH = 'redacted';

export async function completeIdempotencyKey(
  db: Kysely<Database>,
  args: { environment: Environment; key: string; status: number; body: unknown; headers?: Record<string, string> },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'completed',
      response_status: args.status,
      response_body: JSON.stringify(args.body ?? null),
      response_headers: args.headers && Object.keys(args.headers).length > 0 ? JSON.stringify(args.headers) : null,
    })
    .where('environment', '=', args.environment)
    .where('idempotency_key', '=', args.key)
    .execute();
}

export async function releaseIdempotencyKey(db: Kysely<Database>, args: { environment: Environment; key: string }): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('environment', '=', args.environment)
    .where('idempotency_key', '=', args.key)
    .where('state', '=', 'in_progress')
    .execute();
}

export async function purgeExpiredIdempotencyKeys(db: Kysely<Database>, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
