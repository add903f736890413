// Finds machine-readable-zone candidates in OCR output: 3 consecutive lines of 30 characters
// (TD1) or 2 of 36 (TD2, MRV-B) or 44 (TD3, MRV-A). OCR garbles filler runs most: it drops or
// doubles '<', reads it as K (or, inside a long run, as some other letter), and may drop many of
// the trailing fillers of the name. So each line is fitted to the zone length by its role:
// - the name line ends in fillers only: from where its trailing filler run starts, the rest is
//   rewritten as fillers of the right length (and a misread separator is restored, see tidyName);
// - other lines: K between fillers and a lone letter inside a long filler run become fillers, and
//   a line a few characters off is fitted by lengthening or shortening one filler run (each run
//   is tried), a much shorter one by lengthening its longest run.
// The parser's check digits then decide which candidate, if any, is right.

import { cartesianProduct } from './cartesian-product.js';

const ZONE_SHAPES = [
  // The name is the last line of a TD1 and the first of the others, after the 5-character header.
  { lines: 3, length: 30, nameLine: 2, nameStart: 0 },
  { lines: 2, length: 44, nameLine: 0, nameStart: 5 },
  { lines: 2, length: 36, nameLine: 0, nameStart: 5 },
] as const;

/** How far off a line may be and have any of its filler runs refitted. */
const MAX_LENGTH_DRIFT = 3;
/** Variants kept per line and candidates overall, to bound the parsing work. */
const MAX_VARIANTS_PER_LINE = 4;
const MAX_CANDIDATES = 48;

export interface MrzCandidate {
  lines: string[];
  /** Characters added or removed to fit the lines to the zone length (0 = read as is). */
  adjustments: number;
}

/** Cleans one OCR line: uppercase, no whitespace, '«' as two fillers, only MRZ characters kept. */
export function cleanMrzLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/«/g, '<<')
    .replace(/[^A-Z0-9<]/g, '');
}

export function locateMrzCandidates(ocrText: string): MrzCandidate[] {
  const lines = ocrText.split(/\r?\n/).map(cleanMrzLine).filter((l) => l.length > 0);
  const candidates: MrzCandidate[] = [];
  for (const shape of ZONE_SHAPES) {
    for (let start = 0; start + shape.lines <= lines.length; start++) {
      const window = lines.slice(start, start + shape.lines);
      const variants = window.map((l, i) => (i === shape.nameLine ? fittedNameLine(l, shape.length, shape.nameStart) : fittedDataLine(l, shape.length)));
      if (variants.some((v) => v.length === 0)) continue;
      for (const combo of cartesianProduct(variants)) {
        candidates.push({ lines: combo.map((v) => v.line), adjustments: combo.reduce((sum, v) => sum + v.adjustments, 0) });
      }
    }
  }
  return candidates.sort((a, b) => a.adjustments - b.adjustments).slice(0, MAX_CANDIDATES);
}

interface LineVariant {
  line: string;
  adjustments: number;
}

function fittedNameLine(raw: string, length: number, nameStart: number): LineVariant[] {
  const line = raw.slice(0, nameStart) + tidyName(raw.slice(nameStart));
  const end = trailingFillerStart(line, nameStart);
  const kept = end === undefined ? line : line.slice(0, end).replace(/<[KX]$/, '');
  if (kept.length > length || (end === undefined && line.length < length - 2 && !line.endsWith('<'))) return [];
  const fitted = kept + '<'.repeat(length - kept.length);
  return [{ line: fitted, adjustments: fitted === raw ? 0 : Math.max(1, Math.abs(raw.length - length)) }];
}

// A name never holds three fillers in a row before its end, nor a filler, K or X, filler between
// two parts: those are the '<<' separator with a filler misread or doubled. (A lone K or X just
// before the trailing fillers is dropped for the same reason, in fittedNameLine.)
function tidyName(name: string): string {
  return name.replace(/(?<=[A-Z])<[KX]<(?=[A-Z])/g, '<<').replace(/(?<=[A-Z])<{3,}(?=[A-Z]{2})/g, '<<');
}

// Where the name's trailing filler run starts: the first '<' from which the rest of the line is
// at least two-thirds fillers (K counted as a misread filler) with at most two other characters,
// and that begins with at least two fillers. "SMITH<<KWAME<<<<" starts at the third '<' run,
// not at "<<K" (KWAME is a name).
function trailingFillerStart(line: string, nameStart: number): number | undefined {
  for (let i = nameStart; i < line.length; i++) {
    if (line[i] !== '<') continue;
    const rest = line.slice(i);
    const fillers = rest.replace(/[^<]/g, '').length;
    const others = rest.replace(/[<K]/g, '').length;
    if (/^<[<K]/.test(rest) && others <= 2 && fillers >= (rest.length * 2) / 3 && rest.length >= 3) return i;
  }
  return undefined;
}

function fittedDataLine(raw: string, length: number): LineVariant[] {
  // K between fillers, and a lone character with 3+ fillers on each side, are misread fillers.
  const line = raw
    .replace(/(?<=<)K+(?=<)/g, (ks) => '<'.repeat(ks.length))
    .replace(/(?<=<{3})[A-Z0-9](?=<{3})/g, '<');
  const cleaned = line === raw ? 0 : 1;
  const drift = length - line.length;
  if (drift === 0) return [{ line, adjustments: cleaned }];
  if (drift < -MAX_LENGTH_DRIFT || drift > length / 2) return [];
  // Longest filler runs first: a dropped or extra '<' is likeliest in a long run.
  const runs = [...line.matchAll(/<{2,}/g)]
    .map((m) => ({ start: m.index, length: m[0].length }))
    .filter((r) => r.length + drift >= 1)
    .sort((a, b) => b.length - a.length)
    .slice(0, drift > MAX_LENGTH_DRIFT ? 1 : MAX_VARIANTS_PER_LINE);
  return runs.map((run) => ({
    line: line.slice(0, run.start) + '<'.repeat(run.length + drift) + line.slice(run.start + run.length),
    adjustments: Math.abs(drift) + cleaned,
  }));
}
