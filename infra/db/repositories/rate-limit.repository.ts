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

export interface TokenLeaseResult {
  /** Whole tokens taken (0: none available). */
  granted: number;
  remaining: number;
  retryAfterSeconds: number;
  /** False when the bucket's API key is revoked or gone (then nothing is granted). */
  keyActive: boolean;
}

/** Takes up to `want` whole tokens at once (at least one is asked for); never more than the bucket holds. */
export async function leaseRateLimitTokens(
  db: Kysely<Database>,
  bucketKey: string,
  now: Date,
  ratePerSecond: number,
  burst: number,
  want: number,
  /** The API key the bucket belongs to (checked to be active), or null for a client-address bucket. */
  apiKeyId: string | null,
): Promise<TokenLeaseResult> {
  const { rows } = await sql<{ granted: number; remaining: number; retry_after_seconds: number; key_active: boolean }>`
    select * from lease_rate_limit_tokens(${bucketKey}, ${now}, ${ratePerSecond}, ${burst}, ${want}, ${apiKeyId}::uuid)`.execute(db);
  const row = rows[0]!;
  return { granted: Number(row.granted), remaining: Number(row.remaining), retryAfterSeconds: Number(row.retry_after_seconds), keyActive: row.key_active };
}

/** Gives unspent leased tokens back to the bucket (capped at the burst). */
export async function returnRateLimitTokens(db: Kysely<Database>, bucketKey: string, now: Date, ratePerSecond: number, burst: number, count: number): Promise<void> {
  await sql`select return_rate_limit_tokens(${bucketKey}, ${now}, ${ratePerSecond}, ${burst}, ${count})`.execute(db);
}
