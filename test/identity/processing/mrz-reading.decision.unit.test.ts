import { describe, expect, it } from 'vitest';
import { findMrzInText } from '../../../activities/identity/documents/processing/mrz/mrz-in-text.finder.js';
import { confirmsEarlierReading, decideReading } from '../../../activities/identity/documents/processing/mrz/mrz-reading.decision.js';
import { withCharAt } from './fixtures/mrz.composer.js';

const now = new Date('2026-03-20T12:00:00Z');
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

function reading(lines: string[]) {
  const zone = findMrzInText(lines.join('\n'), now);
  if (!zone) throw new Error('no zone');
  return zone;
}

describe('deciding between OCR passes', () => {
  const clean = reading(TD3);
  const misreadName = reading(withCharAt(TD3, 0, 16, 'X')); // ANNA → ANXA: valid, no check covers it
  const misreadBirth = reading(withCharAt(TD3, 1, 16, '9')); // birth check fails

  it('accepts a valid zone as soon as a second pass reads it identically', () => {
    expect(confirmsEarlierReading([misreadName], clean)).toBe(false);
    expect(confirmsEarlierReading([misreadName, clean], reading(TD3))).toBe(true);
    expect(confirmsEarlierReading([misreadBirth], misreadBirth)).toBe(false);
  });

  it('votes character by character over three or more readings', () => {
    const decision = decideReading([misreadName, misreadBirth, clean], now);
    expect(decision.kind).toBe('accepted');
    if (decision.kind === 'accepted') expect(decision.zone.lines).toEqual(TD3);
  });

  it('does not accept a valid reading that another pass contradicts', () => {
    expect(decideReading([misreadName, misreadBirth], now).kind).toBe('disagreement');
    // A tie in the vote is no majority either.
    const bothMisread = reading(withCharAt(withCharAt(TD3, 1, 16, '9'), 0, 16, 'X'));
    expect(decideReading([clean, misreadName, bothMisread, misreadBirth], now).kind).toBe('disagreement');
  });

  it('accepts a valid zone from the only pass that found one, and reports invalid or missing zones', () => {
    expect(decideReading([clean], now)).toMatchObject({ kind: 'accepted' });
    expect(decideReading([misreadBirth], now)).toMatchObject({ kind: 'invalid' });
    expect(decideReading([], now)).toEqual({ kind: 'not_found' });
  });
});
