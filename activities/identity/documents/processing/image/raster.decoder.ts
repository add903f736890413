// Decodes an uploaded PNG or JPEG into memory with ImageMagick: the first frame, turned upright
// by its EXIF orientation, shrunk (never enlarged) to a bounded size so a 50-megapixel photo
// costs no more than a scanner page.

import { runCommandForBytes } from '../ocr/command.runner.js';
import { grayImage, type GrayImage } from './gray-image.js';
import { parsePnm, type PnmImage } from './pnm.parser.js';

export interface DecodeOptions {
  /** Longest side after decoding, in pixels. */
  maxSide: number;
  timeoutMs: number;
}

export async function decodeGray(filePath: string, options: DecodeOptions): Promise<GrayImage> {
  const pnm = await decode(filePath, 'pgm', ['-colorspace', 'Gray'], options);
  return grayImage(pnm.width, pnm.height, pnm.data);
}

export async function decodeRgb(filePath: string, options: DecodeOptions): Promise<PnmImage> {
  return decode(filePath, 'ppm', ['-colorspace', 'sRGB', '-type', 'TrueColor'], options);
}

async function decode(filePath: string, format: 'pgm' | 'ppm', colour: string[], options: DecodeOptions): Promise<PnmImage> {
  const side = Math.round(options.maxSide);
  const bytes = await runCommandForBytes(
    'convert',
    [`${filePath}[0]`, '-auto-orient', '-alpha', 'remove', '-resize', `${side}x${side}>`, ...colour, '-depth', '8', `${format}:-`],
    { timeoutMs: options.timeoutMs, maxBufferBytes: side * side * 3 + 1024 },
  );
  return parsePnm(bytes);
}
