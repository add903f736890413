// Finds the holder's postal address in document text. `pdftotext -layout` and OCR keep columns
// side by side on one line, separated by wide gaps, so lines are split into cells by runs of 3+
// spaces and cells that start near the same column, line after line, form a block (a single blank
// line does not end it). Each block's cells, split at commas, are read by address-parts.parser.ts;
// a document's own address in its letterhead is usually found too, so the address nearest below
// the holder's name is preferred, else the first one printed over several lines. When there is
// none, the search says why. Pure.

import { addressesInParts, type PostalAddress } from './address-parts.parser.js';
import { matchPostcode } from './postcode-formats.js';

export type { PostalAddress };

export interface AddressFinding {
  address: PostalAddress;
  /** Line indexes the address spans. */
  firstLine: number;
  lastLine: number;
}

export interface AddressSearch {
  finding?: AddressFinding;
  /** Why no address was found (when none was). */
  reason?: string;
}

export interface AddressSearchOptions {
  /** Line of the holder's name, when known: their address follows it. */
  holderLine?: number;
}

interface Cell {
  line: number;
  column: number;
  text: string;
}

/** How far apart (characters) cells of one column may start. */
const COLUMN_TOLERANCE = 4;
/** How many lines below the holder's name their address may start. */
const HOLDER_ADDRESS_DISTANCE = 4;

export function searchPostalAddress(lines: readonly string[], options: AddressSearchOptions = {}): AddressSearch {
  const findings: AddressFinding[] = [];
  const streetsWithoutLocality: string[] = [];
  for (const block of columnBlocks(lines.flatMap(cellsOf))) {
    const parts = block.flatMap((cell) => cell.text.split(/\s*,\s*/).filter((p) => p.length > 0).map((text) => ({ text, line: cell.line })));
    const scan = addressesInParts(parts.map((p) => p.text));
    streetsWithoutLocality.push(...scan.streetsWithoutLocality);
    for (const found of scan.addresses) findings.push({ address: found.address, firstLine: parts[found.first]!.line, lastLine: parts[found.last]!.line });
  }
  const finding = preferred(findings, options.holderLine);
  return finding ? { finding } : { reason: whyNotFound(lines, streetsWithoutLocality) };
}

export function findPostalAddress(lines: readonly string[], options: AddressSearchOptions = {}): AddressFinding | undefined {
  return searchPostalAddress(lines, options).finding;
}

function preferred(findings: readonly AddressFinding[], holderLine: number | undefined): AddressFinding | undefined {
  const inOrder = [...findings].sort((a, b) => a.firstLine - b.firstLine);
  if (holderLine !== undefined) {
    const below = inOrder.find((f) => f.firstLine >= holderLine && f.firstLine - holderLine <= HOLDER_ADDRESS_DISTANCE);
    if (below) return below;
  }
  return inOrder.find((f) => f.lastLine > f.firstLine) ?? inOrder[0];
}

function whyNotFound(lines: readonly string[], streetsWithoutLocality: readonly string[]): string {
  if (streetsWithoutLocality.length > 0) return `a street line was found ("${streetsWithoutLocality[0]}") but no postcode, or town and country, with it`;
  const postcode = lines.flatMap(cellsOf).find((c) => c.text.split(/\s*,\s*/).some((p) => matchPostcode(p)));
  if (postcode) return `a postcode was found ("${postcode.text}") but no street line with a house number before it`;
  return 'no street line with a house number, and no postcode, in the text';
}

function cellsOf(line: string, index: number): Cell[] {
  const cells: Cell[] = [];
  for (const m of line.matchAll(/\S+(?: {1,2}\S+)*/g)) cells.push({ line: index, column: m.index, text: m[0].trim() });
  return cells;
}

// Cells that start in the same column on following lines (one blank line between is allowed;
// OCR often leaves one between the lines of a block).
function columnBlocks(cells: readonly Cell[]): Cell[][] {
  const byLine = new Map<number, Cell[]>();
  for (const c of cells) byLine.set(c.line, [...(byLine.get(c.line) ?? []), c]);
  const used = new Set<Cell>();
  const blocks: Cell[][] = [];
  for (const start of cells) {
    if (used.has(start)) continue;
    const block = [start];
    used.add(start);
    let line = start.line;
    for (;;) {
      const next = [line + 1, line + 2]
        .map((l) => (byLine.get(l) ?? []).find((c) => !used.has(c) && Math.abs(c.column - start.column) <= COLUMN_TOLERANCE))
        .find((c) => c !== undefined);
      if (!next || (next.line === line + 2 && (byLine.get(line + 1) ?? []).length > 0)) break;
      block.push(next);
      used.add(next);
      line = next.line;
    }
    blocks.push(block);
  }
  return blocks;
}
