import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../activities/documents/analysis/classification/document.classifier.js';
import type { DocumentText, DocumentWord } from '../../../activities/documents/analysis/document-text.js';
import { assignLines } from '../../../activities/documents/analysis/text/text-lines.js';

function doc(lines: string[]): DocumentText {
  const words: Omit<DocumentWord, 'line'>[] = [];
  lines.forEach((line, row) =>
    line.split(' ').forEach((text, i) => words.push({ text, page: 1, bbox: { left: 0.05 + i * 0.1, top: 0.05 + row * 0.03, width: 0.08, height: 0.012 }, polygon: null, font_size: 10, confidence: null, layer: null })),
  );
  return { file_type: 'pdf', page_count: 1, skipped_pages: [], pages: [{ number: 1, width: 595, height: 842, source: 'text_layer', words: assignLines(words), image_coverage: 0, ocr: null }] };
}

describe('classifyDocument', () => {
  it('classifies a German electricity bill as a utility bill although it says Rechnung, with evidence', () => {
    const c = classifyDocument(doc(['Stadtwerke Musterstadt', 'Ihre Stromrechnung', 'Rechnungsnummer: 123', 'Zählernummer: 998877', 'Verbrauch 2.345 kWh', 'Gesamtbetrag 512,00 EUR']));
    expect(c).toMatchObject({ id: 'utility_bill.electricity_bill', type: 'financial', document_class_type: 'utility_bill', detailed_type: 'electricity_bill', language: 'de' });
    expect(c.evidence.map((e) => e.feature)).toEqual(expect.arrayContaining(['stromrechnung', 'zahlernummer', 'kwh']));
    expect(c.evidence[0]!.locations[0]).toMatchObject({ surface: { type: 'page', number: 1 }, coordinate_space: 'normalized_page' });
  });

  it.each([
    [['INVOICE', 'Invoice number: 42', 'Bill to: ACME', 'Subtotal 10.00', 'VAT 2.00'], 'invoice'],
    [['RELEVÉ DE COMPTE', 'Ancien solde 100,00', 'Nouveau solde 80,00'], 'bank_statement'],
    [['Nómina', 'Salario bruto 2.000,00', 'Líquido a percibir 1.600,00'], 'payslip'],
    [['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'], 'government_id'],
    [['Meldebescheinigung', 'Hauptwohnung Lindenweg 22'], 'proof_of_address'],
    [['Shopping list', 'milk eggs bread'], 'other'],
  ])('classifies %j as %s', (lines, expected) => {
    expect(classifyDocument(doc(lines)).document_class_type).toBe(expected);
  });
});
