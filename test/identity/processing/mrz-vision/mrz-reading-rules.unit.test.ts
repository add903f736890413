import { describe, expect, it } from 'vitest';
import { computeCheckDigit } from '../../../../activities/identity/documents/processing/mrz/mrz-check-digit.js';
import { MRZ_LAYOUTS } from '../../../../activities/identity/documents/processing/mrz/mrz-layout.js';
import { allowedCharacters } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-character-positions.js';
import type { CellReading } from '../../../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph.classifier.js';
import { doubtfulCells } from '../../../../activities/identity/documents/processing/mrz-vision/reading-confidence.js';
import { repairUnsureCells } from '../../../../activities/identity/documents/processing/mrz-vision/uncertain-cell.repair.js';

const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];

/** Sure readings of every character of `lines`, with some cells made unsure. */
function readings(lines: string[], unsure: Record<string, { runnerUp: string; margin?: number; score?: number }> = {}): CellReading[][] {
  return lines.map((line, l) =>
    [...line].map((char, k) => {
      const u = unsure[`${l}:${k}`];
      return { char, score: u?.score ?? 0.93, margin: u ? (u.margin ?? 0.01) : 0.15, runnerUp: u?.runnerUp ?? '<' };
    }),
  );
}

const withChar = (lines: string[], l: number, k: number, c: string) => lines.map((line, i) => (i === l ? line.slice(0, k) + c + line.slice(k + 1) : line));

describe('which characters a zone position may hold', () => {
  it('allows digits only in dates and check digits, letters only in names and codes', () => {
    const td3 = allowedCharacters(2, 44, 'P')!;
    expect(td3[1]![13]).toBe('0123456789'); // birth date
    expect(td3[1]![9]).toBe('0123456789'); // document number check digit
    expect(td3[0]![10]).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ<'); // name
    expect(td3[1]![20]).toBe('FMX<'); // sex
    expect(td3[1]![0]).toHaveLength(37); // document number: any
    expect(td3[1]![42]).toBe('0123456789<'); // empty personal number may end in a filler
  });

  it('tells a visa from a passport of the same shape by its document code', () => {
    expect(allowedCharacters(2, 44, 'P')![1]![43]).toBe('0123456789'); // TD3 composite check digit
    expect(allowedCharacters(2, 44, 'V')![1]![43]).toHaveLength(37); // MRV-A optional data
    expect(allowedCharacters(2, 44)![1]![43]).toHaveLength(37); // not known yet: either
    expect(allowedCharacters(3, 30)![0]![14]).toBe('0123456789<'); // TD1: a long number leaves a filler
    expect(allowedCharacters(2, 40)).toBeUndefined();
  });
});

describe('repairing unsure characters under check-digit control', () => {
  it('takes the runner-up of an unsure character when that alone makes every check hold', () => {
    const misread = withChar(TD3, 1, 5, 'O'); // L898902C3 read as L8989O2C3
    const repaired = repairUnsureCells(misread, readings(misread, { '1:5': { runnerUp: '0' } }), MRZ_LAYOUTS.TD3);
    expect(repaired.lines).toEqual(TD3);
    expect(repaired.repairs).toEqual([{ line: 1, index: 5, from: 'O', to: '0' }]);
  });

  it('leaves sure characters alone even when the check fails', () => {
    const misread = withChar(TD3, 1, 5, 'O');
    expect(repairUnsureCells(misread, readings(misread), MRZ_LAYOUTS.TD3)).toEqual({ lines: misread, repairs: [] });
  });

  it('makes no repair when two unsure characters could each make the check hold', () => {
    const misread = withChar(TD3, 1, 5, 'O');
    // Another character for position 7 that would make the misread number's check digit hold too.
    const other = [...'ABDEFGHJKLMNPQRSTUVWXYZ'].find((c) => String(computeCheckDigit(`L8989O2${c}3`)) === '6')!;
    const cells = readings(misread, { '1:5': { runnerUp: '0' }, '1:7': { runnerUp: other } });
    expect(repairUnsureCells(misread, cells, MRZ_LAYOUTS.TD3)).toEqual({ lines: misread, repairs: [] });
  });

  it('makes no repair that leaves another check failing', () => {
    const misread = withChar(withChar(TD3, 1, 5, 'O'), 1, 15, '9'); // and the birth date misread too
    expect(repairUnsureCells(misread, readings(misread, { '1:5': { runnerUp: '0' } }), MRZ_LAYOUTS.TD3).repairs).toEqual([]);
  });
});

describe('doubtful characters', () => {
  it('flags characters that match no glyph, and unsure characters no check digit covers', () => {
    const cells = readings(TD3, {
      '0:7': { runnerUp: 'B', margin: 0.005 }, // in the name: no check digit
      '1:2': { runnerUp: '6', margin: 0.005 }, // in the document number: its check digit decides
      '0:43': { runnerUp: 'E', score: 0.35, margin: 0.1 }, // cut by the page edge
    });
    expect(doubtfulCells(cells, MRZ_LAYOUTS.TD3)).toEqual([
      { line: 0, index: 7, reason: 'ambiguous' },
      { line: 0, index: 43, reason: 'no_match' },
    ]);
  });

  it('flags a character far below the zone\'s other glyphs: a hyphen or an apostrophe in a name is no letter', () => {
    // Measured: SMITH-JONES read with H at 0.54, O'BRIEN with T at 0.63, the other glyphs about 0.97.
    const zone = (score: number) => readings(TD3, { '0:9': { runnerUp: 'W', score, margin: 0.02 } }).map((line) => line.map((c, k) => (c.score === 0.93 ? { ...c, score: 0.97 - (k % 5) * 0.01 } : c)));
    expect(doubtfulCells(zone(0.54), MRZ_LAYOUTS.TD3)).toEqual([{ line: 0, index: 9, reason: 'no_match' }]);
    expect(doubtfulCells(zone(0.63), MRZ_LAYOUTS.TD3)).toEqual([{ line: 0, index: 9, reason: 'no_match' }]);
    // A glyph somewhat worse than the rest (glare, blur) is still read: 0.14 below was the worst seen in accepted photos.
    expect(doubtfulCells(zone(0.80), MRZ_LAYOUTS.TD3)).toEqual([]);
    // A zone that is poor as a whole (blur, another printing) is judged against its own median.
    const poor = readings(TD3).map((line) => line.map((c) => ({ ...c, score: 0.7 })));
    expect(doubtfulCells(poor, MRZ_LAYOUTS.TD3)).toEqual([]);
  });

  it('flags a letter barely ahead of a digit, or the reverse, where no check digit of its own covers it', () => {
    // In a document number its check digit decides; in a visa's optional data nothing does.
    const cells = readings(TD3, { '1:2': { runnerUp: 'B', margin: 0.03 }, '1:30': { runnerUp: 'I', margin: 0.03 }, '1:31': { runnerUp: '6', margin: 0.03 } });
    expect(doubtfulCells(cells, MRZ_LAYOUTS.TD3)).toEqual([]);
    expect(doubtfulCells(cells, MRZ_LAYOUTS.MRVA)).toEqual([{ line: 1, index: 30, reason: 'letter_or_digit' }]);
  });

  it('flags G/6, L/1 and U/0 barely apart even where a check digit covers them: none can tell them apart', () => {
    // "L898902C3": the L leads a 1 by 0.03 in the document number; a G for 6 passes the same checks.
    const withG = withChar(TD3, 1, 4, 'G');
    const cells = readings(withG, { '1:0': { runnerUp: '1', margin: 0.03 }, '1:4': { runnerUp: '6', margin: 0.02 }, '1:2': { runnerUp: '6', margin: 0.03 } });
    expect(doubtfulCells(cells, MRZ_LAYOUTS.TD3)).toEqual([
      { line: 1, index: 0, reason: 'check_blind' },
      { line: 1, index: 4, reason: 'check_blind' },
    ]);
    // With a clear lead the reader's certainty stands.
    expect(doubtfulCells(readings(withG, { '1:0': { runnerUp: '1', margin: 0.1 }, '1:4': { runnerUp: '6', margin: 0.09 } }), MRZ_LAYOUTS.TD3)).toEqual([]);
  });
});
