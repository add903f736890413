// The general rules the external documents corpus (bench/document-external.ts) showed missing:
// label spellings, labels in a row with values under them, rates beside tax labels, IBANs that a
// date follows, summary lines under a table, the synonym group of a compound field name, an
// unsure totals mismatch on OCR text, producer names matched as whole words, and a font change
// at a label's colon.
import { describe, expect, it } from 'vitest';
import type { DocumentText, DocumentWord } from '../../../activities/documents/analysis/document-text.js';
import { extractData } from '../../../activities/documents/analysis/extraction/extract-data.js';
import { synonymGroupFor } from '../../../activities/documents/analysis/extraction/field-labels.js';
import { labelTokens } from '../../../activities/documents/analysis/extraction/label-tokens.js';
import { ocrCertainty } from '../../../activities/documents/analysis/fraud/analyse-fraud.js';
import { claimsDigitalOrigin } from '../../../activities/documents/analysis/fraud/metadata.checks.js';
import { textLayerIndicators } from '../../../activities/documents/analysis/fraud/text-layer.checks.js';
import { totalsIndicators } from '../../../activities/documents/analysis/fraud/totals.check.js';
import { pageLocation } from '../../../activities/documents/analysis/location.js';
import { assignLines } from '../../../activities/documents/analysis/text/text-lines.js';

/** A page from lines of [x (0..1), text] words, 20 pt apart; `confidence` makes them OCR words. */
function page(lines: [number, string][][], confidence: number | null = null): DocumentText {
  const words: Omit<DocumentWord, 'line'>[] = [];
  lines.forEach((line, row) => {
    for (const [x, text] of line) {
      words.push({ text, page: 1, bbox: { left: x, top: 0.05 + row * 0.024, width: text.length * 0.009, height: 0.012 }, polygon: null, font_size: 10, confidence, layer: null });
    }
  });
  const ocr = confidence === null ? null : { mean_confidence: confidence, skew_degrees: 0 };
  return { file_type: 'pdf', page_count: 1, skipped_pages: [], pages: [{ number: 1, width: 595, height: 842, source: confidence === null ? 'text_layer' : 'ocr', words: assignLines(words), image_coverage: 0, ocr }] };
}

describe('label tokens', () => {
  it.each([
    ['N° de facture', ['no', 'facture']],
    ['Nº de factura', ['no', 'factura']],
    ['Factura n.º', ['factura', 'no']],
    ['Rechnungs-Nr.', ['rechnungs', 'no']],
    ['Invoice #', ['invoice', 'no']],
    ['P.U.', ['pu']],
    ['Total des retenues', ['total', 'retenues']],
    ["Date d'émission", ['date', 'emission']],
  ])('reads %s as %j', (text, tokens) => {
    expect(labelTokens(text)).toEqual(tokens);
  });

  it('keeps a number sign before digits as part of the value', () => {
    expect(labelTokens('#4521')).toEqual(['4521']);
  });
});

describe('synonym groups', () => {
  it('takes the group of the longest phrase inside a compound name, and no date group for an amount', () => {
    expect(synonymGroupFor(['tax due'], { type: 'number' }, false)?.labels).toContain('amount owed');
    expect(synonymGroupFor(['payment due amount'], { type: 'number' }, false)?.labels ?? []).not.toContain('due date');
  });
});

describe('extraction on layouts of other issuers', () => {
  it('reads values printed under a row of labels, not the next label', async () => {
    const text = page([
      [[0.05, 'First'], [0.12, 'Harbour'], [0.22, 'Bank']],
      [[0.05, 'Account'], [0.14, 'Holder'], [0.4, 'IBAN'], [0.7, 'Statement'], [0.8, 'Date']],
      [[0.05, 'Daniel'], [0.13, 'Okafor'], [0.4, 'GB82'], [0.45, 'WEST'], [0.5, '1234'], [0.55, '5698'], [0.6, '7654'], [0.65, '32'], [0.7, '14/08/2026']],
    ]);
    const schema = { type: 'object', properties: { account_holder: { type: 'string' }, iban: { type: 'string' }, statement_date: { type: 'string', format: 'date' } } };
    const result = await extractData(text, { enabled: true, schema }, 'en');
    // The IBAN stops where its mod-97 check passes: the date beside it is not taken in.
    expect(result.extracted_data).toEqual({ account_holder: 'Daniel Okafor', iban: 'GB82 WEST 1234 5698 7654 32', statement_date: '2026-08-14' });
  });

  it('skips a tax rate printed beside the label and stops the table at a summary line', async () => {
    const text = page([
      [[0.05, 'Acme'], [0.12, 'Ltd'], [0.8, 'Invoice']],
      [[0.05, 'Nº'], [0.08, 'de'], [0.11, 'factura:'], [0.3, '34178']],
      [[0.05, 'Concepto'], [0.5, 'Uds.'], [0.62, 'Precio'], [0.85, 'Importe']],
      [[0.05, 'Chairs'], [0.5, '2'], [0.62, '100,00'], [0.85, '200,00']],
      [[0.05, 'Desk'], [0.5, '1'], [0.62, '350,50'], [0.85, '350,50']],
      [[0.55, 'Importe'], [0.63, 'neto'], [0.85, '550,50']],
      [[0.55, 'IVA'], [0.6, '21'], [0.63, '%'], [0.85, '115,61']],
      [[0.55, 'Total'], [0.85, '666,11']],
    ]);
    const schema = {
      type: 'object',
      properties: {
        invoice_number: { type: 'string' }, subtotal: { type: 'number' }, tax_amount: { type: 'number' }, total: { type: 'number' },
        line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'number' }, unit_price: { type: 'number' }, amount: { type: 'number' } } } },
      },
    };
    const result = await extractData(text, { enabled: true, schema }, 'es');
    expect(result.extracted_data).toMatchObject({ invoice_number: '34178', subtotal: 550.5, tax_amount: 115.61, total: 666.11 });
    expect(result.extracted_data.line_items).toHaveLength(2);
  });

  it('reads a date after a "Date/Time" label', async () => {
    const text = page([[[0.05, 'Corner'], [0.14, 'Deli']], [[0.05, 'Date/Time'], [0.3, '21/08/2026'], [0.45, '14:02']]]);
    const result = await extractData(text, { enabled: true, schema: { type: 'object', properties: { date: { type: 'string', format: 'date' } } } }, 'en');
    expect(result.extracted_data).toEqual({ date: '2026-08-21' });
  });
});

describe('totals on OCR text', () => {
  const data = { subtotal: 100, tax_amount: 19, total_amount: 129 };
  const at = (left: number) => [pageLocation(1, { left, top: 0.05, width: 0.1, height: 0.012 })];
  const coordinates = { subtotal: at(0.1), tax_amount: at(0.3), total_amount: at(0.5) };

  it('is a WARNING (totals_mismatch_unsure) when an amount was read with low OCR confidence', () => {
    const text = page([[[0.1, '100.00'], [0.3, '19.00'], [0.5, '129.00']]], 71);
    expect(totalsIndicators(data, coordinates, ocrCertainty(text)).map((r) => [r.indicator.id, r.indicator.type])).toEqual([['totals_mismatch_unsure', 'WARNING']]);
  });

  it('stays a RISK on a text layer or confident OCR', () => {
    expect(totalsIndicators(data, coordinates, ocrCertainty(page([[[0.1, '100.00'], [0.3, '19.00'], [0.5, '129.00']]]))).map((r) => r.indicator.id)).toEqual(['totals_mismatch']);
    expect(totalsIndicators(data, coordinates, ocrCertainty(page([[[0.1, '100.00'], [0.3, '19.00'], [0.5, '129.00']]], 96))).map((r) => r.indicator.id)).toEqual(['totals_mismatch']);
  });
});

describe('metadata and fonts', () => {
  const meta = { producer: null, creator: null, creation_date: null, mod_date: null, author: null, title: null, keywords: null, subject: null };

  it('does not take a Xerox scanner for Xero, nor "usage" for Sage', () => {
    expect(claimsDigitalOrigin({ ...meta, producer: 'Xerox WorkCentre 7855' })).toBeNull();
    expect(claimsDigitalOrigin({ ...meta, creator: 'Usage report' })).toBeNull();
    expect(claimsDigitalOrigin({ ...meta, creator: 'Xero' })).toBe('Xero');
  });

  it('reports a font change inside a number, not at a label colon touching its value', () => {
    const word = (text: string, changeInRun: boolean, left: number): DocumentWord => ({
      text, page: 1, line: 0, bbox: { left, top: 0.1, width: 0.1, height: 0.012 }, polygon: null, font_size: 10, confidence: null,
      layer: { fonts: ['F1', 'F2'], font_change_in_run: changeInRun, color: '#000000', render_mode: 0, draw_order: 0 },
    });
    const raised = (w: DocumentWord) => textLayerIndicators([{ number: 1, words: [w], glyphs: [] }]).map((r) => r.indicator.id);
    expect(raised(word('totale:4', false, 0.1))).toEqual([]);
    expect(raised(word('7,584.32', true, 0.1))).toEqual(['font_change_in_number']);
  });
});
