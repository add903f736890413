/** The retry schedule: Svix's waits with ±10 % jitter, Retry-After only ever lengthening a wait. */
import { describe, expect, it } from 'vitest';
import { attemptsOf, DEFAULT_RETRY_SCHEDULE, nextAttemptAt, parseRetryAfter, parseRetrySchedule } from '../../activities/webhooks/delivery/retry-schedule.model.js';

const at = new Date('2026-11-23T00:00:00Z');
const wait = (d: Date | null) => (d ? d.getTime() - at.getTime() : null);

describe('retry schedule', () => {
  const schedule = parseRetrySchedule(DEFAULT_RETRY_SCHEDULE);

  it('is Svix\'s: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first attempt', () => {
    expect(schedule).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(attemptsOf(schedule)).toBe(8);
  });

  it('varies each wait by at most 10 % and stops after the last attempt', () => {
    expect(wait(nextAttemptAt(schedule, 1, at, null, 0))).toBe(4_500);
    expect(wait(nextAttemptAt(schedule, 1, at, null, 0.5))).toBe(5_000);
    expect(wait(nextAttemptAt(schedule, 2, at, null, 0.999999))).toBeCloseTo(330_000, -1);
    expect(nextAttemptAt(schedule, 8, at, null, 0.5)).toBeNull();
  });

  it('lets Retry-After lengthen a wait but never shorten it', () => {
    expect(wait(nextAttemptAt(schedule, 1, at, 120_000, 0.5))).toBe(120_000);
    expect(wait(nextAttemptAt(schedule, 2, at, 1_000, 0.5))).toBe(300_000);
    expect(wait(nextAttemptAt(schedule, 1, at, 7 * 86_400_000, 0.5))).toBe(86_400_000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('120', at)).toBe(120_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 00:01:00 GMT', at)).toBe(60_000);
    expect(parseRetryAfter('soon', at)).toBeNull();
    expect(parseRetryAfter(undefined, at)).toBeNull();
  });

  it('refuses a schedule that is not a list of durations', () => {
    expect(() => parseRetrySchedule('5s,often')).toThrow(/duration/);
  });
});
