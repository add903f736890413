// The text stage on PDFs made in the test (pdf.js runs in-process, no external tool needed):
// word boxes normalised to the page, rotated text with polygons, and the typed failures.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { extractDocumentText } from '../../../activities/documents/analysis/text/document-text.extractor.js';
import { DocumentAnalysisError } from '../../../activities/documents/analysis/analysis-errors.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'doc-text-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdfFile(name: string, build: (doc: PDFDocument) => Promise<void>): Promise<string> {
  const doc = await PDFDocument.create();
  await build(doc);
  const file = path.join(dir, name);
  await writeFile(file, await doc.save({ addDefaultPage: false }));
  return file;
}

const opts = { ocrLanguages: 'eng' };

describe('extractDocumentText on text PDFs', () => {
  it('gives every word its page and a box normalised to the page, origin top-left', async () => {
    const file = await pdfFile('a.pdf', async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.addPage([600, 800]);
      page.drawText('Invoice number: INV-1', { x: 60, y: 700, size: 20, font });
      doc.addPage([600, 800]).drawText('Total 1,234.56', { x: 300, y: 100, size: 10, font });
    });
    const text = await extractDocumentText(file, 'application/pdf', opts);
    expect(text.page_count).toBe(2);
    expect(text.pages.map((p) => p.source)).toEqual(['text_layer', 'text_layer']);
    const first = text.pages[0]!.words;
    expect(first.map((w) => w.text)).toEqual(['Invoice', 'number:', 'INV-1']);
    expect(first[0]!.bbox.left).toBeCloseTo(60 / 600, 3);
    // Baseline at y=700 from the bottom: the box's bottom lies a little below 100/800 from the top.
    expect(first[0]!.bbox.top + first[0]!.bbox.height).toBeCloseTo((800 - 700 + 0.22 * 20) / 800, 2);
    expect(first.every((w) => w.line === 0 && w.page === 1 && w.polygon === null)).toBe(true);
    const total = text.pages[1]!.words.find((w) => w.text === '1,234.56')!;
    expect(total.page).toBe(2);
    expect(total.bbox.left).toBeGreaterThan(0.5);
    expect(total.bbox.top).toBeGreaterThan(0.85);
  });

  it('gives rotated text a polygon', async () => {
    const file = await pdfFile('rot.pdf', async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.addPage([600, 800]).drawText('Rotated words', { x: 100, y: 400, size: 14, font, rotate: degrees(30) });
    });
    const [word] = (await extractDocumentText(file, 'application/pdf', opts)).pages[0]!.words;
    expect(word!.polygon).toHaveLength(4);
    expect(word!.polygon![1]!.y).toBeLessThan(word!.polygon![0]!.y); // the baseline rises to the right
  });

  it('reads a long PDF within the limits', async () => {
    const file = await pdfFile('long.pdf', async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let i = 1; i <= 150; i++) doc.addPage([600, 800]).drawText(`Page ${i} of the statement`, { x: 50, y: 700, size: 12, font });
    });
    let progress = 0;
    const text = await extractDocumentText(file, 'application/pdf', { ...opts, onProgress: (done) => (progress = done) });
    expect(text.page_count).toBe(150);
    expect(progress).toBe(150);
    expect(text.pages[149]!.words[1]!.text).toBe('150');
  });
});

describe('extractDocumentText failures', () => {
  const expectCode = async (promise: Promise<unknown>, code: string) => {
    await expect(promise).rejects.toBeInstanceOf(DocumentAnalysisError);
    await expect(promise).rejects.toMatchObject({ code });
  };

  it('fails a PDF with more pages than the limit', async () => {
    const file = await pdfFile('many.pdf', async (doc) => {
      for (let i = 0; i < 5; i++) doc.addPage();
    });
    await expectCode(extractDocumentText(file, 'application/pdf', { ...opts, limits: { maxPages: 4 } }), 'too_many_pages');
  });

  it('fails a PDF without pages', async () => {
    const file = await pdfFile('empty.pdf', async () => {});
    await expectCode(extractDocumentText(file, 'application/pdf', opts), 'pdf_no_pages');
  });

  it('fails a file whose bytes are not the declared type', async () => {
    const file = path.join(dir, 'lie.pdf');
    await writeFile(file, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    await expectCode(extractDocumentText(file, 'application/pdf', opts), 'file_type_mismatch');
  });

  it('fails a file type that is not accepted', async () => {
    const file = path.join(dir, 'doc.gif');
    await writeFile(file, 'GIF89a......');
    await expectCode(extractDocumentText(file, 'image/gif', opts), 'unsupported_file_type');
    await expectCode(extractDocumentText(file, null, opts), 'unsupported_file_type');
  });

  it('fails a PDF that cannot be parsed', async () => {
    const file = path.join(dir, 'broken.pdf');
    await writeFile(file, '%PDF-1.7\nthis is not really a pdf\n%%EOF\n');
    await expectCode(extractDocumentText(file, 'application/pdf', opts), 'file_unreadable');
  });

  it('fails an empty file and a file over the size limit', async () => {
    const empty = path.join(dir, 'zero.pdf');
    await writeFile(empty, '');
    await expectCode(extractDocumentText(empty, 'application/pdf', opts), 'file_unreadable');
    const big = await pdfFile('big.pdf', async (doc) => {
      doc.addPage();
    });
    await expectCode(extractDocumentText(big, 'application/pdf', { ...opts, limits: { maxFileBytes: 100 } }), 'file_too_large');
  });
});
