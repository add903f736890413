// Runs the real text extraction (pdftotext, pdftoppm, tesseract) over generated proof-of-address files.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAddressDocument } from '../../../activities/identity/documents/processing/address-document.processor.js';
import { generateAddressDocuments, type AddressDocumentFixtures } from './fixtures/generate-address-documents.js';

const now = new Date('2026-03-20T12:00:00Z');
const john = { first: 'John', last: 'Smith' };
const johnsAddress = { line1: '14 Kingfisher Road', postal_code: 'N7 8QT' };
let dir: string;
let files: AddressDocumentFixtures;
const timings: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'address-documents-'));
  files = await generateAddressDocuments(dir);
});

afterAll(async () => {
  // Reported, not asserted: extraction time depends on the machine.
  if (timings.length > 0) console.info(`Text extraction + analysis time per proof-of-address document:\n${timings.join('\n')}`);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function processTimed(label: string, ...args: Parameters<typeof processAddressDocument>) {
  const started = performance.now();
  const result = await processAddressDocument(...args);
  timings.push(`  ${label.padEnd(28)} ${Math.round(performance.now() - started)} ms`);
  return result;
}

const UK_BILL = {
  classification_type: 'utility_bill',
  name: { first: 'John', middle: 'Paul', last: 'Smith' },
  issue_date: '2026-03-03',
  address: { line1: 'Flat 2', line2: '14 Kingfisher Road', city: 'LONDON', postal_code: 'N7 8QT', country_code: 'GB' },
  document_number: '8472 1190 33',
  issuing_authority: 'Brightwater Energy Ltd',
  is_valid: true,
  reasoning: ['recognised as a utility bill', 'name matches the account', 'issued within the last 3 months', 'address matches the account'],
};

describe('processAddressDocument', () => {
  it('reads a PDF bill from its text layer and accepts it', async () => {
    const result = await processTimed('text-layer PDF', files.ukBillPdf, 'application/pdf', { now, expectedName: john, expectedAddress: johnsAddress });
    expect(result).toEqual({ status: 'processed', text_source: 'pdf_text_layer', ...UK_BILL });
  });

  it('reads the same bill from a scanned PNG with OCR', async () => {
    const result = await processTimed('PNG scan (OCR)', files.ukBillScanPng, 'image/png', { now, expectedName: john, expectedAddress: johnsAddress });
    expect(result).toEqual({ status: 'processed', text_source: 'image_ocr', ...UK_BILL });
  });

  it('falls back to OCR for a PDF that has no text layer', async () => {
    const result = await processTimed('scanned PDF (OCR)', files.frenchBillScannedPdf, 'application/pdf', { now, expectedName: { first: 'Marie', last: 'Dupont' } });
    expect(result).toMatchObject({
      status: 'processed',
      text_source: 'pdf_ocr',
      classification_type: 'utility_bill',
      name: { first: 'Marie', middle: 'Claire', last: 'Dupont' },
      issue_date: '2026-02-12',
      address: { line1: '12 rue de la Paix', postal_code: '75002', city: 'Paris' },
      is_valid: true,
    });
  });

  it('keeps accented text from a PDF text layer', async () => {
    const result = await processTimed('text-layer PDF (German)', files.germanStatementPdf, 'application/pdf', { now, expectedName: { first: 'Jan-Peter', last: 'Müller' } });
    expect(result).toMatchObject({ status: 'processed', classification_type: 'bank_statement', name: { first: 'Jan-Peter', last: 'Müller' }, address: { line1: 'Hauptstraße 5', postal_code: '10115', city: 'Berlin' }, is_valid: true });
  });

  it('rejects a bill older than three months, saying why', async () => {
    const result = await processAddressDocument(files.ukBillPdf, 'application/pdf', { now: new Date('2026-07-01T00:00:00Z'), expectedName: john });
    expect(result).toMatchObject({ status: 'processed', is_valid: false });
    if (result.status === 'processed') expect(result.reasoning).toContain('issued 2026-03-03, more than 3 months ago');
  });

  it('fails a document with no readable text', async () => {
    const result = await processTimed('blank PDF', files.blankPdf, 'application/pdf', { now });
    expect(result).toEqual({ status: 'failed', errors: [{ code: 'text_not_found', title: 'No text found', detail: 'no text could be read from the document' }] });
  });

  it('rejects unsupported content types and files that are not what they claim', async () => {
    expect(await processAddressDocument(files.ukBillPdf, 'text/plain', { now })).toMatchObject({ status: 'failed', errors: [{ code: 'unsupported_file' }] });
    expect(await processAddressDocument(files.ukBillScanPng, 'application/pdf', { now })).toEqual({
      status: 'failed',
      errors: [{ code: 'unsupported_file', title: 'Unsupported file', detail: 'the file is a PNG but was sent as application/pdf' }],
    });
    const broken = path.join(dir, 'broken.pdf');
    await writeFile(broken, '%PDF-1.4\nthis is not a pdf body\n');
    expect(await processAddressDocument(broken, 'application/pdf', { now })).toMatchObject({ status: 'failed', errors: [{ code: 'unsupported_file', detail: 'the file could not be read' }] });
  });
});
