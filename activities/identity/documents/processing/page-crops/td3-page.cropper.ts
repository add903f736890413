// Cuts the portrait and the signature out of a photo or scan of a TD3 passport data page: the
// machine-readable zone is located and read upright (as mrz-image.reader.ts does), a millimetre
// frame is laid on the page from it, and the ICAO windows (td3-page.layout.ts) are sampled into
// upright PNG images. Image file in, PNG bytes out; nothing is stored.

import { decodeGray, decodeRgb } from '../image/raster.decoder.js';
import { impulseNoiseShare, medianFilter3x3 } from '../image/impulse-noise.filter.js';
import { encodePng } from '../image/png.encoder.js';
import { PHOTO_PASSES, readZoneInPass, type PhotoReading } from '../mrz-vision/mrz-photo.reader.js';
import { glyphModel } from '../mrz-vision/ocr-b-glyph-model.store.js';
import { pageFrameOf } from './page.frame.js';
import { PORTRAIT_WINDOW, SIGNATURE_WINDOW, type MmWindow } from './td3-page.layout.js';
import { sampleWindow } from './window.sampler.js';

export interface PageCrop {
  png: Buffer;
  width: number;
  height: number;
  /** False when part of the window lay outside the photo (filled from its edge). */
  complete: boolean;
}

export type PageCrops = { ok: true; portrait: PageCrop; signature: PageCrop } | { ok: false; reason: 'not_td3' | 'mrz_not_found' };

export interface CropOptions {
  now: Date;
  timeoutMs?: number;
}

/** Decoding size, as for reading the zone. */
const WORKING_SIDE = 3200;
/** Resolution of the crops, at most (they are never enlarged beyond the photo's own). */
const MAX_PIXELS_PER_MM = 12;

export async function cropTd3Page(filePath: string, options: CropOptions): Promise<PageCrops> {
  const decode = { maxSide: WORKING_SIDE, timeoutMs: options.timeoutMs ?? 30_000 };
  let gray = await decodeGray(filePath, decode);
  if (impulseNoiseShare(gray) > 0.002) gray = medianFilter3x3(gray);
  const model = await glyphModel();
  let found: PhotoReading | undefined;
  for (const pass of PHOTO_PASSES) {
    found ??= readZoneInPass(gray, model, pass, options.now);
  }
  if (!found) return { ok: false, reason: 'mrz_not_found' };
  if (found.band.cells !== 44 || found.zone.fields.format !== 'TD3') return { ok: false, reason: 'not_td3' };
  const frame = pageFrameOf(found.band);
  const rgb = await decodeRgb(filePath, decode);
  const crop = (window: MmWindow): PageCrop => {
    const raster = sampleWindow(rgb, frame, window, MAX_PIXELS_PER_MM);
    return { png: encodePng(raster), width: raster.width, height: raster.height, complete: raster.complete };
  };
  return { ok: true, portrait: crop(PORTRAIT_WINDOW), signature: crop(SIGNATURE_WINDOW) };
}
