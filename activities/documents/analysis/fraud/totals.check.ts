// Totals that do not add up, where the schema names them: line items against the subtotal (or
// the total when there is no tax), subtotal + tax (+ shipping − discount) against the total,
// quantity × unit price against each line amount, opening balance + credits − debits against the
// closing balance, gross − deductions against net pay. Fields are recognised by name (English,
// German, French, Spanish words, as field-synonyms.ts). When an amount of a failing sum was read
// by OCR with low certainty, the mismatch may be a misread digit rather than an edit: it is then
// reported as totals_mismatch_unsure (WARNING) instead of totals_mismatch (RISK). Pure.

import type { Location } from '../location.js';
import { nameTokens } from '../extraction/field-labels.js';
import { raise, withDetail, type IndicatorLocation, type RaisedIndicator } from './indicator.js';

type Data = Record<string, unknown>;

const ROLES: Record<string, RegExp> = {
  total: /^(total|total amount|grand total|amount due|total due|invoice total|gesamtbetrag|rechnungsbetrag|total ttc|importe total|total gross|gross total)$/,
  subtotal: /^(subtotal|sub total|net amount|net total|total net|nettobetrag|zwischensumme|total ht|base imponible|total excl tax|amount excluding tax)$/,
  tax: /^(tax|vat|tax amount|vat amount|sales tax|total tax|mwst|ust|tva|iva)$/,
  shipping: /^(shipping|delivery|freight|versand|livraison|envio)$/,
  discount: /^(discount|rabatt|remise|descuento)$/,
  lineAmount: /^(amount|line total|total|total price|line amount|betrag|gesamtpreis|montant|importe|net amount)$/,
  quantity: /^(quantity|qty|units|hours|menge|anzahl|quantite|cantidad)$/,
  unitPrice: /^(unit price|price|rate|unit cost|einzelpreis|preis|prix unitaire|precio unitario|precio)$/,
  opening: /^(opening balance|previous balance|starting balance|alter kontostand|anfangssaldo|ancien solde|saldo inicial|saldo anterior)$/,
  closing: /^(closing balance|new balance|ending balance|final balance|neuer kontostand|endsaldo|nouveau solde|saldo final)$/,
  debit: /^(debit|withdrawal|paid out|money out|soll|debe|cargo)$/,
  credit: /^(credit|deposit|paid in|money in|haben|abono|haber)$/,
  gross: /^(gross pay|gross salary|gross|gross earnings|total earnings|gesamtbrutto|bruttolohn|salaire brut|salario bruto)$/,
  net: /^(net pay|net salary|net|take home pay|nettolohn|nettoverdienst|auszahlungsbetrag|net a payer|liquido a percibir)$/,
  deductions: /^(total deductions|deductions|abzuge|gesamtabzuge|total retenues|total deducciones)$/,
};

const role = (name: string, r: keyof typeof ROLES) => ROLES[r]!.test(nameTokens(name).join(' '));

function findNumber(data: Data, r: keyof typeof ROLES): { path: string; value: number } | null {
  for (const [k, v] of Object.entries(data)) if (typeof v === 'number' && role(k, r)) return { path: k, value: v };
  return null;
}

function tolerance(expected: number, terms: number): number {
  return Math.max(0.011 * Math.max(1, terms), Math.abs(expected) * 0.0005);
}

/** How sure the text under a field's locations is: the lowest OCR word confidence (0-100), null for a text layer. */
export type FieldCertainty = (locations: readonly Location[]) => number | null;

/** OCR word confidence (0-100) below which a digit may be misread (tesseract's LSTM hesitated between readings). */
export const UNSURE_OCR_CONFIDENCE = 90;

export function totalsIndicators(data: Data, coordinates: Record<string, Location[]>, certainty: FieldCertainty = () => null): RaisedIndicator[] {
  const totals: IndicatorLocation[] = [];
  const unsureTotals: IndicatorLocation[] = [];
  const unsureNotes: string[] = [];
  const items: IndicatorLocation[] = [];
  let itemMismatches = 0;
  const notes: string[] = [];
  const at = (path: string, expected: number, found: number) => (coordinates[path] ?? []).map((l) => withDetail(l, `expected ${round(expected)}`, `found ${round(found)}`));
  const unsure = (paths: readonly string[]) =>
    paths.some((p) => {
      const c = certainty(coordinates[p] ?? []);
      return c !== null && c < UNSURE_OCR_CONFIDENCE;
    });
  const check = (path: string, expected: number, found: number, terms: number, what: string, involved: readonly string[]) => {
    if (Math.abs(expected - found) > tolerance(expected, terms)) {
      const doubtful = unsure([path, ...involved]);
      (doubtful ? unsureTotals : totals).push(...at(path, expected, found));
      (doubtful ? unsureNotes : notes).push(`${what}: expected ${round(expected)}, document shows ${round(found)}`);
    }
  };

  const total = findNumber(data, 'total');
  const subtotal = findNumber(data, 'subtotal');
  const tax = findNumber(data, 'tax');
  const shipping = findNumber(data, 'shipping');
  const discount = findNumber(data, 'discount');
  for (const [name, value] of Object.entries(data)) {
    if (!Array.isArray(value) || !value.every((v) => v && typeof v === 'object')) continue;
    const rows = value as Data[];
    const amountKey = firstKey(rows, 'lineAmount');
    const qtyKey = firstKey(rows, 'quantity');
    const priceKey = firstKey(rows, 'unitPrice');
    if (amountKey && rows.every((r) => typeof r[amountKey] === 'number')) {
      const sum = rows.reduce((s, r) => s + (r[amountKey] as number), 0);
      const rowPaths = rows.map((_, i) => `${name}[${i}].${amountKey}`);
      if (subtotal) check(subtotal.path, sum, subtotal.value, rows.length, `sum of ${name}.${amountKey} vs ${subtotal.path}`, rowPaths);
      else if (total && !tax) check(total.path, sum, total.value, rows.length, `sum of ${name}.${amountKey} vs ${total.path}`, rowPaths);
    }
    if (amountKey && qtyKey && priceKey) {
      rows.forEach((r, i) => {
        const [q, p, a] = [r[qtyKey], r[priceKey], r[amountKey]];
        if (typeof q === 'number' && typeof p === 'number' && typeof a === 'number' && Math.abs(q * p - a) > tolerance(q * p, 1)) {
          itemMismatches++;
          items.push(...(coordinates[`${name}[${i}].${amountKey}`] ?? []).map((l) => withDetail(l, `expected ${round(q * p)}`, `found ${round(a)}`)));
        }
      });
    }
    const debitKey = firstKey(rows, 'debit');
    const creditKey = firstKey(rows, 'credit');
    const opening = findNumber(data, 'opening');
    const closing = findNumber(data, 'closing');
    if (opening && closing && (debitKey || creditKey)) {
      const net = rows.reduce((s, r) => s + num(r[creditKey ?? '']) - Math.abs(num(r[debitKey ?? ''])), 0);
      const rowPaths = rows.flatMap((_, i) => [`${name}[${i}].${creditKey ?? ''}`, `${name}[${i}].${debitKey ?? ''}`]);
      check(closing.path, opening.value + net, closing.value, rows.length, `${opening.path} + credits − debits vs ${closing.path}`, [opening.path, ...rowPaths]);
    } else if (opening && closing && amountKey) {
      const net = rows.reduce((s, r) => s + num(r[amountKey]), 0);
      check(closing.path, opening.value + net, closing.value, rows.length, `${opening.path} + transactions vs ${closing.path}`, [opening.path, ...rows.map((_, i) => `${name}[${i}].${amountKey}`)]);
    }
  }
  if (total && subtotal && tax) {
    const expected = subtotal.value + tax.value + (shipping?.value ?? 0) - Math.abs(discount?.value ?? 0);
    check(total.path, expected, total.value, 3, `${subtotal.path} + ${tax.path} vs ${total.path}`, [subtotal.path, tax.path, ...(shipping ? [shipping.path] : []), ...(discount ? [discount.path] : [])]);
  }
  const gross = findNumber(data, 'gross');
  const net = findNumber(data, 'net');
  const deductions = findNumber(data, 'deductions');
  if (gross && net && deductions) check(net.path, gross.value - Math.abs(deductions.value), net.value, 2, `${gross.path} − ${deductions.path} vs ${net.path}`, [gross.path, deductions.path]);

  const out: RaisedIndicator[] = [];
  if (notes.length) out.push(raise('totals_mismatch', notes.join('; ') + '.', totals));
  if (unsureNotes.length) out.push(raise('totals_mismatch_unsure', `${unsureNotes.join('; ')}; some of these amounts were read by OCR with confidence below ${UNSURE_OCR_CONFIDENCE}.`, unsureTotals));
  if (itemMismatches) out.push(raise('line_item_mismatch', `${itemMismatches} line(s) where quantity × unit price differs from the amount.`, items));
  return out;
}

function firstKey(rows: readonly Data[], r: keyof typeof ROLES): string | null {
  for (const row of rows) for (const k of Object.keys(row)) if (role(k, r)) return k;
  return null;
}

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const round = (v: number) => Math.round(v * 100) / 100;
