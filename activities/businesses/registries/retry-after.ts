// How long a registry asked us to wait before calling again, in whole seconds.
// Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3); Companies House sends
// neither on its 429s but does send X-Ratelimit-Reset (Unix seconds when its window reopens), so
// that is read as a fallback. Pure: the current time is passed in.

export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number.parseInt(trimmed, 10);
  // Only date forms are accepted below: a bare number with a sign or a fraction is malformed.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

export function parseRateLimitReset(value: string | null | undefined, now: Date): number | undefined {
  if (value == null || !/^\d+$/.test(value.trim())) return undefined;
  const resetAtMs = Number.parseInt(value.trim(), 10) * 1000;
  return Math.max(0, Math.ceil((resetAtMs - now.getTime()) / 1000));
}

/** Retry-After first; X-Ratelimit-Reset when Retry-After is absent or unreadable. */
export function retryAfterSecondsFrom(headers: Headers, now: Date): number | undefined {
  return parseRetryAfter(headers.get('retry-after'), now) ?? parseRateLimitReset(headers.get('x-ratelimit-reset'), now);
}
