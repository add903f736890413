// Hostile images given to the processing engine (needs ImageMagick, no servers).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocumentText } from '../../../activities/documents/analysis/text/document-text.extractor.js';
import { manyPageTiff } from './hostile-image.builder.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hostile-image-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('multi-page TIFF', () => {
  it('still counts and reads the pages of an ordinary multi-page TIFF', async () => {
    const file = path.join(dir, 'three.tif');
    await writeFile(file, manyPageTiff(3));
    const text = await extractDocumentText(file, 'image/tiff', { ocrLanguages: 'eng' });
    expect(text.page_count).toBe(3);
  });

  it('stops counting the pages of a TIFF past the page limit (120,000 pages in 12 MB) with too_many_pages', async () => {
    const file = path.join(dir, 'pages.tif');
    await writeFile(file, manyPageTiff(120_000));
    await expect(extractDocumentText(file, 'image/tiff', { ocrLanguages: 'eng' })).rejects.toMatchObject({ code: 'too_many_pages', status: '422', detail: expect.stringMatching(/more than 200 pages/) });
  });
});
