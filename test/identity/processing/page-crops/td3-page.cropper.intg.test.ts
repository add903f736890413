// Cuts portraits and signatures out of generated passport photos (ImageMagick, the OCR-B glyph
// model) and checks, by their colours, that the crops hold what was drawn there.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePnm, type PnmImage } from '../../../../activities/identity/documents/processing/image/pnm.parser.js';
import { cropTd3Page, type PageCrop } from '../../../../activities/identity/documents/processing/page-crops/td3-page.cropper.js';
import { randomPhotoSpecs, type PhotoCondition } from '../fixtures/photos/document-photo.specs.js';
import { renderDocumentPhoto, type RenderedPhoto } from '../fixtures/photos/document-photo.renderer.js';

const now = new Date('2026-03-20T12:00:00Z');
let dir: string;
const photos = new Map<string, RenderedPhoto>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'page-crops-'));
  const conditions: PhotoCondition[] = ['scan', 'rotated', 'perspective', 'tilt_noise_jpeg'];
  for (const [i, condition] of conditions.entries()) {
    const spec = randomPhotoSpecs(2, 70 + i, now, [condition]).find((s) => s.shape === 'td3')!;
    photos.set(condition, await renderDocumentPhoto(spec, dir));
  }
  const card = randomPhotoSpecs(2, 80, now, ['scan']).find((s) => s.shape === 'td1')!;
  photos.set('td1', await renderDocumentPhoto(card, dir));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function decoded(crop: PageCrop): PnmImage {
  return parsePnm(execFileSync('convert', ['png:-', '-depth', '8', 'ppm:-'], { input: crop.png }));
}

/** Share of pixels within `tolerance` of the colour, in the whole crop and on its outer border. */
function colourShare(image: PnmImage, colour: string, tolerance = 45): { inside: number; border: number } {
  const target = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  let inside = 0;
  let border = 0;
  let borderPixels = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const o = (y * image.width + x) * 3;
      const near = Math.hypot(image.data[o]! - target[0]!, image.data[o + 1]! - target[1]!, image.data[o + 2]! - target[2]!) < tolerance;
      const onBorder = x < 3 || y < 3 || x >= image.width - 3 || y >= image.height - 3;
      if (near) inside++;
      if (onBorder) {
        borderPixels++;
        if (near) border++;
      }
    }
  }
  return { inside: inside / (image.width * image.height), border: border / borderPixels };
}

describe('portrait and signature crops of TD3 pages', () => {
  it.each(['scan', 'rotated', 'perspective', 'tilt_noise_jpeg'])('cuts the whole portrait and the signature, upright, from a %s photo', async (condition) => {
    const photo = photos.get(condition)!;
    const crops = await cropTd3Page(photo.file, { now });
    expect(crops.ok).toBe(true);
    if (!crops.ok) return;
    const [, skin, hair, clothing] = photo.portraitColours!;
    const portrait = decoded(crops.portrait);
    // The face, hair and clothes are in the crop, and the face is not cut by its edge (hair and
    // clothes are too close to the colour of printed text to tell apart at the edge).
    for (const colour of [skin!, hair!, clothing!]) expect(colourShare(portrait, colour).inside).toBeGreaterThan(0.01);
    expect(colourShare(portrait, skin!).border).toBe(0);
    // Upright: the hair is above the clothes.
    expect(centreRow(portrait, hair!)).toBeLessThan(centreRow(portrait, clothing!));
    const signature = decoded(crops.signature);
    expect(colourShare(signature, photo.signatureColour!, 60).inside).toBeGreaterThan(0.005);
    expect(colourShare(signature, skin!).inside).toBe(0);
    if (process.env.KEEP_CROPS) await writeFile(`${photo.file}.portrait.png`, crops.portrait.png);
  });

  it('says when the document is not a TD3 page or has no zone', async () => {
    expect(await cropTd3Page(photos.get('td1')!.file, { now })).toEqual({ ok: false, reason: 'not_td3' });
    const blank = path.join(dir, 'blank.png');
    execFileSync('convert', ['-size', '400x300', 'xc:white', blank]);
    expect(await cropTd3Page(blank, { now })).toEqual({ ok: false, reason: 'mrz_not_found' });
  });
});

function centreRow(image: PnmImage, colour: string): number {
  const target = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  let rows = 0;
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const o = (y * image.width + x) * 3;
      if (Math.hypot(image.data[o]! - target[0]!, image.data[o + 1]! - target[1]!, image.data[o + 2]! - target[2]!) < 45) {
        rows += y;
        count++;
      }
    }
  }
  return rows / count;
}
