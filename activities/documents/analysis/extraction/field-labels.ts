// The labels to look for on the page for one schema property: its name and title, the synonyms
// of the group the property belongs to (field-synonyms.ts), and the labels the extraction rules
// quote for it. Labels are token lists as label-tokens.ts makes them from document words. Pure.

import { foldTokens } from '../text/text-folding.js';
import type { JsonSchema } from './extraction-schema.js';
import { FIELD_SYNONYMS, type SynonymGroup } from './field-synonyms.js';
import { labelTokens } from './label-tokens.js';

/** Folded words of a property name: "invoiceNumber" and "invoice_number" → ["invoice", "number"]. */
export function nameTokens(name: string): string[] {
  return foldTokens(name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' '));
}

const ROW_GROUP_KEYS = ['description', 'quantity', 'unit price', 'line total', 'debit', 'credit', 'balance', 'date'];

export function labelsForField(name: string, schema: JsonSchema, ruleLabels: readonly string[], inRow: boolean): string[][] {
  const own = [nameTokens(name).join(' ')];
  if (typeof schema.title === 'string') own.push(foldTokens(schema.title).join(' '));
  const group = synonymGroupFor(own, schema, inRow);
  const all = [...ruleLabels, ...own, ...(group?.labels ?? [])].map((l) => labelTokens(l).join(' '));
  const unique = [...new Set(all.filter(Boolean))];
  return unique.map((l) => l.split(' ')).sort((a, b) => b.length - a.length);
}

/**
 * The synonym group of a property: a group one of whose keys is the property's name or title, else
 * the group whose key is the longest phrase inside it ("tax_due_amount" is about "tax due", not
 * "due"); a group of dates is not taken for a number and a group of amounts not for a date. In a
 * table row the row groups (description, quantity, …) are preferred.
 */
export function synonymGroupFor(own: readonly string[], schema: JsonSchema, inRow: boolean): SynonymGroup | undefined {
  const groups = inRow ? [...FIELD_SYNONYMS.filter((gr) => gr.keys.some((k) => ROW_GROUP_KEYS.includes(k))), ...FIELD_SYNONYMS] : FIELD_SYNONYMS;
  const exact = groups.find((gr) => gr.keys.some((k) => own.includes(k)));
  if (exact) return exact;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const numeric = type === 'number' || type === 'integer';
  const dated = schema.format === 'date' || schema.format === 'date-time';
  let best: { group: SynonymGroup; length: number } | undefined;
  for (const group of groups) {
    const dateGroup = group.keys.some((k) => / ?date$|^due$/.test(k));
    if ((numeric && dateGroup) || (dated && !dateGroup)) continue;
    for (const key of group.keys) {
      if (!own.some((o) => containsPhrase(o, key))) continue;
      const length = key.split(' ').length * 100 + key.length;
      if (!best || length > best.length) best = { group, length };
    }
  }
  return best?.group;
}

function containsPhrase(text: string, phrase: string): boolean {
  return ` ${text} `.includes(` ${phrase} `);
}
