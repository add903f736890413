// Picks a document's issue date among the dates in its text: a date labelled as the issue,
// statement, bill or letter date wins; dates labelled as due dates, periods, or birth dates are
// not issue dates; otherwise the first remaining date (letters and bills print their date near
// the top). A label counts when it precedes the date on its line, or stands alone on the line above.

import { findDates, type NumericDateOrder } from './document-dates.js';
import { containsPhrase, foldText } from './text-folding.js';

const ISSUE_LABELS = [
  'date of issue', 'issue date', 'issued on', 'issued', 'statement date', 'bill date', 'billing date', 'invoice date', 'date of bill',
  'letter date', 'date of letter', 'dated', 'tax point', 'date d\'emission', 'date de facture', 'date du releve', 'date d\'edition',
  'rechnungsdatum', 'ausstellungsdatum', 'datum der rechnung', 'fecha de emision', 'fecha de factura', 'fecha de expedicion',
  'data di emissione', 'data fattura', 'data emissione', 'factuurdatum', 'datum',
];
const WEAK_LABELS = ['date', 'fecha', 'data', 'le'];
const NOT_ISSUE_LABELS = [
  'due', 'pay by', 'payment by', 'payable by', 'period', 'from', 'to', 'until', 'between', 'birth', 'valid', 'expires', 'expiry',
  'next', 'last payment', 'reading on', 'echeance', 'avant le', 'periode', 'du', 'au', 'naissance', 'fallig', 'zeitraum', 'bis', 'vom',
  'geburt', 'vencimiento', 'periodo', 'desde', 'hasta', 'nacimiento', 'scadenza', 'entro il', 'dal', 'al', 'vervaldatum', 'periode', 'tot',
];

export interface IssueDateOptions {
  dateOrder?: NumericDateOrder;
}

export function findIssueDate(text: string, options: IssueDateOptions = {}): string | undefined {
  const lines = text.split(/\r?\n/);
  let best: { iso: string; score: number; order: number } | undefined;
  let order = 0;
  for (const [index, line] of lines.entries()) {
    for (const date of findDates(line, options.dateOrder)) {
      const before = foldText(line.slice(Math.max(0, date.index - 40), date.index));
      const labelAbove = line.slice(0, date.index).trim() === '' ? foldText(lines[index - 1] ?? '') : '';
      const score = scoreOf(before) + (labelAbove && findDates(lines[index - 1] ?? '').length === 0 ? scoreOf(labelAbove) : 0);
      order++;
      if (score < 0) continue;
      if (!best || score > best.score) best = { iso: date.iso, score, order };
    }
  }
  return best?.iso;
}

function scoreOf(labelText: string): number {
  // The label nearest the date counts: in "Period 1 Jan to 31 Jan", "to" governs the second date.
  const tail = labelText.slice(-28);
  if (NOT_ISSUE_LABELS.some((l) => containsPhrase(tail, l))) return -1;
  if (ISSUE_LABELS.some((l) => containsPhrase(labelText, l))) return 3;
  if (WEAK_LABELS.some((l) => containsPhrase(tail, l))) return 1;
  return 0;
}
