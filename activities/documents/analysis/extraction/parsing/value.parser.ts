// Turns the words next to a label into a value of the property's JSON Schema type: a date
// (format date / date-time, or a field named *date*) to ISO 8601, a number or integer from a
// written amount, a boolean from yes/no words in four languages, an enum value, or a string
// (cut to the schema's pattern or format when it has one). Returns the words the value was read
// from, for its location, and how many words had to be skipped to reach it. Pure.

import { compileLinearPattern, type LinearPattern } from '../../../../../infra/regex/linear-regexp.js';
import { foldText } from '../../text/text-folding.js';
import type { JsonSchema } from '../extraction-schema.js';
import type { LayoutWord } from '../layout/document-layout.js';
import { parseAmount } from './amount.parser.js';
import { parseDate, parseMonthYear, type DateOrder } from './date.parser.js';

export interface ParseContext {
  dateOrder: DateOrder;
  /** Folded property name, to tell date strings and identifiers from free text. */
  fieldName: string;
}

export interface ParsedValue {
  value: unknown;
  words: LayoutWord[];
  skipped: number;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', 'ja', 'oui', 'si', 'x', '✓', '✔', '☑', 'paid', 'bezahlt', 'paye', 'pagado']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'nein', 'non', '✗', '☐', 'unpaid', 'offen']);
const MAX_SKIP = 2;
const CURRENCY_WORD = /^(€|\$|£|¥|EUR|USD|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN)$/i;

export function primaryType(schema: JsonSchema): string {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  return t ?? (schema.enum ? 'string' : schema.properties ? 'object' : 'string');
}

export function isDateField(schema: JsonSchema, fieldName: string): boolean {
  return schema.format === 'date' || schema.format === 'date-time' || (primaryType(schema) === 'string' && /(^| )(date|datum|fecha|day)( |$)/.test(fieldName) && !schema.enum);
}

export function parseValue(words: readonly LayoutWord[], schema: JsonSchema, ctx: ParseContext): ParsedValue | null {
  const cleaned = dropLeadingPunctuation(words);
  if (cleaned.words.length === 0) return null;
  const type = primaryType(schema);
  if (schema.enum) return parseEnum(cleaned.words, schema.enum, cleaned.skipped);
  if (isDateField(schema, ctx.fieldName)) return parseDateWords(cleaned.words, ctx, cleaned.skipped);
  if (type === 'number' || type === 'integer') return parseNumberWords(cleaned.words, type === 'integer', cleaned.skipped);
  if (type === 'boolean') {
    const first = cleaned.words[0]!;
    const t = foldText(first.word.text).replace(/[^\p{L}✓✔☑✗☐]/gu, '');
    if (TRUE_WORDS.has(t)) return { value: true, words: [first], skipped: cleaned.skipped };
    if (FALSE_WORDS.has(t)) return { value: false, words: [first], skipped: cleaned.skipped };
    return null;
  }
  if (type === 'string') return parseStringWords(cleaned.words, schema, ctx, cleaned.skipped);
  return null;
}

function dropLeadingPunctuation(words: readonly LayoutWord[]): { words: LayoutWord[]; skipped: number } {
  let i = 0;
  while (i < words.length && /^[:#\-–—.=|/]+$/.test(words[i]!.word.text)) i++;
  return { words: words.slice(i), skipped: 0 };
}

function joinText(words: readonly LayoutWord[]): string {
  return words.map((w) => w.word.text).join(' ');
}

function parseDateWords(words: readonly LayoutWord[], ctx: ParseContext, skipped: number): ParsedValue | null {
  for (let s = 0; s <= Math.min(MAX_SKIP, words.length - 1); s++) {
    for (let len = 1; len <= 4 && s + len <= words.length; len++) {
      const slice = words.slice(s, s + len);
      const iso = parseDate(joinText(slice), ctx.dateOrder);
      if (iso) return { value: iso, words: slice, skipped: skipped + s };
    }
  }
  const my = parseMonthYear(joinText(words.slice(0, 3)));
  return my ? { value: my, words: words.slice(0, 2), skipped } : null;
}


function parseNumberWords(words: readonly LayoutWord[], integer: boolean, skipped: number): ParsedValue | null {
  for (let s = 0; s <= Math.min(MAX_SKIP, words.length - 1); s++) {
    const w = words[s]!;
    // Not a digit, or a rate ("19%") printed between a label and its amount.
    if (!/\d/.test(w.word.text) || w.word.text.includes('%') || /^\(?%/.test(words[s + 1]?.word.text ?? '')) continue;
    const used = [w];
    let text = w.word.text;
    // "1 234,56" printed with a space: join digit groups that follow.
    for (let k = s + 1; k < words.length && /^\d{3}([.,]\d{1,2})?(\D.*)?$/.test(words[k]!.word.text) && /(^|\D)\d{1,3}$/.test(text); k++) {
      text += ' ' + words[k]!.word.text;
      used.push(words[k]!);
    }
    const before = words[s - 1];
    const after = words[s + used.length];
    if (before && CURRENCY_WORD.test(before.word.text)) used.unshift(before);
    if (after && (CURRENCY_WORD.test(after.word.text) || /^(-|CR|DR|S|H)$/i.test(after.word.text))) used.push(after);
    const parsed = parseAmount(used.map((u) => u.word.text).join(' '));
    if (!parsed) continue;
    if (/^(DR|S)$/i.test(after?.word.text ?? '') && parsed.value > 0) parsed.value = -parsed.value;
    if (integer && !Number.isInteger(parsed.value)) continue;
    const skippedWords = words.slice(0, s).filter((x) => !CURRENCY_WORD.test(x.word.text)).length;
    return { value: parsed.value, words: used, skipped: skipped + skippedWords };
  }
  return null;
}

function parseEnum(words: readonly LayoutWord[], values: readonly unknown[], skipped: number): ParsedValue | null {
  const folded = words.slice(0, 6).map((w) => foldText(w.word.text).replace(/[^\p{L}\p{N}]/gu, ''));
  for (const v of values) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const target = foldText(String(v)).replace(/[^\p{L}\p{N}]/gu, '');
    const i = folded.findIndex((f) => f === target || symbolCode(f) === target);
    if (i >= 0) return { value: v, words: [words[i]!], skipped: skipped + i };
  }
  return null;
}

function symbolCode(folded: string): string {
  return ({ '€': 'eur', $: 'usd', '£': 'gbp' } as Record<string, string>)[folded] ?? folded;
}

function parseStringWords(words: readonly LayoutWord[], schema: JsonSchema, ctx: ParseContext, skipped: number): ParsedValue | null {
  const text = joinText(words);
  if (typeof schema.pattern === 'string') {
    let re: LinearPattern;
    try {
      re = compileLinearPattern(schema.pattern.replace(/^\^/, '').replace(/\$$/, ''), 'u');
    } catch {
      return null;
    }
    for (let s = 0; s < words.length; s++) {
      for (let len = words.length - s; len >= 1; len--) {
        const slice = words.slice(s, s + len);
        const candidate = slice.map((w) => w.word.text).join(' ');
        const m = re.exec(candidate);
        if (m && m[0] === candidate) return { value: candidate, words: slice, skipped: skipped + s };
        const compact = slice.map((w) => w.word.text).join('');
        const mc = re.exec(compact);
        if (mc && mc[0] === compact) return { value: compact, words: slice, skipped: skipped + s };
      }
    }
    return null;
  }
  if (schema.format === 'email') {
    const i = words.findIndex((w) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(w.word.text.replace(/[,;]$/, '')));
    return i >= 0 ? { value: words[i]!.word.text.replace(/[,;]$/, ''), words: [words[i]!], skipped: skipped + i } : null;
  }
  if (/(^| )iban$/.test(ctx.fieldName)) return parseIbanWords(words, skipped);
  // Identifiers (number, no, id, ref, code) hold at least one digit.
  if (/(^| )(number|no|nr|id|ref|reference|code|nummer|numero|num)( |$)/.test(ctx.fieldName)) {
    const i = words.findIndex((w) => /\d/.test(w.word.text));
    if (i < 0 || i > MAX_SKIP) return null;
    // "Date of invoice: August 12, 2026" under an "invoice" label: the digits are a day, not a number.
    if (partOfDate(words, i, ctx)) return null;
    return { value: words[i]!.word.text.replace(/[,;]$/, ''), words: [words[i]!], skipped: skipped + i };
  }
  const rest = afterLabelTail(words);
  const value = joinText(rest).replace(/^[:#\s]+/, '').trim();
  return value ? { value, words: rest, skipped } : null;
}

/** Word `i` belongs to a date printed with the words around it ("12" in "August 12, 2026"). */
function partOfDate(words: readonly LayoutWord[], i: number, ctx: ParseContext): boolean {
  for (let start = Math.max(0, i - 2); start <= i; start++) {
    for (let end = i + 1; end <= Math.min(words.length, start + 4); end++) {
      if (end - start < 2) continue; // a lone "2026-0012" or "12.03" reads as an identifier
      if (parseDate(joinText(words.slice(start, end)).replace(/[,;]$/, ''), ctx.dateOrder)) return true;
    }
  }
  return false;
}

/**
 * A label the vocabulary knows only the head of runs on to its colon: "Nombre | del trabajador: Javier
 * Morales", "Empresa | pagadora:Talleres Vega". When the words after the matched label reach a colon
 * within MAX_LABEL_TAIL words, all of them letters, those words are the rest of the label and the
 * value starts after the colon. A colon after a digit ("Ref 12: …") or further on belongs to the value.
 */
const MAX_LABEL_TAIL = 3;
function afterLabelTail(words: readonly LayoutWord[]): LayoutWord[] {
  for (let i = 0; i < Math.min(words.length, MAX_LABEL_TAIL); i++) {
    const text = words[i]!.word.text;
    const colon = text.indexOf(':');
    if (colon < 0) {
      if (!/^[\p{L}'’.()/-]+$/u.test(text)) return [...words];
      continue;
    }
    if (!/^[\p{L}'’.()/-]*$/u.test(text.slice(0, colon))) return [...words];
    const inWord = text.slice(colon + 1).trim();
    if (!inWord) return words.slice(i + 1);
    // "pagadora:Talleres": the value begins inside the word; keep the word without its label part.
    return [{ ...words[i]!, word: { ...words[i]!.word, text: inWord } }, ...words.slice(i + 1)];
  }
  return [...words];
}

/**
 * An IBAN printed in groups ("DE89 3704 0044 0532 0130 00"): the longest run of words from the
 * first that reads as one (country, check digits, up to 30 letters and digits) and passes the
 * ISO 13616 mod-97 check, so a date or code printed right after it is not taken in; without a
 * valid one, the longest run of that shape. The value keeps the printed grouping.
 */
function parseIbanWords(words: readonly LayoutWord[], skipped: number): ParsedValue | null {
  const start = words.findIndex((w) => /^[A-Z]{2}\d{2}/.test(w.word.text));
  if (start < 0 || start > MAX_SKIP) return null;
  let shaped: ParsedValue | null = null;
  let compact = '';
  for (let end = start; end < words.length; end++) {
    compact += words[end]!.word.text.toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{0,30}$/.test(compact)) break;
    const slice = words.slice(start, end + 1);
    const candidate = { value: slice.map((w) => w.word.text).join(' '), words: slice, skipped: skipped + start };
    if (compact.length >= 15 && ibanChecksumValid(compact)) shaped = { ...candidate, valid: true } as ParsedValue;
    else if (!shaped || !(shaped as { valid?: boolean }).valid) shaped = candidate;
  }
  if (!shaped) return null;
  const { valid: _valid, ...value } = shaped as ParsedValue & { valid?: boolean };
  return value;
}

function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const c of rearranged) {
    const n = /\d/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const d of n) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
