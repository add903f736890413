// Reads a table (invoice line items, statement transactions) for an array-of-objects property:
// a header line naming at least two of the item's properties gives the columns (each column runs
// between the midpoints to its neighbours' headers); the lines below are rows until a totals
// line, a wide vertical gap or the page's end. A line with words only in text columns continues
// the row above (descriptions wrapped over two lines). Every header occurrence starts a table,
// so a table continued on the next page under a repeated header is read too. Pure.

import type { JsonSchema } from '../extraction-schema.js';
import { labelsForField, nameTokens } from '../field-labels.js';
import { FIELD_SYNONYMS } from '../field-synonyms.js';
import { labelTokens } from '../label-tokens.js';
import { parseValue, primaryType, type ParseContext } from '../parsing/value.parser.js';
import type { DateOrder } from '../parsing/date.parser.js';
import { lineHeight, type DocumentLayout, type LayoutLine, type LayoutWord } from './document-layout.js';
import { dropShadowedHits, findLabelHits, type LabelHit } from './label.finder.js';

export interface TableRow {
  values: Record<string, unknown>;
  words: Record<string, LayoutWord[]>;
}

interface Column {
  field: string;
  schema: JsonSchema;
  from: number;
  to: number;
}

const TOTAL_LINE_LABELS = FIELD_SYNONYMS.filter((gr) => gr.keys.includes('total') || gr.keys.includes('subtotal') || gr.keys.includes('tax') || gr.keys.includes('closing balance'))
  .flatMap((gr) => gr.labels)
  .map((l) => labelTokens(l));

export function readTables(layout: DocumentLayout, items: JsonSchema, ruleLabels: (field: string) => string[], dateOrder: DateOrder): TableRow[] {
  const props = Object.entries(items.properties ?? {});
  if (props.length === 0) return [];
  const labels = new Map(props.map(([name, s]) => [name, labelsForField(name, s, ruleLabels(name), true)]));
  const rows: TableRow[] = [];
  for (const line of layout.lines) {
    const hits = dropShadowedHits(props.flatMap(([name]) => findLabelHits(layout, name, labels.get(name)!, [line])));
    const columns = columnsFrom(hits, items);
    if (columns.length < Math.min(2, props.length)) continue;
    rows.push(...readRows(layout, line, columns, dateOrder));
  }
  return rows;
}

function columnsFrom(hits: readonly LabelHit[], items: JsonSchema): Column[] {
  const firstPerField = new Map<string, LabelHit>();
  for (const h of [...hits].sort((a, b) => a.start - b.start)) {
    const overlaps = [...firstPerField.values()].some((o) => !(h.end < o.start || h.start > o.end));
    if (!firstPerField.has(h.field) && !overlaps) firstPerField.set(h.field, h);
  }
  const spans = [...firstPerField.values()]
    .map((h) => ({ field: h.field, left: h.line.words[h.start]!.word.bbox.left, right: h.line.words[h.end]!.word.bbox.left + h.line.words[h.end]!.word.bbox.width }))
    .sort((a, b) => a.left - b.left);
  // Text and dates are printed left-aligned under their header and grow to the right, up to the
  // next header; numbers are right-aligned and grow to the left, so next to a number column the
  // boundary is the midpoint between the headers.
  const numeric = (field: string) => ['number', 'integer'].includes(primaryType(items.properties![field]!));
  const boundary = (i: number) => (numeric(spans[i + 1]!.field) ? (spans[i]!.right + spans[i + 1]!.left) / 2 : spans[i + 1]!.left - 0.004);
  return spans.map((s, i) => ({
    field: s.field,
    schema: items.properties![s.field]!,
    from: i === 0 ? 0 : boundary(i - 1),
    to: i === spans.length - 1 ? 1 : boundary(i),
  }));
}

function readRows(layout: DocumentLayout, header: LayoutLine, columns: readonly Column[], dateOrder: DateOrder): TableRow[] {
  const rows: TableRow[] = [];
  const structured = columns.filter((c) => ['number', 'integer'].includes(primaryType(c.schema)) || c.schema.format === 'date' || /date|datum|fecha/.test(nameTokens(c.field).join(' ')));
  let previous = header;
  for (let k = header.order + 1; k < layout.lines.length; k++) {
    const line = layout.lines[k]!;
    if (line.page !== header.page) break;
    if ((line.top - previous.bottom) * line.pageHeight > lineHeight(previous) * 3) break;
    if (isTotalsLine(line)) break;
    if (startsWithLabel(line, CARRIED_LINE_LABELS)) {
      previous = line;
      continue; // "Opening balance" above the first transaction is not a row
    }
    const cells = new Map<string, LayoutWord[]>();
    for (const w of line.words) {
      const centre = w.word.bbox.left + w.word.bbox.width / 2;
      const column = columns.find((c) => centre >= c.from && centre < c.to);
      if (column) cells.set(column.field, [...(cells.get(column.field) ?? []), w]);
    }
    const row: TableRow = { values: {}, words: {} };
    for (const column of columns) {
      const words = cells.get(column.field);
      if (!words) continue;
      const parsed = parseValue(words, column.schema, { dateOrder, fieldName: nameTokens(column.field).join(' ') } satisfies ParseContext);
      if (parsed && parsed.value !== '') {
        row.values[column.field] = parsed.value;
        row.words[column.field] = parsed.words;
      }
    }
    const hasStructured = structured.some((c) => c.field in row.values);
    if (hasStructured && endsTable(rows, row)) break;
    if (hasStructured || structured.length === 0) {
      if (Object.keys(row.values).length > 0) rows.push(row);
    } else if (rows.length > 0 && Object.keys(row.values).length > 0) {
      // Continuation: text-only line under a row (wrapped description).
      const last = rows[rows.length - 1]!;
      for (const [field, value] of Object.entries(row.values)) {
        if (typeof value === 'string' && typeof last.values[field] === 'string') {
          last.values[field] = `${last.values[field]} ${value}`;
          last.words[field] = [...(last.words[field] ?? []), ...(row.words[field] ?? [])];
        }
      }
    } else if (rows.length === 0 && Object.keys(row.values).length === 0) {
      break;
    }
    previous = line;
  }
  return rows;
}

/**
 * A line under the rows that leaves empty more than half of the columns every row so far filled
 * ("Net amount ... 7,409.77" under rows of description, quantity, price and amount) is a summary
 * line, not a row: the table has ended.
 */
function endsTable(rows: readonly TableRow[], row: TableRow): boolean {
  if (rows.length < 2) return false;
  const always = Object.keys(rows[0]!.values).filter((f) => rows.every((r) => f in r.values));
  const missing = always.filter((f) => !(f in row.values)).length;
  return always.length >= 2 && missing * 2 > always.length;
}

const CARRIED_LINE_LABELS = FIELD_SYNONYMS.filter((gr) => gr.keys.includes('opening balance')).flatMap((gr) => gr.labels).map((l) => labelTokens(l));

function startsWithLabel(line: LayoutLine, labels: readonly string[][]): boolean {
  const tokens = line.words.slice(0, 4).flatMap((w) => w.tokens);
  return labels.some((label) => label.every((t, i) => tokens[i] === t));
}

function isTotalsLine(line: LayoutLine): boolean {
  return startsWithLabel(line, TOTAL_LINE_LABELS);
}
