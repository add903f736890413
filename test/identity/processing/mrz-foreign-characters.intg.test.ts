// Zones holding characters outside the MRZ alphabet (A-Z, 0-9, <): a hyphen and an apostrophe
// printed in the surname, which ICAO 9303 writes as < or leaves out. Made by a reviewer (2026-11-26)
// with their own check-digit script and ImageMagick in OCR-B (fonts-ocr-b): "SMITH-JONES" and
// "O'BRIEN", every check digit valid. The glyph reader read them as SMITHHJONES and OTBRIEN (the
// foreign glyph matching H at 0.54 and T at 0.63 while the zone's glyphs scored about 0.97) and
// accepted them: no check digit covers a name. Such a cell is now doubtful (reading-confidence.ts
// MAX_BELOW_ZONE_MEDIAN) and the zone goes to review.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readMrzFromImage } from '../../../activities/identity/documents/processing/mrz-image.reader.js';
import { glyphModel } from '../../../activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.store.js';
import { PHOTO_PASSES, readZoneInPass } from '../../../activities/identity/documents/processing/mrz-vision/mrz-photo.reader.js';
import { decodeGray } from '../../../activities/identity/documents/processing/image/raster.decoder.js';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/external');
const now = new Date('2026-11-26T12:00:00Z');
const CASES = [
  { file: 'td3-hyphen-in-surname.png', cell: { line: 0, index: 10 }, misread: 'SMITHHJONES' },
  { file: 'td3-apostrophe-in-surname.png', cell: { line: 0, index: 6 }, misread: 'OTBRIEN' },
];

describe('a character outside the MRZ alphabet in a name', () => {
  for (const c of CASES) {
    it(`${c.file}: the glyph that is no MRZ character is doubtful in every pass`, async () => {
      const model = await glyphModel();
      const image = await decodeGray(path.join(dir, c.file), { maxSide: 3200, timeoutMs: 30_000 });
      for (const pass of PHOTO_PASSES) {
        const reading = readZoneInPass(image, model, pass, now);
        expect(reading?.zone.lines[0]).toContain(c.misread);
        expect(reading?.doubtful).toContainEqual({ ...c.cell, reason: 'no_match' });
      }
    }, 120_000);

    it(`${c.file}: is sent to review, not accepted with a wrong name`, async () => {
      const result = await readMrzFromImage(path.join(dir, c.file), { now });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.code).toBe('check_digit_failed');
    }, 300_000);
  }
});
