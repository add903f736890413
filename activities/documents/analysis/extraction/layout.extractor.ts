// The built-in extractor: walks the schema's properties and finds each value on the page from its
// labels (field-labels.ts) and the layout (value.locator.ts, table.reader.ts). Nested objects are
// searched first in the block under their own label ("Bill to:" → name, address); arrays of
// objects are read as tables. A few fields have a fallback when no label is printed: the issuer
// (the largest line at the top of page 1), the currency (the one the amounts show), and fields
// with a pattern or an e-mail format (searched on every line). Pure apart from being async.

import { foldTokens } from '../text/text-folding.js';
import { locationsOfWords, type Location } from '../location.js';
import type { DateOrder } from './parsing/date.parser.js';
import { parseAmount } from './parsing/amount.parser.js';
import { parseValue, primaryType, type ParseContext } from './parsing/value.parser.js';
import type { JsonSchema } from './extraction-schema.js';
import { parseExtractionRules, type ExtractionRules } from './extraction-rules.parser.js';
import type { ExtractionInput, ExtractionOutput, Extractor } from './extractor.js';
import { labelsForField, nameTokens } from './field-labels.js';
import { buildLayout, segmentFrom, type DocumentLayout, type LayoutLine, type LayoutWord } from './layout/document-layout.js';
import { dropShadowedHits, findLabelHits, labelWordsOf, type LabelHit } from './layout/label.finder.js';
import { FIELD_SYNONYMS } from './field-synonyms.js';
import { labelTokens } from './label-tokens.js';
import { readTables } from './layout/table.reader.js';
import { blockAfter, locateValue } from './layout/value.locator.js';

interface Walk {
  layout: DocumentLayout;
  rules: ExtractionRules;
  dateOrder: DateOrder;
  coordinates: Record<string, Location[]>;
  /** Words of the page that are some field's label (label.finder.ts labelWordsOf). */
  labelWords: ReadonlySet<LayoutWord>;
}

const ISSUER_FIELD = /(^| )(vendor|supplier|seller|issuer|merchant|company|biller|store|employer|bank)( name)?$/;
const ADDRESS_FIELD = /(^| )(address|anschrift|adresse|direccion)$/;
const NAME_FIELD = /(^| )(name|company|holder)$/;
const TITLE_WORD = /^(invoice|receipt|rechnung|facture|factura|statement|kontoauszug|payslip|quittung|recibo|recu|kassenbon|gehaltsabrechnung|stromrechnung|bank|bill)$/i;
const PREFER_LAST = /(^| )(total|closing|net|due|balance|payable)( |$)/;

export class LayoutExtractor implements Extractor {
  readonly name = 'layout';

  async extract(input: ExtractionInput): Promise<ExtractionOutput> {
    const layout = buildLayout(input.text);
    const props = input.schema.schema.properties ?? {};
    const rules = parseExtractionRules(input.rules, fieldPaths(props, ''));
    const known = [
      ...FIELD_SYNONYMS.flatMap((g) => g.labels.map((l) => labelTokens(l))),
      ...Object.entries(props).flatMap(([name, s]) => labelsForField(name, s, rules.fields.get(name)?.labels ?? [], false)),
    ].filter((l) => l.length > 0);
    const walk: Walk = { layout, rules, dateOrder: rules.dateOrder ?? inferDateOrder(layout, input.language), coordinates: {}, labelWords: labelWordsOf(layout, known.sort((a, b) => b.length - a.length)) };
    const data = extractObject(walk, props, '', layout.lines);
    return { data, coordinates: walk.coordinates };
  }
}

function fieldPaths(props: Record<string, JsonSchema>, prefix: string): string[] {
  return Object.entries(props).flatMap(([name, s]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const nested = s.properties ? fieldPaths(s.properties, path) : s.items?.properties ? fieldPaths(s.items.properties, path) : [];
    return [path, ...nested];
  });
}

function extractObject(walk: Walk, props: Record<string, JsonSchema>, prefix: string, lines: readonly LayoutLine[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const labelsOf = new Map(Object.entries(props).map(([name, s]) => [name, labelsForField(name, s, walk.rules.fields.get(pathOf(prefix, name))?.labels ?? [], false)]));
  const hits = dropShadowedHits(Object.keys(props).flatMap((name) => findLabelHits(walk.layout, name, labelsOf.get(name)!, lines)));

  for (const [name, schema] of Object.entries(props)) {
    const path = pathOf(prefix, name);
    const type = primaryType(schema);
    if (type === 'object' && schema.properties) {
      const own = hits.filter((h) => h.field === name);
      const region = own.length ? regionUnder(walk.layout, own[0]!) : lines;
      const nested = extractObject(walk, schema.properties, path, region);
      fillBlockFields(walk, schema.properties, path, nested, own[0]);
      if (Object.keys(nested).length) out[name] = nested;
      continue;
    }
    if (type === 'array') {
      if (schema.items && primaryType(schema.items) === 'object' && schema.items.properties) {
        const rows = readTables(walk.layout, schema.items, (f) => walk.rules.fields.get(`${path}.${f}`)?.labels ?? [], walk.dateOrder);
        if (rows.length) {
          out[name] = rows.map((r) => r.values);
          rows.forEach((r, i) => {
            for (const [f, words] of Object.entries(r.words)) walk.coordinates[`${path}[${i}].${f}`] = locationsOfWords(words.map((w) => w.word));
          });
        }
      }
      continue;
    }
    const ctx: ParseContext = { dateOrder: walk.dateOrder, fieldName: nameTokens(name).join(' ') };
    const own = hits.filter((h) => h.field === name);
    let found: { value: unknown; words: LayoutWord[] } | null = null;
    if (ADDRESS_FIELD.test(ctx.fieldName) && type === 'string' && own.length) found = addressAfter(walk.layout, own[0]!);
    found ??= locateValue(walk.layout, own, schema, ctx, walk.rules.fields.get(path), PREFER_LAST.test(ctx.fieldName), walk.labelWords);
    found ??= fallback(walk, lines, name, schema, ctx, prefix === '');
    if (found && found.value !== '' && found.value !== null) {
      out[name] = found.value;
      walk.coordinates[path] = locationsOfWords(found.words.map((w) => w.word));
    }
  }
  return out;
}

function pathOf(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

/** Lines under a parent label ("Bill to:"): up to eight lines on its page, from the label's line. */
function regionUnder(layout: DocumentLayout, hit: LabelHit): LayoutLine[] {
  return layout.lines.filter((l) => l.page === hit.line.page && l.order >= hit.line.order && l.order <= hit.line.order + 8);
}

/** Name and address children of an object whose label heads a block: first line is the name, the rest the address. */
function fillBlockFields(walk: Walk, props: Record<string, JsonSchema>, path: string, nested: Record<string, unknown>, hit: LabelHit | undefined): void {
  if (!hit) return;
  const block = blockAfter(walk.layout, hit, 5);
  if (block.length === 0) return;
  for (const [name, schema] of Object.entries(props)) {
    if (name in nested || primaryType(schema) !== 'string') continue;
    const folded = nameTokens(name).join(' ');
    if (NAME_FIELD.test(folded)) {
      nested[name] = block[0]!.map((w) => w.word.text).join(' ');
      walk.coordinates[`${path}.${name}`] = locationsOfWords(block[0]!.map((w) => w.word));
    } else if (ADDRESS_FIELD.test(folded) && block.length > 1) {
      const lines = block.slice(1);
      nested[name] = lines.map((l) => l.map((w) => w.word.text).join(' ')).join(', ');
      walk.coordinates[`${path}.${name}`] = locationsOfWords(lines.flat().map((w) => w.word));
    }
  }
}

function addressAfter(layout: DocumentLayout, hit: LabelHit): { value: unknown; words: LayoutWord[] } | null {
  const block = blockAfter(layout, hit, 4);
  if (block.length === 0) return null;
  return { value: block.map((l) => l.map((w) => w.word.text).join(' ')).join(', '), words: block.flat() };
}

function fallback(walk: Walk, lines: readonly LayoutLine[], name: string, schema: JsonSchema, ctx: ParseContext, topLevel: boolean): { value: unknown; words: LayoutWord[] } | null {
  if (topLevel && ISSUER_FIELD.test(ctx.fieldName) && primaryType(schema) === 'string') return issuerLine(walk.layout);
  if (/(^| )currency$/.test(ctx.fieldName)) return dominantCurrency(lines, schema);
  if (typeof schema.pattern === 'string' || schema.format === 'email') {
    for (const line of lines) {
      const parsed = parseValue(line.words, schema, ctx);
      if (parsed) return parsed;
    }
  }
  return null;
}

/** The issuer's name: the line in the largest type in the top quarter of page 1 (not a lone title word). */
function issuerLine(layout: DocumentLayout): { value: unknown; words: LayoutWord[] } | null {
  const top = layout.lines.filter((l) => l.page === 1 && l.top < 0.25 && l.words.some((w) => /\p{L}{2,}/u.test(w.word.text)));
  const ranked = [...top].sort((a, b) => size(b) - size(a) || a.order - b.order);
  for (const line of ranked) {
    // The largest segment of the line (a title may share the line, far to the right).
    const segments: LayoutWord[][] = [];
    for (let i = 0; i < line.words.length; i += segments[segments.length - 1]!.length) segments.push(segmentFrom(line, i));
    const best = segments
      .filter((seg) => !(seg.length === 1 && TITLE_WORD.test(seg[0]!.word.text)) && !isDocumentTitle(seg))
      .sort((a, b) => Math.max(...b.map((w) => w.word.font_size)) - Math.max(...a.map((w) => w.word.font_size)))[0];
    if (best) return { value: best.map((w) => w.word.text).join(' '), words: best };
  }
  return null;
}

/**
 * A short phrase named by a kind of document is the title, not the issuer: the head noun ends it in
 * English and German ("Pay Statement", "Ihre Stromrechnung", "Income Tax Return") and starts it in
 * French and Spanish ("Bulletin de paie", "Extracto de cuenta").
 */
const TITLE_HEAD_LAST = /^(statement|invoice|receipt|payslip|paystub|bill|notice|assessment|return|\p{L}*(rechnung|abrechnung|auszug|bescheid|erklarung)|quittung|kassenbon)$/u;
const TITLE_HEAD_FIRST = /^(facture|factura|releve|bulletin|fiche|extracto|avis|nomina|recibo|ticket|liquidacion|declaracion)$/;
function isDocumentTitle(segment: readonly LayoutWord[]): boolean {
  const tokens = segment.flatMap((w) => foldTokens(w.word.text));
  if (tokens.length === 0 || tokens.length > 4) return false;
  return TITLE_HEAD_LAST.test(tokens[tokens.length - 1]!) || TITLE_HEAD_FIRST.test(tokens[0]!);
}

function size(line: LayoutLine): number {
  return Math.max(...line.words.map((w) => w.word.font_size));
}

function dominantCurrency(lines: readonly LayoutLine[], schema: JsonSchema): { value: unknown; words: LayoutWord[] } | null {
  const counts = new Map<string, LayoutWord[]>();
  for (const line of lines) {
    for (const w of line.words) {
      const parsed = /[€$£]|\b[A-Z]{3}\b/.test(w.word.text) ? parseAmount(`${w.word.text} 1`) : null;
      if (parsed?.currency) counts.set(parsed.currency, [...(counts.get(parsed.currency) ?? []), w]);
    }
  }
  const best = [...counts.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  if (!best) return null;
  if (schema.enum && !schema.enum.includes(best[0])) return null;
  return { value: best[0], words: [best[1][0]!] };
}

/**
 * Numeric day/month order for a document: a date with a part above 12 decides; otherwise month
 * first only for English documents that show US dollars.
 */
export function inferDateOrder(layout: DocumentLayout, language: string): DateOrder {
  let dmy = 0;
  let mdy = 0;
  let usd = false;
  for (const line of layout.lines) {
    for (const w of line.words) {
      const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(w.word.text);
      if (m) {
        if (Number(m[1]) > 12) dmy++;
        if (Number(m[2]) > 12) mdy++;
      }
      if (/\$|USD/.test(w.word.text)) usd = true;
    }
  }
  if (dmy !== mdy) return dmy > mdy ? 'DMY' : 'MDY';
  return language === 'en' && usd ? 'MDY' : 'DMY';
}
