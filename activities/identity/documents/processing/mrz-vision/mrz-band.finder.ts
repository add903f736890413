// Finds machine-readable zones among text lines: 3 lines of 30 character cells (TD1) or 2 of 44
// (TD3, MRV-A) or 36 (TD2, MRV-B), of one pitch, stacked at a line spacing, starting at the same
// place. Each zone is returned in both reading orientations (the text direction is only known
// modulo 180°); reading decides which is upright.
//
// A line may have lost glyphs at an end (run into the document's edge or a shadow, washed out by
// glare). Zone lines are all as long and start at the same place, so a short line is placed by a
// complete one, and its lost cells are still sampled where they must be; when every line is short
// (by a glyph or two at most), each placement is a separate hypothesis, and the check digits of
// the reads decide. Pure.

import type { GlyphBlob } from './glyph-blobs.js';
import { fitCellLine, type CellLine } from './mrz-line.fit.js';
import { buildTextLines } from './text-lines.js';

export interface MrzBand {
  /** Lines in reading order, each with cells in reading order. */
  lines: CellLine[];
  /** Characters per line. */
  cells: number;
  /** Whether the zone reads right to left in the image (the image is upside down). */
  turned: boolean;
}

const SHAPES = [
  { lines: 3, cells: 30 },
  { lines: 2, cells: 44 },
  { lines: 2, cells: 36 },
] as const;

/** Lines whose glyphs sit further than this from their fitted cell centres (in pitches) are not zone lines. */
const MAX_FIT_RMS = 0.2;
/** Cells every line of a zone may have lost at its ends and the zone still be tried. */
const MAX_MISSING_CELLS = 2;
/** Share of its cells a line placed by a complete line must have kept. */
const MIN_KEPT_SHARE = 0.55;
/**
 * Runs of empty cells a zone line may have inside it (glyphs lost to glare or noise). Every cell of
 * a zone is printed, fillers included, so text with spaces between words is not a zone line.
 */
const MAX_GAP_RUNS = 3;

export function findMrzBands(blobs: readonly GlyphBlob[], direction: number): MrzBand[] {
  // Walk the lines left to right (the direction's x component positive), so that `turned`
  // means the same whichever of the two opposite angles was measured.
  const angle = direction >= Math.PI / 2 ? direction - Math.PI : direction < -Math.PI / 2 ? direction + Math.PI : direction;
  const lines = buildTextLines(blobs, angle, 15)
    .map((l) => fitCellLine(l, angle))
    .filter((f): f is CellLine => f !== undefined && f.rms <= MAX_FIT_RMS && f.fitted >= f.cells * 0.45 && f.gapRuns <= MAX_GAP_RUNS)
    .sort((a, b) => a.t - b.t);
  const bands: MrzBand[] = [];
  for (const shape of SHAPES) {
    const candidates = lines.filter((l) => l.cells <= shape.cells && l.cells >= shape.cells * MIN_KEPT_SHARE);
    for (let start = 0; start + shape.lines <= candidates.length; start++) {
      const group = candidates.slice(start, start + shape.lines);
      if (!isStack(group)) continue;
      for (const placed of placements(group, shape.cells)) {
        bands.push({ lines: placed, cells: shape.cells, turned: false });
        bands.push(turnedBand(placed, shape.cells));
      }
    }
  }
  return bands;
}

// Every way of numbering the lines' cells so that each line spans the zone's full length and all
// lines start together. A complete line is numbered from its first glyph. A short line is placed
// by its start relative to a complete line, allowing for the shear a perspective view gives the
// zone's edge (measured between complete lines); an unclear placement is kept both ways. When no
// line is complete, their starts are taken as aligned and each placement of the first line is a
// hypothesis.
function placements(group: readonly CellLine[], cells: number): CellLine[][] {
  const pitch = group.reduce((a, l) => a + l.pitch, 0) / group.length;
  const offsets = group.some((l) => l.cells === cells) ? anchoredOffsets(group, cells, pitch) : unanchoredOffsets(group, cells, pitch);
  return offsets.map((o) => group.map((l, i) => shifted(l, o[i]!)));
}

function anchoredOffsets(group: readonly CellLine[], cells: number, pitch: number): number[][] {
  const complete = group.filter((l) => l.cells === cells);
  const ref = complete[0]!;
  const last = complete[complete.length - 1]!;
  const shear = last.t !== ref.t ? (last.sStart - ref.sStart) / (last.t - ref.t) : 0;
  const options = group.map((l) => {
    if (l.cells === cells) return [0];
    const expected = (l.sStart - ref.sStart - shear * (l.t - ref.t)) / pitch;
    const nearest = Math.round(expected);
    const tried = Math.abs(expected - nearest) > 0.3 ? [nearest, expected > nearest ? nearest + 1 : nearest - 1] : [nearest];
    return tried.filter((o) => o >= 0 && o + l.cells <= cells);
  });
  return combinations(options);
}

function unanchoredOffsets(group: readonly CellLine[], cells: number, pitch: number): number[][] {
  if (group.some((l) => l.cells < cells - MAX_MISSING_CELLS)) return [];
  const out: number[][] = [];
  for (let firstOffset = 0; firstOffset <= cells - group[0]!.cells; firstOffset++) {
    const zeroAt = group[0]!.sStart - firstOffset * pitch;
    const offsets = group.map((l) => Math.round((l.sStart - zeroAt) / pitch));
    if (group.every((l, i) => offsets[i]! >= 0 && offsets[i]! + l.cells <= cells)) out.push(offsets);
  }
  return out;
}

function combinations(options: readonly number[][]): number[][] {
  return options.reduce<number[][]>((acc, choices) => acc.flatMap((prefix) => choices.map((c) => [...prefix, c])), [[]]);
}

function shifted(line: CellLine, offset: number): CellLine {
  if (offset === 0) return line;
  return { ...line, centre: (k: number) => line.centre(k - offset), cells: line.cells + offset };
}

// Zone lines share their pitch and follow each other at one line spacing (where they start is
// checked by their placement).
function isStack(group: readonly CellLine[]): boolean {
  const pitch = group.reduce((a, l) => a + l.pitch, 0) / group.length;
  const height = group.reduce((a, l) => a + l.height, 0) / group.length;
  if (group.some((l) => l.pitch < pitch * 0.85 || l.pitch > pitch * 1.15)) return false;
  for (let i = 1; i < group.length; i++) {
    const spacing = group[i]!.t - group[i - 1]!.t;
    if (spacing < 1.15 * height || spacing > 3.5 * height) return false;
  }
  return true;
}

function turnedBand(lines: readonly CellLine[], cells: number): MrzBand {
  return {
    lines: [...lines].reverse().map((l) => ({ ...l, centre: (k: number) => l.centre(cells - 1 - k), t: -l.t, sStart: -l.sStart })),
    cells,
    turned: true,
  };
}
