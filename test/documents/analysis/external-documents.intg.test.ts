// The engine on documents made by other tools (reportlab, fpdf2, pikepdf; the external corpus in
// test/documents/fixtures/external, made by bench/support/documents-external): labels in a row
// with their values under them, IBANs followed by a date, table headers such as "Buchung",
// summary lines under a table, rates beside a tax label, "Nº de factura", "Fecha/Hora", tax-form
// labels, a Spanish simplified invoice (a receipt), one digit in another font, an image editor
// in the metadata. Needs poppler and qpdf (infra/tools/apt-packages.txt), no servers.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseDocument } from '../../../activities/documents/analysis/index.js';
import { foldText } from '../../../activities/documents/analysis/text/text-folding.js';
import type { ExternalTruth } from '../../../bench/support/documents-external/external-truth.js';

const dir = path.resolve(import.meta.dirname, '../fixtures/external');
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ExternalTruth);
const now = new Date('2026-11-26T00:00:00Z');

const analyse = (t: ExternalTruth) =>
  analyseDocument(
    { filePath: path.join(dir, t.file), contentType: t.content_type, extraction_config: { enabled: true, schema: t.schema }, fraud_config: { enabled: true, requires_digital_signature: false } },
    { now },
  );

/** Extracted data in the truth's terms: numbers to the cent, text folded with spaces ignored. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  if (typeof value === 'number') return Math.round(value * 100) / 100;
  return foldText(String(value)).replace(/\s+/g, '');
}

describe('documents made by other tools', () => {
  it('has the committed fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  for (const truth of fixtures.filter((t) => !t.tampered)) {
    it(`reads every field of ${truth.id} (${truth.kind}, ${truth.locale}), classifies it and raises no alarm`, async () => {
      const result = await analyse(truth);
      expect(result.status).toBe('processed');
      expect(result.classification?.document_class_type).toBe(truth.kind);
      expect(comparable(result.extracted_data)).toEqual(comparable(truth.truth));
      expect(result.fraud_result?.indicators.filter((i) => i.type !== 'INFO').map((i) => i.id)).toEqual([]);
      expect(result.fraud_result?.score).toBe('NORMAL');
    });
  }

  for (const truth of fixtures.filter((t) => t.tampered)) {
    it(`flags ${truth.id} (${truth.note})`, async () => {
      const result = await analyse(truth);
      const raised = result.fraud_result!.indicators.map((i) => i.id);
      expect(raised.filter((id) => truth.expected_indicators.includes(id))).not.toEqual([]);
      expect(result.fraud_result!.score).not.toBe('NORMAL');
    });
  }
});
