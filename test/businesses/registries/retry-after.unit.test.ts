import { describe, expect, it } from 'vitest';
import { parseRateLimitReset, parseRetryAfter } from '../../../activities/businesses/registries/retry-after.js';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Mon, 23 Nov 2026 10:00:30 GMT', 30],
    ['Mon, 23 Nov 2026 09:00:00 GMT', 0],
  ])('reads %j as %i seconds', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it.each([null, undefined, '', '-5', '1.5', 'soon'])('gives up on %j', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});

describe('parseRateLimitReset', () => {
  it('counts the seconds until the Unix reset time', () => {
    expect(parseRateLimitReset(String(NOW.getTime() / 1000 + 90), NOW)).toBe(90);
    expect(parseRateLimitReset('not-a-time', NOW)).toBeUndefined();
  });
});
