/** Token-bucket take through the `take_rate_limit_token` SQL function (atomic across processes). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';

export interface TokenTakeResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export async function takeRateLimitToken(
  db: Kysely<Database>,
  bucketKey: string,
  now: Date,
  ratePerSecond: number,
  burst: number,
): Promise<TokenTakeResult> {
  const { rows } = await sql<{ allowed: boolean; remaining: number; retry_after_seconds: number }>`
    select * from take_rate_limit_token(${bucketKey}, ${now}, ${ratePerSecond}, ${burst})`.execute(db);
  const row = rows[0]!;
  return { allowed: row.allowed, remaining: Number(row.remaining), retryAfterSeconds: Number(row.retry_after_seconds) };
}
