// Test-only: composes invoices, receipts, bank statements, payslips and utility bills in English
// and German, in two layouts (values right of their labels, or under them), each with its ground
// truth and the extraction schema a template for that kind would carry. Seeded: the same seed
// gives the same documents.

import type { JsonSchema } from '../../../activities/documents/analysis/extraction/extraction-schema.js';
import { A4, type PageModel, type TextItem } from './page-model.js';
import type { Random } from './seeded-random.js';

export type CorpusKind = 'invoice' | 'receipt' | 'bank_statement' | 'payslip' | 'utility_bill';
export type CorpusLanguage = 'en' | 'de';

export interface CorpusDocument {
  id: string;
  kind: CorpusKind;
  language: CorpusLanguage;
  layout: 0 | 1;
  page: PageModel;
  truth: Record<string, unknown>;
  schema: JsonSchema;
  /** Text of the values a tamper may change: the total and a party's name. */
  editable: { amount: string; name: string };
  /** Set when the document was composed with totals that do not add up. */
  inconsistent?: boolean;
}

const L = {
  en: {
    invoice: 'INVOICE', invoiceNumber: 'Invoice number:', invoiceDate: 'Invoice date:', dueDate: 'Due date:', billTo: 'Bill to:', description: 'Description', qty: 'Qty',
    unitPrice: 'Unit price', amount: 'Amount', subtotal: 'Subtotal', vat: 'VAT 20%', total: 'Total', receipt: 'RECEIPT', date: 'Date:', thanks: 'Thank you for your purchase',
    statement: 'BANK STATEMENT', holder: 'Account holder:', iban: 'IBAN:', opening: 'Opening balance', closing: 'Closing balance', balance: 'Balance', period: 'Statement period:',
    payslip: 'PAYSLIP', employee: 'Employee:', employer: 'Employer:', payDate: 'Pay date:', gross: 'Gross pay', deductions: 'Total deductions', net: 'Net pay', incomeTax: 'Income tax', ni: 'National Insurance',
    bill: 'ELECTRICITY BILL', customerNumber: 'Customer number:', billDate: 'Bill date:', meter: 'Meter number:', consumption: 'Consumption', totalDue: 'Total amount due', billingPeriod: 'Billing period:',
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  de: {
    invoice: 'RECHNUNG', invoiceNumber: 'Rechnungsnummer:', invoiceDate: 'Rechnungsdatum:', dueDate: 'Zahlbar bis:', billTo: 'Rechnungsempfänger:', description: 'Beschreibung', qty: 'Menge',
    unitPrice: 'Einzelpreis', amount: 'Betrag', subtotal: 'Zwischensumme', vat: 'MwSt. 19%', total: 'Gesamtbetrag', receipt: 'KASSENBON', date: 'Datum:', thanks: 'Vielen Dank für Ihren Einkauf',
    statement: 'KONTOAUSZUG', holder: 'Kontoinhaber:', iban: 'IBAN:', opening: 'Alter Kontostand', closing: 'Neuer Kontostand', balance: 'Saldo', period: 'Zeitraum:',
    payslip: 'GEHALTSABRECHNUNG', employee: 'Mitarbeiter:', employer: 'Arbeitgeber:', payDate: 'Auszahlungsdatum:', gross: 'Gesamtbrutto', deductions: 'Gesamtabzüge', net: 'Auszahlungsbetrag', incomeTax: 'Lohnsteuer', ni: 'Sozialversicherung',
    bill: 'STROMRECHNUNG', customerNumber: 'Kundennummer:', billDate: 'Rechnungsdatum:', meter: 'Zählernummer:', consumption: 'Verbrauch', totalDue: 'Gesamtbetrag', billingPeriod: 'Abrechnungszeitraum:',
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  },
};

const COMPANIES = ['Northwind Trading Ltd', 'Bergmann & Söhne GmbH', 'Blue Harbour Supplies', 'Alpenstrom Energie AG', 'Crescent Office Partners', 'Rheinland Logistik GmbH'];
const PEOPLE = ['Amelia Hartley', 'Jonas Becker', 'Priya Raman', 'Lukas Schäfer', 'Olivia Grant', 'Miriam Wolff', 'Daniel Okafor', 'Sophie Keller'];
const ITEMS = ['Consulting services', 'Office chairs', 'Printer toner', 'Software licence', 'Network cabling', 'Maintenance visit', 'Training session', 'Desk lamps'];
const STREETS = ['12 Harbour Road, Leeds LS1 4AB', 'Hauptstraße 5, 10115 Berlin', '48 Mill Lane, Bristol BS1 5TT', 'Lindenweg 22, 80331 München'];

export function money(value: number, lang: CorpusLanguage): string {
  const [int, dec] = Math.abs(value).toFixed(2).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '.');
  return `${value < 0 ? '-' : ''}${grouped}${lang === 'en' ? '.' : ','}${dec}`;
}

function writtenDate(iso: string, lang: CorpusLanguage, layout: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (lang === 'en') return layout === 0 ? `${d} ${L.en.months[m - 1]} ${y}` : `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`;
  return layout === 0 ? `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}` : `${d}. ${L.de.months[m - 1]} ${y}`;
}

function randomDate(rng: Random, year = 2026): string {
  return `${year}-${String(rng.int(1, 9)).padStart(2, '0')}-${String(rng.int(10, 28)).padStart(2, '0')}`;
}

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Label and value as the layout places them: side by side (0) or value under the label (1). */
function field(items: TextItem[], layout: number, x: number, y: number, label: string, value: string, size = 10): number {
  if (layout === 0) {
    items.push({ x, y, text: label, size, bold: true }, { x: x + 130, y, text: value, size });
    return y + size * 1.8;
  }
  items.push({ x, y, text: label, size: size - 1, bold: true }, { x, y: y + size * 1.4, text: value, size });
  return y + size * 3.2;
}

export function composeDocument(kind: CorpusKind, language: CorpusLanguage, layout: 0 | 1, rng: Random, inconsistent = false): CorpusDocument {
  const id = `${kind}-${language}-${layout}-${rng.int(1000, 9999)}`;
  const t = L[language];
  const cur = language === 'en' ? 'GBP' : 'EUR';
  const items: TextItem[] = [];
  const issuer = rng.pick(COMPANIES);
  const person = rng.pick(PEOPLE);
  items.push({ x: 50, y: 60, text: issuer, size: 16, bold: true }, { x: 50, y: 80, text: rng.pick(STREETS), size: 9 });
  const base = { id, kind, language, layout, inconsistent };
  switch (kind) {
    case 'invoice': {
      items.push({ x: 545, y: 60, text: t.invoice, size: 20, bold: true, alignRight: true });
      const number = `INV-${rng.int(2026000, 2026999)}`;
      const date = randomDate(rng);
      const due = addDays(date, 30);
      let y = field(items, layout, 50, 130, t.invoiceNumber, number);
      y = field(items, layout, 50, y, t.invoiceDate, writtenDate(date, language, layout));
      y = field(items, layout, 50, y, t.dueDate, writtenDate(due, language, layout));
      items.push({ x: 330, y: 130, text: t.billTo, size: 10, bold: true }, { x: 330, y: 145, text: person, size: 10 }, { x: 330, y: 159, text: rng.pick(STREETS), size: 9 });
      y = Math.max(y, 190) + 20;
      items.push({ x: 50, y, text: t.description, size: 10, bold: true }, { x: 330, y, text: t.qty, size: 10, bold: true, alignRight: true }, { x: 430, y, text: t.unitPrice, size: 10, bold: true, alignRight: true }, { x: 545, y, text: t.amount, size: 10, bold: true, alignRight: true });
      const lines = Array.from({ length: rng.int(2, 4) }, () => {
        const quantity = rng.int(1, 12);
        const unit_price = round2(rng.int(500, 250000) / 100);
        return { description: rng.pick(ITEMS), quantity, unit_price, amount: round2(quantity * unit_price) };
      });
      for (const line of lines) {
        y += 18;
        items.push({ x: 50, y, text: line.description, size: 10 }, { x: 330, y, text: String(line.quantity), size: 10, alignRight: true }, { x: 430, y, text: money(line.unit_price, language), size: 10, alignRight: true }, { x: 545, y, text: money(line.amount, language), size: 10, alignRight: true });
      }
      const subtotal = round2(lines.reduce((s, l) => s + l.amount, 0));
      const tax = round2(subtotal * (language === 'en' ? 0.2 : 0.19));
      const total = round2(subtotal + tax + (inconsistent ? rng.int(50, 900) : 0));
      y += 34;
      for (const [label, value] of [[t.subtotal, subtotal], [t.vat, tax], [t.total, total]] as const) {
        items.push({ x: 400, y, text: label, size: 10, bold: label === t.total }, { x: 545, y, text: `${money(value, language)} ${cur}`, size: 10, alignRight: true, bold: label === t.total });
        y += 16;
      }
      return {
        ...base, page: { items }, editable: { amount: `${money(total, language)} ${cur}`, name: person },
        truth: { invoice_number: number, invoice_date: date, due_date: due, vendor_name: issuer, customer: { name: person }, subtotal, tax, total, currency: cur, line_items: lines },
        schema: {
          type: 'object', additionalProperties: false, required: ['invoice_number', 'total'],
          properties: {
            invoice_number: { type: 'string' }, invoice_date: { type: 'string', format: 'date' }, due_date: { type: 'string', format: 'date' }, vendor_name: { type: 'string' },
            customer: { type: 'object', title: 'Bill to', properties: { name: { type: 'string' } } }, subtotal: { type: 'number' }, tax: { type: 'number', title: 'VAT' }, total: { type: 'number' },
            currency: { type: 'string', enum: ['EUR', 'GBP', 'USD'] },
            line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' }, unit_price: { type: 'number' }, amount: { type: 'number' } } } },
          },
        },
      };
    }
    case 'receipt': {
      items.push({ x: 50, y: 110, text: t.receipt, size: 16, bold: true });
      const date = randomDate(rng);
      let y = field(items, layout, 50, 140, t.date, writtenDate(date, language, layout));
      const lines = Array.from({ length: rng.int(2, 5) }, () => ({ description: rng.pick(ITEMS), amount: round2(rng.int(199, 9999) / 100) }));
      y += 10;
      items.push({ x: 50, y, text: t.description, size: 10, bold: true }, { x: 300, y, text: t.amount, size: 10, bold: true, alignRight: true });
      for (const l of lines) {
        y += 16;
        items.push({ x: 50, y, text: l.description, size: 10 }, { x: 300, y, text: money(l.amount, language), size: 10, alignRight: true });
      }
      const total = round2(lines.reduce((s, l) => s + l.amount, 0) + (inconsistent ? rng.int(5, 60) : 0));
      y += 26;
      items.push({ x: 50, y, text: t.total, size: 12, bold: true }, { x: 300, y, text: `${money(total, language)} ${cur}`, size: 12, bold: true, alignRight: true });
      items.push({ x: 50, y: y + 40, text: t.thanks, size: 9 });
      return {
        ...base, page: { items }, editable: { amount: `${money(total, language)} ${cur}`, name: issuer },
        truth: { merchant_name: issuer, date, total, items: lines },
        schema: { type: 'object', properties: { merchant_name: { type: 'string' }, date: { type: 'string', format: 'date' }, total: { type: 'number' }, items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } } } } } },
      };
    }
    case 'bank_statement': {
      items.push({ x: 545, y: 60, text: t.statement, size: 16, bold: true, alignRight: true });
      const iban = language === 'en' ? `GB${rng.int(10, 99)} NWBK ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(10, 99)}` : `DE${rng.int(10, 99)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(1000, 9999)} ${rng.int(10, 99)}`;
      let y = field(items, layout, 50, 130, t.holder, person);
      y = field(items, layout, 50, y, t.iban, iban);
      const start = randomDate(rng);
      y += 16;
      items.push({ x: 50, y, text: t.date.replace(':', ''), size: 10, bold: true }, { x: 140, y, text: t.description, size: 10, bold: true }, { x: 440, y, text: t.amount, size: 10, bold: true, alignRight: true }, { x: 545, y, text: t.balance, size: 10, bold: true, alignRight: true });
      const opening = round2(rng.int(10000, 900000) / 100);
      y += 18;
      items.push({ x: 140, y, text: t.opening, size: 10 }, { x: 545, y, text: money(opening, language), size: 10, alignRight: true });
      let balance = opening;
      const transactions = Array.from({ length: rng.int(3, 6) }, (_, i) => {
        const amount = round2((rng.next() < 0.35 ? 1 : -1) * rng.int(500, 120000) / 100);
        balance = round2(balance + amount);
        return { date: addDays(start, i * 3), description: rng.pick(['Card payment ' + rng.pick(COMPANIES).split(' ')[0], 'Transfer from ' + rng.pick(PEOPLE), 'Direct debit ' + rng.pick(COMPANIES).split(' ')[0], 'Cash withdrawal']), amount, balance };
      });
      for (const tr of transactions) {
        y += 16;
        items.push({ x: 50, y, text: writtenDate(tr.date, language, 0).replace(/ /g, ' '), size: 9 }, { x: 140, y, text: tr.description, size: 9 }, { x: 440, y, text: money(tr.amount, language), size: 9, alignRight: true }, { x: 545, y, text: money(tr.balance, language), size: 9, alignRight: true });
      }
      const closing = round2(balance + (inconsistent ? rng.int(100, 5000) : 0));
      y += 22;
      items.push({ x: 140, y, text: t.closing, size: 10, bold: true }, { x: 545, y, text: money(closing, language), size: 10, bold: true, alignRight: true });
      return {
        ...base, page: { items }, editable: { amount: money(closing, language), name: person },
        truth: { account_holder: person, iban, opening_balance: opening, closing_balance: closing, transactions: transactions.map(({ date, description, amount }) => ({ date, description, amount })) },
        schema: {
          type: 'object',
          properties: {
            account_holder: { type: 'string' }, iban: { type: 'string', pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,34}$' }, opening_balance: { type: 'number' }, closing_balance: { type: 'number' },
            transactions: { type: 'array', items: { type: 'object', properties: { date: { type: 'string', format: 'date' }, description: { type: 'string' }, amount: { type: 'number' } } } },
          },
        },
      };
    }
    case 'payslip': {
      items.push({ x: 545, y: 60, text: t.payslip, size: 16, bold: true, alignRight: true });
      const payDate = randomDate(rng);
      let y = field(items, layout, 50, 130, t.employee, person);
      y = field(items, layout, 50, y, t.employer, issuer);
      y = field(items, layout, 50, y, t.payDate, writtenDate(payDate, language, layout));
      const gross = round2(rng.int(200000, 900000) / 100);
      const tax = round2(gross * 0.18);
      const ni = round2(gross * 0.09);
      const deductions = round2(tax + ni);
      const net = round2(gross - deductions + (inconsistent ? rng.int(100, 900) : 0));
      y += 16;
      for (const [label, value, bold] of [[t.gross, gross, true], [t.incomeTax, tax, false], [t.ni, ni, false], [t.deductions, deductions, true], [t.net, net, true]] as const) {
        items.push({ x: 50, y, text: label, size: 10, bold }, { x: 400, y, text: money(value, language), size: 10, alignRight: true, bold });
        y += 18;
      }
      return {
        ...base, page: { items }, editable: { amount: money(net, language), name: person },
        truth: { employee_name: person, employer_name: issuer, pay_date: payDate, gross_pay: gross, total_deductions: deductions, net_pay: net },
        schema: { type: 'object', properties: { employee_name: { type: 'string' }, employer_name: { type: 'string' }, pay_date: { type: 'string', format: 'date' }, gross_pay: { type: 'number' }, total_deductions: { type: 'number' }, net_pay: { type: 'number' } } },
      };
    }
    case 'utility_bill': {
      items.push({ x: 545, y: 60, text: t.bill, size: 16, bold: true, alignRight: true });
      const customer = String(rng.int(10000000, 99999999));
      const meter = `M${rng.int(100000, 999999)}`;
      const date = randomDate(rng);
      let y = field(items, layout, 50, 130, t.customerNumber, customer);
      y = field(items, layout, 50, y, t.billDate, writtenDate(date, language, layout));
      y = field(items, layout, 50, y, t.meter, meter);
      items.push({ x: 330, y: 130, text: person, size: 10 }, { x: 330, y: 144, text: rng.pick(STREETS), size: 9 });
      const kwh = rng.int(120, 900);
      const total = round2(kwh * 0.32 + 12);
      y += 14;
      items.push({ x: 50, y, text: t.consumption, size: 10, bold: true }, { x: 400, y, text: `${kwh} kWh`, size: 10, alignRight: true });
      y += 24;
      items.push({ x: 50, y, text: t.totalDue, size: 12, bold: true }, { x: 400, y, text: `${money(total, language)} ${cur}`, size: 12, bold: true, alignRight: true });
      return {
        ...base, page: { items }, editable: { amount: `${money(total, language)} ${cur}`, name: person },
        truth: { customer_number: customer, bill_date: date, meter_number: meter, consumption: kwh, total_amount: total },
        schema: { type: 'object', properties: { customer_number: { type: 'string' }, bill_date: { type: 'string', format: 'date' }, meter_number: { type: 'string' }, consumption: { type: 'number' }, total_amount: { type: 'number' } } },
      };
    }
  }
}

export { A4 };
