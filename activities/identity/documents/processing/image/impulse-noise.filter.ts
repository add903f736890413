// Salt-and-pepper noise (isolated black or white pixels, from sensors and bad scans) breaks
// glyphs into pieces and adds specks that look like punctuation. A 3×3 median removes it, but it
// also rounds thin strokes, so it is applied only when the image measurably has such noise.

import { grayImage, type GrayImage } from './gray-image.js';

/** Share of pixels that differ from every one of their 8 neighbours by more than `contrast`. */
export function impulseNoiseShare(image: GrayImage, contrast = 90): number {
  const { width, height, data } = image;
  if (width < 3 || height < 3) return 0;
  let impulses = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const v = data[i]!;
      let min = 255;
      let max = 0;
      for (let dy = -width; dy <= width; dy += width) {
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          const w = data[i + dy + dx]!;
          if (w < min) min = w;
          if (w > max) max = w;
        }
      }
      if (v - max > contrast || min - v > contrast) impulses++;
    }
  }
  return impulses / ((width - 2) * (height - 2));
}

export function medianFilter3x3(image: GrayImage): GrayImage {
  const { width, height, data } = image;
  const out = new Uint8Array(data);
  const window = new Uint8Array(9);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) window[n++] = data[(y + dy) * width + x + dx]!;
      window.sort();
      out[y * width + x] = window[4]!;
    }
  }
  return grayImage(width, height, out);
}
