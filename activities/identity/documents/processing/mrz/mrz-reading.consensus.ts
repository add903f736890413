// Combines several OCR readings of the same zone (from passes at different scales) by voting
// character by character. OCR errors at different scales are largely independent, so the
// per-position majority corrects what a single pass misreads — including the name, which no check
// digit covers. Pure.

import { rankOf, type ParsedZone } from './mrz-in-text.finder.js';
import { parseMrz } from './mrz.parser.js';

export interface Consensus {
  zone: ParsedZone;
  /** Whether every character had a strict majority among the readings that took part. */
  decisive: boolean;
  /** How many readings voted. */
  voters: number;
}

export function consensusOf(readings: readonly ParsedZone[], now: Date): Consensus | undefined {
  const byFormat = new Map<string, ParsedZone[]>();
  for (const r of readings) byFormat.set(r.fields.format, [...(byFormat.get(r.fields.format) ?? []), r]);
  const largest = [...byFormat.values()].sort((a, b) => b.length - a.length)[0];
  if (!largest || largest.length === 0) return undefined;
  // Best readings first, so a tie goes to the reading with the fewest failed checks.
  const voters = [...largest].sort((a, b) => rankOf(a) - rankOf(b));

  let decisive = true;
  const lines = voters[0]!.lines.map((line, l) =>
    [...line]
      .map((_, i) => {
        const counts = new Map<string, number>();
        for (const v of voters) counts.set(v.lines[l]![i]!, (counts.get(v.lines[l]![i]!) ?? 0) + 1);
        const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
        if (ranked.length > 1 && ranked[0]![1] === ranked[1]![1]) decisive = false;
        return ranked[0]![0];
      })
      .join(''),
  );
  const zone = parseMrz(lines, { now, correctOcrErrors: true });
  return zone.ok ? { zone, decisive, voters: voters.length } : undefined;
}
