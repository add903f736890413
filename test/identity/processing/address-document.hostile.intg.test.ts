// A proof of address that is a PDF decompression bomb is refused before poppler reads it (the
// generic documents' check), with the reason; poppler would decode it until its time limit on
// every retry. Needs qpdf, no servers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_LIMITS } from '../../../activities/documents/analysis/analysis-limits.js';
import { processAddressDocument } from '../../../activities/identity/documents/processing/address-document.processor.js';
import { flateBombContent, onePagePdf } from '../../documents/hostile/hostile-pdf.builder.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hostile-address-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('hostile proofs of address', () => {
  it('refuses a PDF whose streams decode past the limit as unsupported_file, saying why', async () => {
    const file = path.join(dir, 'bomb.pdf');
    await writeFile(file, onePagePdf({ content: await flateBombContent(DEFAULT_ANALYSIS_LIMITS.maxDecodedStreamBytes / (1024 * 1024) + 16) }));
    const result = await processAddressDocument(file, 'application/pdf', { now: new Date('2026-11-01T00:00:00Z') });
    expect(result).toEqual({ status: 'failed', errors: [expect.objectContaining({ code: 'unsupported_file', detail: expect.stringMatching(/decode to more than/) })] });
  });
});
