// The engine with its external tools (tesseract, ImageMagick, poppler, qpdf) on generated files:
// OCR of scans with positions, the password and OCR-timeout failures, and the fraud checks on
// tampered files. Needs no servers, only the Debian packages of infra/tools/apt-packages.txt.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseDocument } from '../../../activities/documents/analysis/index.js';
import { extractDocumentText } from '../../../activities/documents/analysis/text/document-text.extractor.js';
import { composeDocument, type CorpusDocument } from '../corpus/corpus-documents.js';
import { appendTextEdit } from '../corpus/incremental-update.writer.js';
import { writeWithPdfLib } from '../corpus/pdf-writers.js';
import { scanPdf } from '../corpus/scans.js';
import { seededRandom } from '../corpus/seeded-random.js';
import { addJavaScript, makeTestCertificate, overlayText, signPdf } from '../corpus/tampering.js';

const run = promisify(execFile);
const now = new Date('2026-11-01T00:00:00Z');
let dir: string;
let invoice: CorpusDocument;
let original: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'doc-tools-'));
  invoice = composeDocument('invoice', 'en', 0, seededRandom(42));
  original = path.join(dir, 'invoice.pdf');
  await writeFile(original, await writeWithPdfLib(invoice.page));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const analyse = (file: string, contentType = 'application/pdf', requiresSignature = false) =>
  analyseDocument(
    { filePath: file, contentType, extraction_config: { enabled: true, schema: invoice.schema }, fraud_config: { enabled: true, requires_digital_signature: requiresSignature } },
    { now, ocrLanguages: 'eng' },
  );
const ids = (r: Awaited<ReturnType<typeof analyse>>) => r.fraud_result!.indicators.map((i) => i.id);

describe('OCR', () => {
  it('reads a skewed, noisy scan with word boxes on the page as uploaded', async () => {
    const scan = path.join(dir, 'scan.png');
    await scanPdf(original, scan, 'png', 7);
    const text = await extractDocumentText(scan, 'image/png', { ocrLanguages: 'eng' });
    expect(text.pages[0]!.source).toBe('ocr');
    const pdfText = await extractDocumentText(original, 'application/pdf', { ocrLanguages: 'eng' });
    const printed = pdfText.pages[0]!.words.find((w) => w.text === invoice.truth.invoice_number)!;
    const read = text.pages[0]!.words.find((w) => w.text === invoice.truth.invoice_number)!;
    expect(read).toBeDefined();
    // The same word lies at the same place of the page (within a skew of about 1.5 degrees).
    expect(Math.abs(read.bbox.left - printed.bbox.left)).toBeLessThan(0.03);
    expect(Math.abs(read.bbox.top - printed.bbox.top)).toBeLessThan(0.03);
    expect(read.polygon === null || read.polygon.length === 4).toBe(true);
  });

  it('fails with ocr_timeout when a page takes longer than the limit', async () => {
    const scan = path.join(dir, 'slow.png');
    await scanPdf(original, scan, 'png', 3);
    const result = await analyseDocument({ filePath: scan, contentType: 'image/png' }, { now, ocrLanguages: 'eng', limits: { ocrTimeoutMsPerPage: 1 } });
    expect(result.status).toBe('failed');
    expect(result.processing_errors).toEqual([expect.objectContaining({ code: 'ocr_timeout', status: '504', meta: expect.objectContaining({ occurred_at: now.toISOString(), stage: 'text' }) })]);
  });
});

describe('failures that need tools', () => {
  it('fails a password-protected PDF', async () => {
    const locked = path.join(dir, 'locked.pdf');
    await run('qpdf', ['--encrypt', 'secret', 'owner', '256', '--', original, locked]);
    const result = await analyse(locked);
    expect(result.processing_errors).toEqual([expect.objectContaining({ code: 'pdf_password_protected' })]);
  });
});

describe('fraud analysis', () => {
  it('finds nothing wrong with the untouched invoice, and extracts it', async () => {
    const result = await analyse(original);
    expect(result.status).toBe('processed');
    expect(result.fraud_result!.score).toBe('NORMAL');
    expect(result.extracted_data).toMatchObject({ invoice_number: invoice.truth.invoice_number, total: invoice.truth.total });
    expect(result.fraud_result!.document_classification).toMatchObject({ document_class_type: 'invoice' });
  });

  it('reports an amount changed by an incremental update, with the old and new text where it is printed', async () => {
    const edited = path.join(dir, 'edited.pdf');
    const bytes = new Uint8Array(await readFile(original));
    await writeFile(edited, await appendTextEdit(bytes, invoice.editable.amount, `9${invoice.editable.amount}`));
    const result = await analyse(edited);
    expect(result.fraud_result!.score).toBe('HIGH_RISK');
    const [location] = result.fraud_result_coordinates!.indicators['incremental_update_text_changed']!;
    expect(location!.detail).toEqual({ original_text: invoice.editable.amount.split(' ')[0], new_text: `9${invoice.editable.amount.split(' ')[0]}` });
    expect(location!.surface).toEqual({ type: 'page', number: 1 });
    expect(location!.bbox.left).toBeGreaterThan(0.6);
  });

  it('reports text typed over whited-out text', async () => {
    const overlaid = path.join(dir, 'overlay.pdf');
    const item = invoice.page.items.find((i) => i.text === invoice.editable.amount)!;
    await writeFile(overlaid, await overlayText(new Uint8Array(await readFile(original)), item, '1.00 GBP'));
    const result = await analyse(overlaid);
    expect(result.fraud_result!.score).toBe('HIGH_RISK');
    expect(ids(result)).toEqual(expect.arrayContaining(['text_overlay']));
  });

  it('verifies a signature, and reports a file edited after signing and a missing required signature', async () => {
    const p12 = await makeTestCertificate();
    const signed = new Uint8Array(await signPdf(new Uint8Array(await readFile(original)), p12));
    const signedFile = path.join(dir, 'signed.pdf');
    await writeFile(signedFile, signed);
    const intact = await analyse(signedFile, 'application/pdf', true);
    expect(ids(intact)).toEqual(expect.arrayContaining(['digital_signature_untrusted']));
    expect(intact.fraud_result!.score).toBe('NORMAL');

    const afterSigning = path.join(dir, 'signed-edited.pdf');
    await writeFile(afterSigning, await appendTextEdit(signed, invoice.editable.amount, `9${invoice.editable.amount}`));
    const edited = await analyse(afterSigning, 'application/pdf', true);
    expect(ids(edited)).toEqual(expect.arrayContaining(['digital_signature_partial', 'modified_after_signing', 'incremental_update_text_changed']));

    expect(ids(await analyse(original, 'application/pdf', true))).toContain('digital_signature_missing');
  });

  it('reports JavaScript', async () => {
    const scripted = path.join(dir, 'js.pdf');
    await writeFile(scripted, await addJavaScript(new Uint8Array(await readFile(original))));
    expect(ids(await analyse(scripted))).toContain('javascript');
  });
});
