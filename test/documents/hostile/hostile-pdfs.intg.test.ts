// Hostile PDFs given to the processing engine (needs qpdf and poppler, no servers): each one ends
// in a documented processing error or in bounded work, never in an unexpected exception (which
// the activity would retry) or in memory the size of the decoded bomb.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseDocument } from '../../../activities/documents/analysis/index.js';
import { DEFAULT_ANALYSIS_LIMITS } from '../../../activities/documents/analysis/analysis-limits.js';
import { MAX_RENDER_SIDE, renderResolution } from '../../../activities/documents/analysis/fraud/hidden-text.check.js';
import { extractDocumentText } from '../../../activities/documents/analysis/text/document-text.extractor.js';
import { readPdfLayers } from '../../../activities/documents/analysis/text/pdf-layers.reader.js';
import { flateBombContent, onePagePdf, operatorBombContent, textContent, withIncrementalUpdate } from './hostile-pdf.builder.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hostile-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: Buffer): Promise<string> {
  const p = path.join(dir, name);
  await writeFile(p, bytes);
  return p;
}

const analyse = (filePath: string, limits = {}) =>
  analyseDocument({ filePath, contentType: 'application/pdf', fraud_config: { enabled: true, requires_digital_signature: false } }, { now: new Date('2026-11-01T00:00:00Z'), ocrLanguages: 'eng', limits });

describe('decompression bombs', () => {
  it('fails a PDF whose streams decode past the limit with file_too_large, before pdf.js holds them', async () => {
    const bomb = await file('bomb.pdf', onePagePdf({ content: await flateBombContent(64) }));
    const result = await analyse(bomb, { maxDecodedStreamBytes: 16 * 1024 * 1024 });
    expect(result.status).toBe('failed');
    expect(result.processing_errors).toEqual([expect.objectContaining({ code: 'file_too_large', status: '413', detail: expect.stringMatching(/decode to more than 16777216 bytes/) })]);
  });

  it('reads the same kind of file under the limit (the limit is on decoded bytes, not on compression)', async () => {
    const modest = await file('modest.pdf', onePagePdf({ content: await flateBombContent(2) }));
    const text = await extractDocumentText(modest, 'application/pdf', { limits: { maxDecodedStreamBytes: 16 * 1024 * 1024 }, ocrLanguages: 'eng' });
    expect(text.pages[0]!.words.map((w) => w.text).join(' ')).toContain('Statement of account');
  });

  it('checks an earlier revision too: a bomb replaced by an incremental update is never opened, the revision is reported as not compared', async () => {
    const hidden = withIncrementalUpdate(onePagePdf({ content: await flateBombContent(64) }), 4, textContent());
    const result = await analyse(await file('hidden-bomb.pdf', hidden), { maxDecodedStreamBytes: 16 * 1024 * 1024 });
    expect(result.status).toBe('processed');
    expect(result.fraud_result!.indicators).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'revisions_not_compared', description: expect.stringMatching(/Revision\(s\) 1 /) })]));
  });

  it('documents a limit of 256 MiB by default', () => {
    expect(DEFAULT_ANALYSIS_LIMITS.maxDecodedStreamBytes).toBe(256 * 1024 * 1024);
  });
});

describe('operator bombs', () => {
  const read = (pdf: Buffer, heapMb: number) => readPdfLayers(new Uint8Array(pdf), { maxPages: 200, maxImagePixels: 1e8, includeAnnotations: true, heapMb });

  it('reads pages in a child process whose heap limit stops a page of millions of drawing operators with file_too_large', async () => {
    const bomb = onePagePdf({ content: await operatorBombContent(40) });
    await expect(read(bomb, 256)).rejects.toMatchObject({ code: "file_too_large", status: "413", detail: expect.stringMatching(/more than 256 MiB/) });
  });

  it('reads an ordinary page in the same kind of process, and keeps working after one died', async () => {
    const { numPages, layers } = await read(onePagePdf(), 256);
    expect(numPages).toBe(1);
    expect(layers[0]!.words.map((w) => w.text).join(' ')).toBe('Statement of account for the period');
  });

  it('reports the page count of a PDF past the page limit without reading its pages', async () => {
    const { numPages, layers } = await readPdfLayers(new Uint8Array(onePagePdf()), { maxPages: 0, maxImagePixels: 1e8, includeAnnotations: true });
    expect({ numPages, layers }).toEqual({ numPages: 1, layers: [] });
  });
});

describe('broken structure', () => {
  it('fails a pages tree that contains itself with file_unreadable', async () => {
    const cycle = await file('cycle.pdf', onePagePdf({ pagesKids: '2 0 R 3 0 R' }));
    const result = await analyse(cycle);
    expect(result.processing_errors).toEqual([expect.objectContaining({ code: 'file_unreadable', status: '422' })]);
    // The detail names the problem, never the server's file path.
    expect(result.processing_errors[0]!.detail).toMatch(/the file \(object 2 0\): Loop detected/);
    expect(result.processing_errors[0]!.detail).not.toContain(dir);
  });

  it('fails a page nested deeper than the stack with file_unreadable instead of an unexpected error', async () => {
    const deep = await file('deep.pdf', onePagePdf({ page: `/Deep ${'['.repeat(200_000)}${']'.repeat(200_000)}` }));
    const result = await analyse(deep);
    expect(result.processing_errors).toEqual([expect.objectContaining({ code: 'file_unreadable', status: '422' })]);
  });
});

describe('huge pages', () => {
  it('renders a 200-inch page for the hidden-text check at most MAX_RENDER_SIDE pixels long, and letter pages at 100 dpi', () => {
    expect(renderResolution({ width: 14_400, height: 14_400 })).toEqual(['-scale-to', String(MAX_RENDER_SIDE)]);
    expect(renderResolution({ width: 612, height: 792 })).toEqual(['-r', '100']);
    expect(renderResolution({ width: Number.NaN, height: 792 })).toEqual(['-scale-to', String(MAX_RENDER_SIDE)]);
  });

  it('analyses a 200-inch page with its text and no failure', async () => {
    const huge = await file('huge.pdf', onePagePdf({ mediaBox: '0 0 14400 14400' }));
    const result = await analyse(huge);
    expect(result.status).toBe('processed');
    expect(result.fraud_result!.indicators.filter((i) => i.id === 'check_not_run')).toEqual([]);
  });
});
