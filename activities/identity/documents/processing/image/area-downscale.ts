// Shrinks a grayscale image by averaging the source pixels under each target pixel (a box
// filter), which keeps thin strokes and does not alias the way point sampling does.

import { grayImage, type GrayImage } from './gray-image.js';

/** The image scaled by `factor` (< 1) with area averaging; the image itself when factor ≥ 1. */
export function downscaleByArea(image: GrayImage, factor: number): GrayImage {
  if (factor >= 1) return image;
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const sx = image.width / width;
  const sy = image.height / height;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * sy));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * sx));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) {
        const row = yy * image.width;
        for (let xx = x0; xx < x1; xx++) sum += image.data[row + xx]!;
      }
      out[y * width + x] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return grayImage(width, height, out);
}
