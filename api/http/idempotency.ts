/**
 * Idempotency-Key handling for creating POSTs (spec Idempotency, applied to every creating POST):
 * the same key and payload within 24 h replays the stored status, body and Location without running again;
 * a request while the first is still running gets 409; the same key with another payload gets 422.
 * Keys are scoped to the API key's environment. Responses with status >= 500 are not stored, so
 * the client's retry runs again.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/database.js';
import type { Environment } from '../../infra/db/tables/common.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  REDACTED_REQUEST_HASH,
  releaseIdempotencyKey,
} from '../../infra/db/repositories/idempotency.repository.js';
import { ResourceError, type ResourceErrorItem } from './errors.js';
import type { RouteResponse } from './route.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long an in-progress claim holds before it counts as abandoned (longest sync wait is 55 s). */
const LOCK_MS = 5 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonicalJson(body)}`).digest('hex');
}

export async function withIdempotency(
  db: Kysely<Database>,
  args: { key: string | undefined; environment: Environment; method: string; path: string; body: unknown; now: Date },
  run: () => Promise<RouteResponse>,
): Promise<RouteResponse> {
  if (args.key === undefined) return run();
  if (!KEY_PATTERN.test(args.key)) {
    throw ResourceError.single(400, 'invalid_idempotency_key', 'Bad Request', 'Idempotency-Key must be 1 to 255 visible ASCII characters (0x21–0x7E, no spaces)', {
      header: 'Idempotency-Key',
    });
  }
  const hash = requestHash(args.method, args.path, args.body);
  const claim = await claimIdempotencyKey(db, {
    environment: args.environment,
    key: args.key,
    requestHash: hash,
    now: args.now,
    windowMs: IDEMPOTENCY_WINDOW_MS,
    lockMs: LOCK_MS,
  });
  if (claim.kind === 'existing') {
    const row = claim.row;
    if (row.request_hash === REDACTED_REQUEST_HASH) {
      throw ResourceError.single(409, 'idempotency_key_redacted', 'Conflict',
        'The record this Idempotency-Key created has been redacted since, and its answer is not kept; send the request with a new key to create a new record', { header: 'Idempotency-Key' });
    }
    if (row.request_hash !== hash) {
      throw ResourceError.single(422, 'idempotency_key_reused', 'Unprocessable Entity',
        'This Idempotency-Key was used with a different request; use a new key for a new request', { header: 'Idempotency-Key' });
    }
    if (row.state === 'in_progress') {
      throw ResourceError.single(409, 'idempotency_key_in_use', 'Conflict',
        'A request with this Idempotency-Key is still being processed; retry later', { header: 'Idempotency-Key' });
    }
    const status = row.response_status ?? 200;
    const stored = row.response_body as { errors?: ResourceErrorItem[] } | null;
    // A stored client error is replayed through the error handler, so it gets the error shape
    // of today (a fresh occurrence id, the request id), like the first answer did.
    if (status >= 400 && Array.isArray(stored?.errors)) throw new ResourceError(status, stored.errors, { 'Idempotent-Replayed': 'true' });
    return { status, body: row.response_body, headers: { ...(row.response_headers ?? {}), 'Idempotent-Replayed': 'true' } };
  }
  let response: RouteResponse;
  try {
    response = await run();
  } catch (error) {
    // Client errors are answers too: store them so a retry sees the same answer; release on server errors.
    if (error instanceof ResourceError && error.status < 500) {
      await completeIdempotencyKey(db, { environment: args.environment, key: args.key, status: error.status, body: { errors: error.items } });
    } else {
      await releaseIdempotencyKey(db, { environment: args.environment, key: args.key });
    }
    throw error;
  }
  if (response.status >= 500) await releaseIdempotencyKey(db, { environment: args.environment, key: args.key });
  else await completeIdempotencyKey(db, { environment: args.environment, key: args.key, status: response.status, body: response.body ?? null, headers: replayedHeaders(response.headers) });
  return response;
}

/** Headers of an answer that belong to it rather than to the moment (Location, Content-Location); a replay repeats them. */
const REPLAYED_HEADERS = new Set(['location', 'content-location']);

function replayedHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (REPLAYED_HEADERS.has(name.toLowerCase())) out[name] = value;
  return out;
}
