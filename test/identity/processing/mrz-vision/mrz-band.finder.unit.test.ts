import { describe, expect, it } from 'vitest';
import { findMrzBands } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-band.finder.js';
import { fitCellLine } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-line.fit.js';
import { textDirections } from '../../../../activities/identity/documents/processing/mrz-vision/text-direction.js';
import { buildTextLines } from '../../../../activities/identity/documents/processing/mrz-vision/text-lines.js';
import { affinePlacement, perspectivePlacement, zoneBlobs, type SyntheticZone } from './synthetic-zone.js';

const degrees = (radians: number) => (radians * 180) / Math.PI;
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);

function td3(angle: number, missing?: SyntheticZone['missing']): SyntheticZone {
  return { lines: 2, cells: 44, place: affinePlacement([120, 400], 20, 34, angle), glyph: { width: 13, height: 20 }, angle, ...(missing ? { missing } : {}) };
}

describe('the direction text runs in', () => {
  it.each([0, 2.5, -3, 17, 90, 180 - 1.2])('is measured from the glyphs of a zone turned by %s°', (turn) => {
    const angle = (turn * Math.PI) / 180;
    const [strongest] = textDirections(zoneBlobs(td3(angle)));
    const expected = ((turn % 180) + 180) % 180;
    const found = degrees(strongest!.angle);
    expect(Math.min(Math.abs(found - expected), 180 - Math.abs(found - expected))).toBeLessThan(0.5);
  });
});

describe('fitting zone lines', () => {
  it('numbers the cells of a line and fits their centres, through perspective', () => {
    const place = perspectivePlacement([100, 200], 24, 40, 44, 0.75);
    const blobs = zoneBlobs({ lines: 1, cells: 44, place, glyph: { width: 15, height: 23 } });
    const [line] = buildTextLines(blobs, 0.08, 15);
    const fit = fitCellLine(line!, 0.08)!;
    expect(fit.cells).toBe(44);
    for (const k of [0, 10, 43]) expect(distance(fit.centre(k), place(k, 0))).toBeLessThan(0.5);
    expect(fit.rms).toBeLessThan(0.05);
  });

  it('counts a missing glyph inside the line as a cell, and two glyphs run together as two', () => {
    const place = affinePlacement([50, 50], 20, 34, 0);
    const blobs = zoneBlobs({ lines: 1, cells: 30, place, glyph: { width: 13, height: 20 }, missing: (k) => k === 12 || k === 20 || k === 21 });
    // Cells 20 and 21 printed touching: one blob twice as wide.
    blobs.push({ cx: (place(20, 0)[0] + place(21, 0)[0]) / 2, cy: 50, width: 33, height: 20, area: 200 });
    const [line] = buildTextLines(blobs, 0, 15);
    const fit = fitCellLine(line!, 0)!;
    expect(fit.cells).toBe(30);
    expect(distance(fit.centre(25), place(25, 0))).toBeLessThan(0.5);
  });
});

describe('finding machine-readable zones', () => {
  it('finds a tilted TD3 zone in both reading orientations', () => {
    const angle = (2 * Math.PI) / 180;
    const zone = td3(angle);
    const bands = findMrzBands(zoneBlobs(zone), angle);
    expect(bands.map((b) => [b.cells, b.lines.length, b.turned])).toEqual([[44, 2, false], [44, 2, true]]);
    const [upright, turned] = bands as [typeof bands[0], typeof bands[0]];
    expect(distance(upright.lines[0]!.centre(0), zone.place(0, 0))).toBeLessThan(0.5);
    expect(distance(upright.lines[1]!.centre(43), zone.place(43, 1))).toBeLessThan(0.5);
    // Turned: the reading starts at the other corner.
    expect(distance(turned.lines[0]!.centre(0), zone.place(43, 1))).toBeLessThan(0.5);
  });

  it('finds a TD1 zone of three lines and not a pair of them', () => {
    const zone: SyntheticZone = { lines: 3, cells: 30, place: affinePlacement([60, 90], 22, 36, 0), glyph: { width: 14, height: 22 } };
    const bands = findMrzBands(zoneBlobs(zone), 0);
    expect(bands.map((b) => [b.cells, b.lines.length])).toEqual([[30, 3], [30, 3]]);
  });

  it('places a line that lost its first glyphs by the complete line, and keeps both guesses when every line lost one', () => {
    const partly = findMrzBands(zoneBlobs(td3(0, (k, l) => l === 1 && k < 6)), 0).filter((b) => !b.turned);
    expect(partly).toHaveLength(1);
    expect(distance(partly[0]!.lines[1]!.centre(0), td3(0).place(0, 1))).toBeLessThan(0.5);

    const everyLine = findMrzBands(zoneBlobs(td3(0, (k) => k === 0)), 0).filter((b) => !b.turned);
    const firstCells = everyLine.map((b) => b.lines[0]!.centre(0)[0]).sort((a, b) => a - b);
    expect(everyLine).toHaveLength(2);
    // One guess has the first glyph lost (cell 0 where nothing is left), the other the last.
    expect(firstCells[0]).toBeCloseTo(td3(0).place(0, 0)[0], 0);
    expect(firstCells[1]).toBeCloseTo(td3(0).place(1, 0)[0], 0);
  });

  it('does not take ordinary text lines for a zone', () => {
    // Two lines of 20 words of 4 letters: gaps between words break the even pitch.
    const place = (k: number, l: number): [number, number] => [40 + k * 20 + Math.floor(k / 4) * 22, 60 + l * 34];
    const blobs = zoneBlobs({ lines: 2, cells: 36, place, glyph: { width: 13, height: 20 } });
    expect(findMrzBands(blobs, 0)).toEqual([]);
  });
});
