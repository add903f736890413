// Local (Sauvola) thresholding: a pixel is ink when it is darker than its neighbourhood's mean
// lowered in proportion to how flat the neighbourhood is. Unlike one global threshold it keeps
// text readable under uneven light, shadows and glare. Means and deviations come from integral
// images, so the cost does not depend on the window size.

import type { GrayImage } from './gray-image.js';

export interface SauvolaOptions {
  /** Side of the square neighbourhood, in pixels (odd). */
  window: number;
  /** Sensitivity, usually 0.2–0.5: higher keeps less ink. */
  k: number;
  /** A pixel must also be this much darker than the local mean (ignores faint paper texture). */
  minContrast?: number;
}

/** 1 where the pixel is ink, 0 elsewhere. */
export function binariseSauvola(image: GrayImage, options: SauvolaOptions): Uint8Array {
  const { width, height, data } = image;
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const v = data[y * width + x]!;
      rowSum += v;
      rowSquares += v * v;
      sum[(y + 1) * stride + x + 1] = sum[y * stride + x + 1]! + rowSum;
      squares[(y + 1) * stride + x + 1] = squares[y * stride + x + 1]! + rowSquares;
    }
  }
  const half = Math.floor(options.window / 2);
  const minContrast = options.minContrast ?? 0;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - half);
    const y1 = Math.min(height, y + half + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - half);
      const x1 = Math.min(width, x + half + 1);
      const n = (y1 - y0) * (x1 - x0);
      const s = sum[y1 * stride + x1]! - sum[y0 * stride + x1]! - sum[y1 * stride + x0]! + sum[y0 * stride + x0]!;
      const q = squares[y1 * stride + x1]! - squares[y0 * stride + x1]! - squares[y1 * stride + x0]! + squares[y0 * stride + x0]!;
      const mean = s / n;
      const deviation = Math.sqrt(Math.max(0, q / n - mean * mean));
      const threshold = mean * (1 + options.k * (deviation / 128 - 1));
      const v = data[y * width + x]!;
      out[y * width + x] = v <= threshold && mean - v >= minContrast ? 1 : 0;
    }
  }
  return out;
}
