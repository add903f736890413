import { describe, expect, it } from 'vitest';
import { DocumentAnalysisError } from '../../../activities/documents/analysis/analysis-errors.js';
import type { DocumentText, DocumentWord } from '../../../activities/documents/analysis/document-text.js';
import { extractData } from '../../../activities/documents/analysis/extraction/extract-data.js';
import { compileExtractionSchema } from '../../../activities/documents/analysis/extraction/extraction-schema.js';
import { parseExtractionRules } from '../../../activities/documents/analysis/extraction/extraction-rules.parser.js';
import { assignLines } from '../../../activities/documents/analysis/text/text-lines.js';

/** A page from lines of [x (0..1), text] words, 20 pt apart. */
function page(lines: [number, string][][]): DocumentText {
  const words: Omit<DocumentWord, 'line'>[] = [];
  lines.forEach((line, row) => {
    for (const [x, text] of line) {
      words.push({ text, page: 1, bbox: { left: x, top: 0.05 + row * 0.024, width: text.length * 0.009, height: 0.012 }, polygon: null, font_size: 10, confidence: null, layer: null });
    }
  });
  return { file_type: 'pdf', page_count: 1, skipped_pages: [], pages: [{ number: 1, width: 595, height: 842, source: 'text_layer', words: assignLines(words), image_coverage: 0, ocr: null }] };
}

describe('compileExtractionSchema', () => {
  it('rejects a schema that is not JSON Schema, with a pointer to the problem', () => {
    const attempt = () => compileExtractionSchema({ type: 'object', properties: { total: { type: 'money' } } });
    expect(attempt).toThrow(DocumentAnalysisError);
    try {
      attempt();
    } catch (e) {
      expect((e as DocumentAnalysisError).code).toBe('invalid_extraction_schema');
      expect((e as DocumentAnalysisError).pointer).toBe('/properties/total/type');
      expect((e as DocumentAnalysisError).status).toBe('422');
    }
  });

  it.each([
    [[], ''],
    [{ type: 'array' }, '/type'],
    [{ type: 'object' }, '/properties'],
    [{ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }, '/required'],
  ])('rejects %j at %s', (schema, pointer) => {
    expect(() => compileExtractionSchema(schema)).toThrow(expect.objectContaining({ code: 'invalid_extraction_schema', pointer }));
  });
});

describe('extractData', () => {
  const invoice = page([
    [[0.05, 'Northwind'], [0.15, 'Trading'], [0.25, 'Ltd'], [0.8, 'INVOICE']],
    [[0.05, 'Invoice'], [0.13, 'No:'], [0.3, 'INV-0042']],
    [[0.05, 'Date:'], [0.3, '14'], [0.33, 'October'], [0.42, '2026']],
    [],
    [[0.05, 'Description'], [0.5, 'Qty'], [0.62, 'Price'], [0.8, 'Amount']],
    [[0.05, 'Chairs'], [0.5, '2'], [0.62, '100.00'], [0.8, '200.00']],
    [[0.05, 'Desk'], [0.5, '1'], [0.62, '350.50'], [0.8, '350.50']],
    [[0.6, 'Total'], [0.8, '550.50']],
  ]);
  const schema = {
    type: 'object',
    required: ['invoice_number', 'total', 'po_number'],
    properties: {
      invoice_number: { type: 'string' },
      invoice_date: { type: 'string', format: 'date' },
      vendor_name: { type: 'string' },
      total: { type: 'number', minimum: 0 },
      po_number: { type: 'string' },
      line_items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, quantity: { type: 'integer' }, unit_price: { type: 'number' }, amount: { type: 'number' } } } },
    },
  };

  it('finds labelled values, tables and the issuer, with coordinates, and reports missing required fields', async () => {
    const result = await extractData(invoice, { enabled: true, schema }, 'en');
    expect(result.extracted_data).toEqual({
      invoice_number: 'INV-0042',
      invoice_date: '2026-10-14',
      vendor_name: 'Northwind Trading Ltd',
      total: 550.5,
      line_items: [
        { description: 'Chairs', quantity: 2, unit_price: 100, amount: 200 },
        { description: 'Desk', quantity: 1, unit_price: 350.5, amount: 350.5 },
      ],
    });
    expect(result.extracted_data_coordinates.fields['total']![0]).toMatchObject({ surface: { type: 'page', number: 1 }, coordinate_space: 'normalized_page', polygon: null });
    expect(result.extracted_data_coordinates.fields['total']![0]!.bbox.left).toBeCloseTo(0.8, 5);
    expect(result.extracted_data_coordinates.fields['line_items[1].unit_price']).toHaveLength(1);
    expect(result.issues).toEqual([expect.objectContaining({ path: 'po_number', problem: 'missing_required' })]);
  });

  it('uses labels quoted in the extraction rules', async () => {
    const doc = page([[[0.05, 'Our'], [0.1, 'ref.'], [0.3, 'A-77']]]);
    const result = await extractData(doc, { enabled: true, schema: { type: 'object', properties: { reference: { type: 'string' } } }, extraction_rules: 'reference: printed after "Our ref."' }, 'en');
    expect(result.extracted_data).toEqual({ reference: 'A-77' });
  });

  it('removes a value that breaks its property rules and reports it', async () => {
    const doc = page([[[0.05, 'Total'], [0.3, '-5.00']]]);
    const result = await extractData(doc, { enabled: true, schema: { type: 'object', properties: { total: { type: 'number', minimum: 0 } } } }, 'en');
    expect(result.extracted_data).toEqual({});
    expect(result.extracted_data_coordinates.fields).toEqual({});
    expect(result.issues).toEqual([expect.objectContaining({ path: 'total', problem: 'invalid_value', rejected_value: -5 })]);
  });
});

describe('parseExtractionRules', () => {
  it('reads labels, positions and the date order', () => {
    const rules = parseExtractionRules('total: the amount labelled "Amount payable", below the label.\nDates are written month first.', ['total', 'date']);
    expect(rules.dateOrder).toBe('MDY');
    expect(rules.fields.get('total')).toEqual({ labels: ['Amount payable'], position: 'below' });
  });
});
