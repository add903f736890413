/**
 * When to try a failed delivery again. The default schedule is Svix's: the first attempt at once,
 * then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h — eight attempts over about 27.6 hours —
 * each wait varied by ±10 % so endpoints recovering from an outage are not hit in lockstep. An
 * answer's Retry-After (429 or 503) lengthens the next wait, never shortens it. After the last
 * attempt the delivery has failed.
 */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `5s,5m,30m,2h` into milliseconds. */
export function parseRetrySchedule(text: string): number[] {
  return text.split(',').map((part) => {
    const m = /^\s*(\d+)(ms|s|m|h|d)\s*$/.exec(part);
    if (!m) throw new Error(`not a duration: ${JSON.stringify(part)}`);
    return Number(m[1]) * UNIT_MS[m[2]!]!;
  });
}

export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';
export const JITTER = 0.1;
/** A Retry-After longer than this is capped (the endpoint still gets its later attempts). */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return null;
  if (/^\s*\d+\s*$/.test(raw)) return Number(raw) * 1000;
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * The time of the next attempt after attempt number `attempt` (1-based) failed at `at`, or null
 * when that was the last one. `random` is in [0, 1).
 */
export function nextAttemptAt(schedule: readonly number[], attempt: number, at: Date, retryAfterMs: number | null, random: number): Date | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  const jittered = base * (1 - JITTER + 2 * JITTER * random);
  const wait = Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  return new Date(at.getTime() + Math.round(wait));
}

/** Total attempts a delivery gets under the schedule. */
export function attemptsOf(schedule: readonly number[]): number {
  return schedule.length + 1;
}
