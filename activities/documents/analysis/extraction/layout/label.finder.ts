// Finds where a field's labels are printed: runs of consecutive words whose folded tokens are
// exactly the label's tokens. A label inside a longer label of another field at the same place
// ("Total" inside "Total excl. VAT") is dropped by the caller (dropShadowedHits).

import { segmentFrom, type DocumentLayout, type LayoutLine, type LayoutWord } from './document-layout.js';

export interface LabelHit {
  field: string;
  line: LayoutLine;
  /** First and last word index of the label in its line. */
  start: number;
  end: number;
  tokenCount: number;
}

export function findLabelHits(layout: DocumentLayout, field: string, labels: readonly string[][], lines?: readonly LayoutLine[]): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const line of lines ?? layout.lines) {
    for (let i = 0; i < line.words.length; i++) {
      for (const label of labels) {
        const end = matchAt(line, i, label);
        if (end !== null && negated(line, i)) break;
        if (end !== null) {
          hits.push({ field, line, start: i, end, tokenCount: label.length });
          break; // labels are longest first: keep the longest at this start
        }
      }
    }
  }
  return hits;
}

/**
 * Words that turn the label after them into another field's: "Amount before tax", "Total excl. VAT",
 * "Summe ohne MwSt.", "Montant hors TVA", "Importe sin IVA" are the net amount, not the tax.
 */
const NEGATIONS = new Set(['excl', 'excluding', 'exclusive', 'without', 'before', 'ex', 'exkl', 'exklusive', 'ohne', 'vor', 'hors', 'sans', 'avant', 'sin', 'antes']);

/** The word before `i` on its line, close enough to be one phrase with it, is a negation. */
function negated(line: LayoutLine, i: number): boolean {
  const prev = line.words[i - 1];
  if (!prev || prev.tokens.length !== 1 || !NEGATIONS.has(prev.tokens[0]!)) return false;
  return segmentFrom(line, i - 1).length > 1;
}

/** Index of the last word when the label's tokens start exactly at word `i` and end at a word's end. */
function matchAt(line: LayoutLine, i: number, label: readonly string[]): number | null {
  let t = 0;
  for (let w = i; w < line.words.length; w++) {
    const tokens = line.words[w]!.tokens;
    if (tokens.length === 0) {
      if (t === 0) return null;
      continue; // a lone ":" or "#" inside a label
    }
    for (let k = 0; k < tokens.length; k++) {
      // "Date/Time", "DNI/NIF": a label may end inside a word at a slash between alternatives.
      if (t === label.length) return /\//.test(line.words[w]!.word.text) ? w : null;
      if (tokens[k] !== label[t]) return null;
      t++;
    }
    if (t === label.length) return w;
  }
  return null;
}

/** Drops hits contained in a longer hit of another field on the same line. */
export function dropShadowedHits(hits: readonly LabelHit[]): LabelHit[] {
  return hits.filter(
    (h) => !hits.some((o) => o !== h && o.field !== h.field && o.line === h.line && o.start <= h.start && o.end >= h.end && o.tokenCount > h.tokenCount),
  );
}

/**
 * Words that belong to some label on the page: every label of every synonym group and of the
 * schema's fields. A value candidate made only of such words is another field's label (a row of
 * labels with their values under them), not a value.
 */
export function labelWordsOf(layout: DocumentLayout, labels: readonly string[][]): Set<LayoutWord> {
  const out = new Set<LayoutWord>();
  for (const hit of findLabelHits(layout, '', labels)) for (let i = hit.start; i <= hit.end; i++) out.add(hit.line.words[i]!);
  return out;
}
