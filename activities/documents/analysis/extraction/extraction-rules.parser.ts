// Reads the template's free-text extraction_rules into hints the extractor can use. Nothing is
// required of the writer beyond naming the field and quoting the label, e.g.
//   invoice_number: printed after "Our ref." or "Reference"
//   total — the amount labelled "Amount payable", below the label.
//   Dates are written month first.
// Per sentence: the field paths it names (bare, `quoted` or "quoted"), the quoted labels, and a
// position ("below"/"under" or "right of"/"next to"/"after"). Document-wide: the numeric date
// order ("month first", "MM/DD/YYYY", "day first", "DD.MM.YYYY"). Pure.

import type { DateOrder } from './parsing/date.parser.js';

export interface FieldRule {
  labels: string[];
  position: 'right' | 'below' | null;
}

export interface ExtractionRules {
  fields: Map<string, FieldRule>;
  dateOrder: DateOrder | null;
}

export function parseExtractionRules(text: string | null | undefined, fieldPaths: readonly string[]): ExtractionRules {
  const rules: ExtractionRules = { fields: new Map(), dateOrder: null };
  if (!text) return rules;
  if (/month\s+first|mm\s*[/.-]\s*dd\s*[/.-]\s*yy|\bMDY\b|\bUS\s+dates?\b/i.test(text)) rules.dateOrder = 'MDY';
  else if (/day\s+first|dd\s*[/.-]\s*mm\s*[/.-]\s*yy|\bDMY\b/i.test(text)) rules.dateOrder = 'DMY';
  else if (/yyyy\s*[/.-]\s*mm\s*[/.-]\s*dd|\bYMD\b|\bISO\b/i.test(text)) rules.dateOrder = 'YMD';

  const byLength = [...fieldPaths].sort((a, b) => b.length - a.length);
  for (const sentence of text.split(/\n+|(?<=[.;!?])\s+(?=[A-Z`"'])/)) {
    const quoted = [...sentence.matchAll(/"([^"]+)"|“([^”]+)”|'([^']+)'|«\s*([^»]+?)\s*»|„([^“”]+)[“”]/g)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').trim());
    const named = byLength.filter((p) => new RegExp(`(^|[^\\w.])\`?${escape(p)}\`?(?![\\w])`, 'i').test(sentence));
    if (named.length === 0) continue;
    const field = named[0]!;
    const labels = quoted.filter((q) => q && q.toLowerCase() !== field.toLowerCase() && !fieldPaths.includes(q));
    const position = /\b(below|under(neath)?|beneath|unter(halb)?|sous|debajo)\b/i.test(sentence)
      ? 'below'
      : /\b(right of|next to|after|beside|rechts|neben|a droite|a la derecha)\b/i.test(sentence)
        ? 'right'
        : null;
    const rule = rules.fields.get(field) ?? { labels: [], position: null };
    rule.labels.push(...labels);
    rule.position ??= position;
    rules.fields.set(field, rule);
  }
  return rules;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
