/**
 * Rate limits (spec Limits): a token bucket per API key and tier, kept in PostgreSQL so every API
 * process shares it. Headers on every authenticated response:
 *  - X-RateLimit-Limit: requests per minute of the tier;
 *  - X-RateLimit-Remaining: whole tokens left;
 *  - X-RateLimit-Reset: Unix time (seconds) when the bucket is full again.
 * A 429 also carries Retry-After: seconds until one token is available (rounded up).
 *
 * Tokens are leased (token-leases.ts): a process takes a few whole tokens from the shared bucket
 * in one round trip and spends them locally, so a busy key does not cost a database round trip
 * per request. The sum of leases can never exceed the bucket, so no process ever admits more
 * than the limit; a lease grows only while a key is busy (from 1 token to a twentieth of the
 * burst, at most 50) and what is left unspent goes back to the bucket after half a second idle.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import { AuthError } from '../http/errors.js';
import { TokenLeases } from './token-leases.js';

export type RateTier = 'default' | 'workflow_execution' | 'batch_issue' | 'public_verify';

export interface TierLimit {
  perMinute: number;
  burst: number;
}

export const DEFAULT_RATE_LIMITS: Record<RateTier, TierLimit> = {
  default: { perMinute: 300, burst: 500 },
  workflow_execution: { perMinute: 60, burst: 100 },
  batch_issue: { perMinute: 10, burst: 10 },
  /** POST /v1/credentials/_public/verify, per client address (it has no key). */
  public_verify: { perMinute: 60, burst: 60 },
};

export class RateLimiter {
  private readonly leases: TokenLeases;

  constructor(db: Kysely<Database>) {
    this.leases = new TokenLeases(db);
  }

  /** Takes one token of `bucketOwner`'s bucket for `tier`: the headers, or a 429 AuthError. */
  async take(args: { bucketOwner: string; apiKeyId?: string; tier: RateTier; limits: Record<RateTier, TierLimit>; now: Date }): Promise<Record<string, string>> {
    const limit = args.limits[args.tier];
    const ratePerSecond = limit.perMinute / 60;
    const result = await this.leases.take(`${args.bucketOwner}:${args.tier}`, args.now, ratePerSecond, limit.burst, args.apiKeyId ?? null);
    if (result.keyRevoked) throw new AuthError(401, 'unauthorized', 'API key has been revoked');
    const nowSeconds = args.now.getTime() / 1000;
    const secondsToFull = (limit.burst - result.remaining) / ratePerSecond;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(limit.perMinute),
      'X-RateLimit-Remaining': String(Math.max(0, Math.floor(result.remaining))),
      'X-RateLimit-Reset': String(Math.ceil(nowSeconds + secondsToFull)),
    };
    if (!result.allowed) {
      const retryAfter = Math.max(1, Math.ceil(result.retryAfterSeconds));
      throw new AuthError(429, 'rate_limited', `Rate limit of ${limit.perMinute} requests per minute exceeded; retry after ${retryAfter} s`, {
        ...headers,
        'Retry-After': String(retryAfter),
      });
    }
    return headers;
  }

  /** Gives every unspent leased token back now (a key changed). */
  returnAll(): Promise<void> {
    return this.leases.returnAll();
  }

  /** Gives every unspent leased token back (at shutdown). */
  close(): Promise<void> {
    return this.leases.close();
  }
}
