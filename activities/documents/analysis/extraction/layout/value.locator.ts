// Finds a field's value next to its label: to the right on the same line, or on the line below
// (aligned with the label). Every label occurrence gives candidates; each is parsed by the
// property's type and scored — longer labels, values right after the label, a colon, a label
// at the start of its line score higher; values below score a little less than values to the
// right; words skipped between label and value cost. Pure.

import type { JsonSchema } from '../extraction-schema.js';
import type { FieldRule } from '../extraction-rules.parser.js';
import { parseValue, type ParseContext, type ParsedValue } from '../parsing/value.parser.js';
import { gapBetween, lineHeight, segmentFrom, type DocumentLayout, type LayoutLine, type LayoutWord } from './document-layout.js';
import type { LabelHit } from './label.finder.js';

export interface LocatedValue extends ParsedValue {
  label: LabelHit | null;
  score: number;
}

const BELOW_WEIGHT = 0.8;
const SKIP_COST = 0.25;

export function locateValue(
  layout: DocumentLayout,
  hits: readonly LabelHit[],
  schema: JsonSchema,
  ctx: ParseContext,
  rule: FieldRule | undefined,
  preferLast: boolean,
  labelWords: ReadonlySet<LayoutWord> = new Set(),
): LocatedValue | null {
  let best: LocatedValue | null = null;
  // A candidate made only of label words is the next label in a row of labels, not a value.
  const notLabel = (v: ParsedValue | null) => (v && isLabelRun(v.words, labelWords) ? null : v);
  for (const hit of hits) {
    const base = labelScore(hit);
    const right = valueRightOf(layout, hit, schema, ctx, labelWords);
    const below = notLabel(valueBelow(layout, hit, schema, ctx));
    const candidates: [ParsedValue | null, number][] = [
      [right, rule?.position === 'below' ? 0.5 : 1],
      [below, rule?.position === 'right' ? 0.4 : BELOW_WEIGHT],
    ];
    for (const [value, weight] of candidates) {
      if (!value) continue;
      const score = base * weight * Math.max(0.1, 1 - SKIP_COST * value.skipped);
      const better = !best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && preferLast && hit.line.order > (best.label?.line.order ?? -1));
      if (better) best = { ...value, label: hit, score };
    }
  }
  return best;
}

/** Words that are all some label's (words without label tokens, like "le" or ":", count as either). */
function isLabelRun(words: readonly LayoutWord[], labelWords: ReadonlySet<LayoutWord>): boolean {
  return words.some((w) => labelWords.has(w)) && words.every((w) => labelWords.has(w) || w.tokens.length === 0);
}

function labelScore(hit: LabelHit): number {
  let score = 1 + 0.25 * (hit.tokenCount - 1);
  const line = hit.line;
  const labelWord = line.words[hit.end]!;
  const next = line.words[hit.end + 1];
  if (/[:#]\s*$/.test(labelWord.word.text) || (next && /^[:#]$/.test(next.word.text))) score *= 1.15;
  const prev = line.words[hit.start - 1];
  if (!prev || gapBetween(line, prev.word, line.words[hit.start]!.word) > lineHeight(line) * 2) score *= 1.1;
  return score;
}

function valueRightOf(layout: DocumentLayout, hit: LabelHit, schema: JsonSchema, ctx: ParseContext, labelWords: ReadonlySet<LayoutWord>): ParsedValue | null {
  const line = hit.line;
  if (hit.end + 1 >= line.words.length) return null;
  // The value may stand after a column gap ("Total ........ 1,234.00"): allow one gap, then a segment.
  const first = segmentFrom(line, hit.end + 1);
  const column = labelTailBeforeValueColumn(layout, hit, first);
  if (column) {
    const parsed = parseValue(column, schema, ctx);
    return parsed && !isLabelRun(parsed.words, labelWords) ? parsed : null;
  }
  // After a column gap, a segment made only of label words is the next field's label.
  if (isLabelRun(first, labelWords) && gapBetween(line, line.words[hit.end]!.word, first[0]!.word) > lineHeight(line) * 2.2) return null;
  const parsed = parseValue(first, schema, ctx);
  if (parsed && !isLabelRun(parsed.words, labelWords)) return parsed;
  if (parsed) return null;
  const gapStart = hit.end + 1 + first.length;
  if (gapStart >= line.words.length) return null;
  const second = segmentFrom(line, gapStart);
  if (isLabelRun(second, labelWords)) return null;
  const viaGap = parseValue(second, schema, ctx);
  return viaGap ? { ...viaGap, skipped: viaGap.skipped + 1 } : null;
}

/**
 * "Steuerpflichtige | Person      Mehmet Yılmaz": the label matched only its head and the words right
 * after it (same phrase, letters only, no colon) are the rest of it, when what follows the column gap
 * starts where the values of the lines above or below start too (a column of values beside a column
 * of labels). Returns that value segment, or null when the words after the label may be the value.
 */
function labelTailBeforeValueColumn(layout: DocumentLayout, hit: LabelHit, first: readonly LayoutWord[]): LayoutWord[] | null {
  const line = hit.line;
  const labelEnd = line.words[hit.end]!;
  if (/[:#]\s*$/.test(labelEnd.word.text) || first.length === 0 || first.length > 3) return null;
  if (gapBetween(line, labelEnd.word, first[0]!.word) > lineHeight(line) * 2.2) return null;
  if (!first.every((w) => /^[\p{L}'’.()/-]+$/u.test(w.word.text))) return null;
  const nextStart = first[first.length - 1]!.index + 1;
  if (nextStart >= line.words.length) return null;
  const value = segmentFrom(line, nextStart);
  const left = value[0]!.word.bbox.left;
  const alignedValueOn = (other: LayoutLine | undefined): boolean => {
    if (!other || other.page !== line.page) return false;
    return other.words.some((w, k) => k > 0 && Math.abs(w.word.bbox.left - left) < 0.005 && gapBetween(other, other.words[k - 1]!.word, w.word) > lineHeight(other) * 2.2);
  };
  return alignedValueOn(layout.lines[line.order - 1]) || alignedValueOn(layout.lines[line.order + 1]) ? value : null;
}

function valueBelow(layout: DocumentLayout, hit: LabelHit, schema: JsonSchema, ctx: ParseContext): ParsedValue | null {
  const line = hit.line;
  const next = layout.lines[line.order + 1];
  if (!next || next.page !== line.page) return null;
  if ((next.top - line.bottom) * line.pageHeight > lineHeight(line) * 2.5) return null;
  const left = line.words[hit.start]!.word.bbox.left;
  const labelRight = line.words[hit.end]!.word.bbox.left + line.words[hit.end]!.word.bbox.width;
  const tolerance = 0.02;
  const startIndex = next.words.findIndex((w) => w.word.bbox.left + w.word.bbox.width > left - tolerance && w.word.bbox.left < labelRight + 0.05);
  if (startIndex < 0) return null;
  const words = segmentFrom(next, startIndex);
  // Not when the line below is itself a row of labels (the label belongs to a table header).
  return parseValue(words, schema, ctx);
}

/** The block of lines under (or right of) a label, e.g. the address after "Bill to:", as text lines. */
export function blockAfter(layout: DocumentLayout, hit: LabelHit, maxLines: number): LayoutWord[][] {
  const line = hit.line;
  const block: LayoutWord[][] = [];
  const rightPart = segmentFrom(line, hit.end + 1).filter((w) => !/^[:#]$/.test(w.word.text));
  const left = rightPart[0]?.word.bbox.left ?? line.words[hit.start]!.word.bbox.left;
  if (rightPart.length) block.push(rightPart);
  let previous: LayoutLine = line;
  for (let k = line.order + 1; k < layout.lines.length && block.length < maxLines; k++) {
    const next = layout.lines[k]!;
    if (next.page !== line.page || (next.top - previous.bottom) * line.pageHeight > lineHeight(previous) * 1.6) break;
    const start = next.words.findIndex((w) => Math.abs(w.word.bbox.left - left) < 0.03);
    if (start < 0) {
      if (block.length > 0) break;
      continue;
    }
    block.push(segmentFrom(next, start));
    previous = next;
  }
  return block;
}
