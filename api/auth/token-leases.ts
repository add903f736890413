/**
 * Leases of rate-limit tokens, per process: whole tokens taken from the shared PostgreSQL bucket
 * in small batches and spent here without a round trip. Exact by construction — a lease is taken
 * in the bucket's own row lock, so the tokens leased by every process together never exceed what
 * the bucket holds. The batch starts at one token (an idle key costs one round trip per request,
 * as without leases) and doubles while leases are used up fast, up to a twentieth of the burst
 * (at most 50): small buckets (burst < 40) never batch. Unspent tokens go back to the bucket after
 * IDLE_RETURN_MS without a request, so another process is short of them only briefly. Each lease
 * also re-checks that the bucket's API key is active, so a key a process has cached is refused by
 * its next lease even before the revocation's notification arrives.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import { leaseRateLimitTokens, returnRateLimitTokens, type TokenLeaseResult } from '../../infra/db/repositories/rate-limit.repository.js';

const MAX_LEASE = 50;
/** A lease spent within this time lets the next one double. */
const FAST_MS = 250;
const IDLE_RETURN_MS = 500;
const SWEEP_MS = 250;

export interface TakeResult {
  allowed: boolean;
  /** The lease found the bucket's API key revoked (or deleted). */
  keyRevoked: boolean;
  /** Tokens left: the bucket's after the last lease plus what this process still holds. */
  remaining: number;
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  bucketRemaining: number;
  batch: number;
  ratePerSecond: number;
  burst: number;
  leasedAtMs: number;
  lastUsedRealMs: number;
  inflight?: Promise<TokenLeaseResult>;
}

export function leaseCap(burst: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(burst / 20)));
}

export class TokenLeases {
  private readonly buckets = new Map<string, Bucket>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  async take(key: string, now: Date, ratePerSecond: number, burst: number, apiKeyId: string | null = null): Promise<TakeResult> {
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.burst !== burst || bucket.ratePerSecond !== ratePerSecond) {
      bucket = { tokens: 0, bucketRemaining: burst, batch: 0, ratePerSecond, burst, leasedAtMs: 0, lastUsedRealMs: Date.now() };
      this.buckets.set(key, bucket);
    }
    for (;;) {
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        bucket.lastUsedRealMs = Date.now();
        return { allowed: true, keyRevoked: false, remaining: bucket.bucketRemaining + bucket.tokens, retryAfterSeconds: 0 };
      }
      // One lease at a time per bucket: concurrent requests wait for it and share what it brings.
      const result = await (bucket.inflight ?? this.lease(key, bucket, now, apiKeyId));
      if (!result.keyActive) return { allowed: false, keyRevoked: true, remaining: 0, retryAfterSeconds: 0 };
      if (result.granted === 0 && bucket.tokens < 1) {
        return { allowed: false, keyRevoked: false, remaining: result.remaining, retryAfterSeconds: result.retryAfterSeconds };
      }
    }
  }

  private lease(key: string, bucket: Bucket, now: Date, apiKeyId: string | null): Promise<TokenLeaseResult> {
    const nowMs = now.getTime();
    const cap = leaseCap(bucket.burst);
    bucket.batch = bucket.batch > 0 && nowMs - bucket.leasedAtMs < FAST_MS ? Math.min(cap, bucket.batch * 2) : 1;
    const inflight = leaseRateLimitTokens(this.db, key, now, bucket.ratePerSecond, bucket.burst, bucket.batch, apiKeyId)
      .then((result) => {
        bucket.tokens += result.granted;
        bucket.bucketRemaining = result.remaining;
        bucket.leasedAtMs = nowMs;
        if (result.granted > 1) this.startSweeper();
        return result;
      })
      .finally(() => {
        if (bucket.inflight === inflight) bucket.inflight = undefined;
      });
    bucket.inflight = inflight;
    return inflight;
  }

  private startSweeper(): void {
    this.sweeper ??= setInterval(() => void this.returnIdle(IDLE_RETURN_MS), SWEEP_MS).unref();
  }

  /** Gives back the tokens of buckets idle for `idleMs` (all of them with 0). */
  async returnIdle(idleMs: number): Promise<void> {
    const nowReal = Date.now();
    const returns: Promise<void>[] = [];
    for (const [key, bucket] of this.buckets) {
      if (nowReal - bucket.lastUsedRealMs < idleMs || bucket.inflight) continue;
      const count = Math.floor(bucket.tokens);
      // A request still holding this bucket must not spend what is given back.
      bucket.tokens -= count;
      this.buckets.delete(key);
      if (count > 0) returns.push(returnRateLimitTokens(this.db, key, new Date(), bucket.ratePerSecond, bucket.burst, count).catch(() => undefined));
    }
    await Promise.all(returns);
    if (this.buckets.size === 0 && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = undefined;
    }
  }

  /** Gives back every lease now (a key changed: revoked keys must not keep spending). */
  async returnAll(): Promise<void> {
    await this.returnIdle(0);
  }

  async close(): Promise<void> {
    await this.returnIdle(0);
  }
}
