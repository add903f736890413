import { describe, expect, it } from 'vitest';
import { computeCheckDigit } from '../../../../activities/identity/documents/processing/mrz/mrz-check-digit.js';
import { MRZ_LAYOUTS } from '../../../../activities/identity/documents/processing/mrz/mrz-layout.js';
import { allowedCharacters } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-character-positions.js';
import type { CellReading } from '../../../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph.classifier.js';
import { doubtfulCells } from '../../../../activities/identity/documents/processing/mrz-vision/reading-confidence.js';
import { failingChecks } from '../../../../activities/identity/documents/processing/mrz/mrz-checks.js';
import { parseMrz } from '../../../../activities/identity/documents/processing/mrz/mrz.parser.js';
import { doubtsOfRead } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-photo.reader.js';
import { repairUnsureCells, spentCheckCells } from '../../../../activities/identity/documents/processing/mrz-vision/uncertain-cell.repair.js';

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

const now = new Date('2026-03-20T00:00:00Z');
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
    expect(repaired.repairs).toEqual([{ line: 1, index: 5, from: 'O', to: '0', field: 'document_number' }]);
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

describe('a check digit spent on a repair', () => {
  // The personal number ZE184226B (positions 28-36, check digit at 42): a 2 misread Z (unsure,
  // the 2 its runner-up) and the 8 misread O with a runner-up that is not 8 — found below so that
  // the runner-up alone makes every check hold, as a D did for a blurred 0 in an external photo.
  const doubleMisread = () => {
    const misread = withChar(withChar(TD3, 1, 33, 'Z'), 1, 31, 'O');
    const runnerUp = [...'ABCDEFGHIJKLMNPQRSTUVWXYZ012345679'].find((c) => failingChecks(withChar(misread, 1, 31, c), MRZ_LAYOUTS.TD3).length === 0);
    if (!runnerUp) throw new Error('no runner-up cancels the misread');
    return { misread, runnerUp };
  };

  it('can "repair" a zone misread twice into a wrong one that passes every check digit', () => {
    const { misread, runnerUp } = doubleMisread();
    const cells = readings(misread, { '1:31': { runnerUp, margin: 0.048 }, '1:33': { runnerUp: '2', margin: 0.019 } });
    const repaired = repairUnsureCells(misread, cells, MRZ_LAYOUTS.TD3);
    expect(repaired.repairs).toEqual([{ line: 1, index: 31, from: 'O', to: runnerUp, field: 'personal_number' }]);
    expect(failingChecks(repaired.lines, MRZ_LAYOUTS.TD3)).toEqual([]);
    expect(repaired.lines).not.toEqual(TD3);
    // The field's other unsure character is no longer vouched for by its check digit: doubtful.
    expect(spentCheckCells(repaired.lines, cells, MRZ_LAYOUTS.TD3, repaired.repairs)).toEqual([{ line: 1, index: 33 }]);
    const zone = parseMrz(repaired.lines, { now });
    expect(zone.ok && zone.valid).toBe(true);
    if (!zone.ok) return;
    const doubts = doubtsOfRead({ zone, cells, layout: MRZ_LAYOUTS.TD3, lines: repaired.lines, repairs: repaired.repairs, settle: true, spentChecksCount: true, now });
    expect(doubts).toEqual([{ line: 1, index: 33, reason: 'spent_check' }]);
    // A read that another reader must confirm character for character is not held back by it.
    expect(doubtsOfRead({ zone, cells, layout: MRZ_LAYOUTS.TD3, lines: repaired.lines, repairs: repaired.repairs, settle: true, spentChecksCount: false, now })).toEqual([]);
  });

  it('leaves the unsure characters of other fields, and sure ones, to the other rules', () => {
    const misread = withChar(TD3, 1, 5, 'O');
    const cells = readings(misread, { '1:5': { runnerUp: '0' }, '1:15': { runnerUp: '3', margin: 0.02 }, '1:30': { runnerUp: 'A', margin: 0.02 } });
    const repaired = repairUnsureCells(misread, cells, MRZ_LAYOUTS.TD3);
    expect(repaired.repairs).toHaveLength(1);
    expect(spentCheckCells(repaired.lines, cells, MRZ_LAYOUTS.TD3, repaired.repairs)).toEqual([]);
    expect(spentCheckCells(misread, cells, MRZ_LAYOUTS.TD3, [])).toEqual([]);
    // An unsure character of the repaired document number, other than the repaired one.
    const twice = readings(misread, { '1:5': { runnerUp: '0' }, '1:2': { runnerUp: 'B', margin: 0.03 } });
    const again = repairUnsureCells(misread, twice, MRZ_LAYOUTS.TD3);
    expect(spentCheckCells(again.lines, twice, MRZ_LAYOUTS.TD3, again.repairs)).toEqual([{ line: 1, index: 2 }]);
  });

  it('does not let the spent composite settle a letter/digit doubt (TD1 optional data)', () => {
    // TD1 with optional data "80" in line 2 (positions 18-19), covered by the composite alone.
    const line1 = `I<UTOD23145890${computeCheckDigit('D23145890')}A5<<<<<<<<<<<<<`;
    const partial = `740812${computeCheckDigit('740812')}F300415${computeCheckDigit('300415')}UTO80<<<<<<<<<`;
    const composite = computeCheckDigit(line1.slice(5, 30) + partial.slice(0, 7) + partial.slice(8, 15) + partial.slice(18, 29));
    const truth = [line1, `${partial}${composite}`, 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
    expect(failingChecks(truth, MRZ_LAYOUTS.TD1)).toEqual([]);
    // The 8 read 3 (unsure, its runner-up a wrong digit that makes the composite hold) and the 0 read O barely ahead of 0.
    const misread = withChar(withChar(truth, 1, 18, '3'), 1, 19, 'O');
    const runnerUp = [...'01245679'].find((c) => failingChecks(withChar(misread, 1, 18, c), MRZ_LAYOUTS.TD1).length === 0)!;
    expect(runnerUp).toBeDefined();
    const cells = readings(misread, { '1:18': { runnerUp, margin: 0.02 }, '1:19': { runnerUp: '0', margin: 0.03 } });
    const repaired = repairUnsureCells(misread, cells, MRZ_LAYOUTS.TD1);
    expect(repaired.repairs).toEqual([{ line: 1, index: 18, from: '3', to: runnerUp, field: 'composite' }]);
    const zone = parseMrz(repaired.lines, { now });
    expect(zone.ok && zone.valid).toBe(true);
    if (!zone.ok) return;
    // Settling alone would clear the O/0 doubt with the very composite the repair spent.
    const doubts = doubtsOfRead({ zone, cells, layout: MRZ_LAYOUTS.TD1, lines: repaired.lines, repairs: repaired.repairs, settle: true, spentChecksCount: true, now });
    expect(doubts).toEqual([{ line: 1, index: 19, reason: 'spent_check' }]);
  });

  it('follows a long TD2 document number into the optional data', () => {
    // D23145890734: the check position holds <, then 734 and the number's check digit in the optional data.
    const tail = `734${computeCheckDigit('D23145890734')}`;
    const partial = `D23145890<UTO7408122F1204159${tail}<<<`;
    const truth = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', `${partial}${computeCheckDigit(partial.slice(0, 10) + partial.slice(13, 20) + partial.slice(21, 35))}`];
    expect(failingChecks(truth, MRZ_LAYOUTS.TD2)).toEqual([]);
    // The number's 0 read O and "repaired"; the 7 of its tail unsure.
    const misread = withChar(truth, 1, 8, 'O');
    const cells = readings(misread, { '1:8': { runnerUp: '0', margin: 0.02 }, '1:28': { runnerUp: '1', margin: 0.03 } });
    const repaired = repairUnsureCells(misread, cells, MRZ_LAYOUTS.TD2);
    expect(repaired.repairs).toEqual([{ line: 1, index: 8, from: 'O', to: '0', field: 'document_number' }]);
    expect(spentCheckCells(repaired.lines, cells, MRZ_LAYOUTS.TD2, repaired.repairs)).toEqual([{ line: 1, index: 28 }]);
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
