import { describe, expect, it } from 'vitest';
import { findActiveContent } from '../../../activities/documents/analysis/fraud/active-content.check.js';
import { parsePdfDate, type FileMetadata } from '../../../activities/documents/analysis/fraud/file-metadata.js';
import { scoreIndicators } from '../../../activities/documents/analysis/fraud/fraud-score.js';
import { raise } from '../../../activities/documents/analysis/fraud/indicator.js';
import { metadataIndicators, claimsDigitalOrigin } from '../../../activities/documents/analysis/fraud/metadata.checks.js';
import { parsePdfsigOutput } from '../../../activities/documents/analysis/fraud/pdfsig-output.parser.js';
import { findRevisions } from '../../../activities/documents/analysis/fraud/pdf-revisions.js';
import { diffWords } from '../../../activities/documents/analysis/fraud/text-diff.js';
import { totalsIndicators } from '../../../activities/documents/analysis/fraud/totals.check.js';
import { pageLocation } from '../../../activities/documents/analysis/location.js';

const meta: FileMetadata = { producer: null, creator: null, creation_date: null, mod_date: null, author: null, title: null, keywords: null, subject: null };
const now = new Date('2026-11-01T00:00:00Z');

describe('score', () => {
  it('is HIGH_RISK with a fraud RISK, WARNING with a warning, NORMAL with information only', () => {
    expect(scoreIndicators([raise('javascript', '').indicator, raise('scanned_document', '').indicator])).toBe('HIGH_RISK');
    expect(scoreIndicators([raise('embedded_file', '').indicator])).toBe('WARNING');
    expect(scoreIndicators([raise('low_ocr_confidence', '').indicator])).toBe('WARNING');
    expect(scoreIndicators([raise('digital_signature_valid', '').indicator, raise('scanned_document', '').indicator])).toBe('NORMAL');
    expect(scoreIndicators([])).toBe('NORMAL');
  });
});

describe('metadata checks', () => {
  it('reads PDF dates with time zones', () => {
    expect(parsePdfDate("D:20261014093000+02'00'")).toBe('2026-10-14T07:30:00.000Z');
    expect(parsePdfDate('D:2026')).toBe('2026-01-01T00:00:00.000Z');
    expect(parsePdfDate(null)).toBeNull();
  });

  it('names editors, late modification, dates in the future', () => {
    const ids = (m: typeof meta) => metadataIndicators(m, now).map((r) => r.indicator.id);
    expect(ids({ ...meta, producer: 'iLovePDF' })).toEqual(['editing_software']);
    expect(ids({ ...meta, creator: 'Adobe Photoshop 25.1 (Windows)' })).toEqual(['image_editing_software']);
    expect(ids({ ...meta, creation_date: '2026-01-01T00:00:00Z', mod_date: '2026-06-01T00:00:00Z' })).toEqual(['modified_long_after_creation']);
    expect(ids({ ...meta, creation_date: '2027-05-01T00:00:00Z' })).toEqual(['future_date']);
    expect(ids({ ...meta, producer: 'Microsoft® Word for Microsoft 365', creation_date: '2026-01-01T00:00:00Z', mod_date: '2026-01-02T00:00:00Z' })).toEqual([]);
    expect(claimsDigitalOrigin({ ...meta, producer: 'Microsoft® Word for Microsoft 365' })).toContain('Word');
    expect(claimsDigitalOrigin({ ...meta, producer: 'ScanSnap Manager' })).toBeNull();
  });
});

describe('revisions and text diff', () => {
  it('splits at each %%EOF and skips the first-page section of a linearized file', () => {
    const plain = Buffer.from('%PDF-1.7\nbody\nstartxref\n9\n%%EOF\nupdate\nstartxref\n20\n%%EOF\n', 'latin1');
    expect(findRevisions(plain).map((r) => r.end)).toEqual([32, plain.length]);
    const linearized = Buffer.from('%PDF-1.7\n1 0 obj<</Linearized 1>>endobj\ntrailer<<>>\nstartxref\n0\n%%EOF\nrest\nstartxref\n40\n%%EOF\n', 'latin1');
    expect(findRevisions(linearized)).toEqual([{ number: 1, end: linearized.length }]);
  });

  it('reports each changed run with both sides', () => {
    expect(diffWords(['Total', '1,234.00', 'EUR', 'Thanks'], ['Total', '9,234.00', 'EUR', 'Thanks'])).toEqual([{ oldStart: 1, oldEnd: 2, newStart: 1, newEnd: 2 }]);
    expect(diffWords(['a', 'b', 'c'], ['a', 'c'])).toEqual([{ oldStart: 1, oldEnd: 2, newStart: 1, newEnd: 1 }]);
    expect(diffWords(['a'], ['a'])).toEqual([]);
  });
});

describe('signature report', () => {
  it('reads pdfsig blocks', () => {
    const out = `Digital Signature Info of: x.pdf\nSignature #1:\n  - Signature Field Name: Signature1\n  - Signer Certificate Common Name: Test\n  - Signed Ranges: [0 - 1319], [9513 - 10321]\n  - Not total document signed\n  - Signature Validation: Signature is Valid.\n  - Certificate Validation: Certificate issuer isn't Trusted.\n`;
    expect(parsePdfsigOutput(out)).toEqual([
      { field: 'Signature1', signer: 'Test', ranges: [[0, 1319], [9513, 10321]], totalDocumentSigned: false, validation: 'Signature is Valid.', certificate: "Certificate issuer isn't Trusted." },
    ]);
  });
});

describe('active content', () => {
  it('finds JavaScript, launch actions and embedded files in qpdf JSON', () => {
    const json = { qpdf: [{}, { 'obj:1 0 R': { value: { '/OpenAction': { '/S': '/JavaScript', '/JS': 'u:app.alert(1)' } } }, 'obj:2 0 R': { value: { '/S': '/Launch' } }, 'obj:3 0 R': { stream: { dict: { '/Type': '/EmbeddedFile' } } } }] };
    expect(findActiveContent(json).map((r) => r.indicator.id)).toEqual(['javascript', 'launch_action', 'embedded_file']);
    expect(findActiveContent({ qpdf: [{}, { 'obj:1 0 R': { value: { '/Type': '/Catalog' } } }] })).toEqual([]);
  });
});

describe('totals', () => {
  const loc = pageLocation(1, { left: 0.8, top: 0.5, width: 0.1, height: 0.02 });
  it('flags line items that do not add up to the subtotal, and subtotal + tax that is not the total', () => {
    const data = { subtotal: 300, tax: 60, total: 400, line_items: [{ quantity: 2, unit_price: 50, amount: 100 }, { quantity: 1, unit_price: 150, amount: 200 }] };
    const raised = totalsIndicators(data, { total: [loc] });
    expect(raised.map((r) => r.indicator.id)).toEqual(['totals_mismatch', 'line_item_mismatch']);
    expect(raised[0]!.locations[0]).toMatchObject({ detail: { original_text: 'expected 360', new_text: 'found 400' } });
  });

  it('accepts consistent documents, also in German field names, and balances', () => {
    expect(totalsIndicators({ nettobetrag: 100, mwst: 19, gesamtbetrag: 119 }, {})).toEqual([]);
    expect(totalsIndicators({ opening_balance: 100, closing_balance: 50, transactions: [{ amount: -70 }, { amount: 20 }] }, {})).toEqual([]);
    expect(totalsIndicators({ opening_balance: 100, closing_balance: 90, transactions: [{ amount: -70 }, { amount: 20 }] }, {}).map((r) => r.indicator.id)).toEqual(['totals_mismatch']);
    expect(totalsIndicators({ gross_pay: 3000, total_deductions: 800, net_pay: 2300 }, {}).map((r) => r.indicator.id)).toEqual(['totals_mismatch']);
  });
});
