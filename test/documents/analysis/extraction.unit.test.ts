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

describe('extractData: labels the vocabulary does not hold word for word', () => {
  const names = { type: 'object', properties: { employee_name: { type: 'string' }, employer_name: { type: 'string' } } };

  it('takes a label that runs on to its colon as the label, and the value after the colon', async () => {
    const doc = page([
      [[0.05, 'Nombre'], [0.11, 'del'], [0.14, 'trabajador:'], [0.3, 'Javier'], [0.36, 'Morales']],
      [[0.05, 'Empresa'], [0.12, 'pagadora:Talleres'], [0.28, 'Vega']],
    ]);
    const result = await extractData(doc, { enabled: true, schema: names }, 'es');
    expect(result.extracted_data).toEqual({ employee_name: 'Javier Morales', employer_name: 'Talleres Vega' });
  });

  it('keeps a value whose colon comes after a digit or far from the label', async () => {
    const doc = page([[[0.05, 'Name'], [0.3, 'Ref'], [0.34, '12:'], [0.38, 'Smith']], [[0.05, 'Employer'], [0.3, 'Acme'], [0.35, 'Data'], [0.4, 'Systems'], [0.47, 'Group'], [0.52, 'Ltd:'], [0.57, 'UK']]]);
    const result = await extractData(doc, { enabled: true, schema: names }, 'en');
    expect(result.extracted_data).toEqual({ employee_name: 'Ref 12: Smith', employer_name: 'Acme Data Systems Group Ltd: UK' });
  });

  it.each([
    ['Amount', 'before', 'tax', 'en'],
    ['Importe', 'sin', 'IVA', 'es'],
    ['Summe', 'ohne', 'MwSt.', 'de'],
    ['Montant', 'hors', 'TVA', 'fr'],
  ] as const)('does not read "%s %s %s" as the tax', async (a, b, c, language) => {
    const doc = page([[[0.05, a], [0.05 + a.length * 0.009 + 0.006, b], [0.05 + (a.length + b.length) * 0.009 + 0.012, c], [0.5, '7409.77']]]);
    const result = await extractData(doc, { enabled: true, schema: { type: 'object', properties: { tax_amount: { type: 'number' } } } }, language);
    expect(result.extracted_data).toEqual({});
  });

  it('reads the words after a label head as the rest of the label when a column of values follows', async () => {
    const schema = { type: 'object', properties: { taxpayer_name: { type: 'string' }, tax_year: { type: 'integer' } } };
    const columns = page([
      [[0.05, 'Steuerpflichtige'], [0.2, 'Person'], [0.45, 'Mehmet'], [0.52, 'Yilmaz']],
      [[0.05, 'Kalenderjahr'], [0.45, '2025']],
    ]);
    expect((await extractData(columns, { enabled: true, schema }, 'de')).extracted_data).toEqual({ taxpayer_name: 'Mehmet Yilmaz', tax_year: 2025 });
    // Without a column of values the words after the label are its value.
    const alone = page([[[0.05, 'Taxpayer'], [0.14, 'Anna'], [0.19, 'Berg'], [0.6, 'Page'], [0.65, '1']]]);
    expect((await extractData(alone, { enabled: true, schema }, 'en')).extracted_data).toEqual({ taxpayer_name: 'Anna Berg' });
  });

  it.each([
    ['Pay', 'Statement'],
    ['Bulletin', 'de paie'],
    ['Ihre', 'Stromrechnung'],
  ])('does not take the title "%s %s" for the issuer when no label names it', async (a, b) => {
    const doc = page([[[0.6, a], [0.606 + a.length * 0.009, b]], [[0.05, 'Northgate'], [0.15, 'Office'], [0.22, 'Supplies']], [[0.05, '14'], [0.08, 'Wharf'], [0.14, 'Road']]]);
    for (const w of doc.pages[0]!.words) if (w.text === a || w.text === b) w.font_size = 16;
    for (const w of doc.pages[0]!.words) if (['Northgate', 'Office', 'Supplies'].includes(w.text)) w.font_size = 13;
    const result = await extractData(doc, { enabled: true, schema: { type: 'object', properties: { employer_name: { type: 'string' } } } }, 'en');
    expect(result.extracted_data).toEqual({ employer_name: 'Northgate Office Supplies' });
  });

  it('does not take a piece of a date for an identifier', async () => {
    const schema = { type: 'object', properties: { invoice_number: { type: 'string' } } };
    const dated = page([[[0.05, 'Date'], [0.1, 'of'], [0.13, 'invoice:'], [0.3, 'August'], [0.37, '12,'], [0.41, '2026']]]);
    expect((await extractData(dated, { enabled: true, schema }, 'en')).extracted_data).toEqual({});
    const numbered = page([[[0.05, 'Invoice:'], [0.3, '2026-0012']]]);
    expect((await extractData(numbered, { enabled: true, schema }, 'en')).extracted_data).toEqual({ invoice_number: '2026-0012' });
  });

  it('still reads the tax when a negated tax label stands elsewhere on the page', async () => {
    const doc = page([[[0.05, 'Importe'], [0.12, 'sin'], [0.15, 'IVA'], [0.5, '7409.77']], [[0.05, 'IVA'], [0.09, 'repercutido'], [0.5, '1556.05']]]);
    const result = await extractData(doc, { enabled: true, schema: { type: 'object', properties: { tax_amount: { type: 'number' } } } }, 'es');
    expect(result.extracted_data).toEqual({ tax_amount: 1556.05 });
  });
});

describe('parseExtractionRules', () => {
  it('reads labels, positions and the date order', () => {
    const rules = parseExtractionRules('total: the amount labelled "Amount payable", below the label.\nDates are written month first.', ['total', 'date']);
    expect(rules.dateOrder).toBe('MDY');
    expect(rules.fields.get('total')).toEqual({ labels: ['Amount payable'], position: 'below' });
  });
});
