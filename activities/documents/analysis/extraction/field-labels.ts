// The labels to look for on the page for one schema property: its name and title, the synonyms
// of the group the property belongs to (field-synonyms.ts), and the labels the extraction rules
// quote for it. Pure.

import { foldTokens } from '../text/text-folding.js';
import type { JsonSchema } from './extraction-schema.js';
import { FIELD_SYNONYMS } from './field-synonyms.js';

/** Folded words of a property name: "invoiceNumber" and "invoice_number" → ["invoice", "number"]. */
export function nameTokens(name: string): string[] {
  return foldTokens(name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' '));
}

const ROW_GROUP_KEYS = ['description', 'quantity', 'unit price', 'line total', 'debit', 'credit', 'balance', 'date'];

export function labelsForField(name: string, schema: JsonSchema, ruleLabels: readonly string[], inRow: boolean): string[][] {
  const own = [nameTokens(name).join(' ')];
  if (typeof schema.title === 'string') own.push(foldTokens(schema.title).join(' '));
  const keys = new Set(own);
  const groups = inRow
    ? [...FIELD_SYNONYMS.filter((gr) => gr.keys.some((k) => ROW_GROUP_KEYS.includes(k))), ...FIELD_SYNONYMS]
    : FIELD_SYNONYMS;
  const group = groups.find((gr) => gr.keys.some((k) => keys.has(k))) ?? groups.find((gr) => gr.keys.some((k) => [...keys].some((own) => containsPhrase(own, k))));
  const all = [...ruleLabels.map((l) => foldTokens(l).join(' ')), ...own, ...(group?.labels ?? [])];
  const unique = [...new Set(all.filter(Boolean))];
  return unique.map((l) => l.split(' ')).sort((a, b) => b.length - a.length);
}

function containsPhrase(text: string, phrase: string): boolean {
  return ` ${text} `.includes(` ${phrase} `);
}
