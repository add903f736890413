// Cuts a window of a page out of an RGB raster, upright and at a chosen resolution, whatever the
// page's turn and tilt in the photo: each output pixel is the average of bilinear samples over
// its footprint in the photo. Reports whether the window lay wholly inside the photo. Pure.

import type { PnmImage } from '../image/pnm.parser.js';
import { imagePoint, pixelsPerMm, type PageFrame } from './page.frame.js';
import type { MmWindow } from './td3-page.layout.js';

export interface WindowRaster {
  width: number;
  height: number;
  channels: 3;
  data: Uint8Array;
  /** Whether every part of the window was inside the photo. */
  complete: boolean;
}

export function sampleWindow(rgb: PnmImage, frame: PageFrame, window: MmWindow, maxPixelsPerMm: number): WindowRaster {
  if (rgb.channels !== 3) throw new Error('expected an RGB raster');
  const resolution = Math.min(maxPixelsPerMm, pixelsPerMm(frame));
  const width = Math.max(1, Math.round((window.right - window.left) * resolution));
  const height = Math.max(1, Math.round((window.bottom - window.top) * resolution));
  const step = 1 / resolution;
  const supersample = Math.min(4, Math.max(1, Math.ceil(pixelsPerMm(frame) * step)));
  const data = new Uint8Array(width * height * 3);
  let complete = true;
  const sum = [0, 0, 0];
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      sum[0] = sum[1] = sum[2] = 0;
      for (let sj = 0; sj < supersample; sj++) {
        for (let si = 0; si < supersample; si++) {
          const [x, y] = imagePoint(frame, window.left + (i + (si + 0.5) / supersample) * step, window.top + (j + (sj + 0.5) / supersample) * step);
          if (x < 0 || y < 0 || x > rgb.width - 1 || y > rgb.height - 1) complete = false;
          addBilinear(rgb, x, y, sum);
        }
      }
      const n = supersample * supersample;
      const o = (j * width + i) * 3;
      data[o] = Math.round(sum[0]! / n);
      data[o + 1] = Math.round(sum[1]! / n);
      data[o + 2] = Math.round(sum[2]! / n);
    }
  }
  return { width, height, channels: 3, data, complete };
}

function addBilinear(rgb: PnmImage, x: number, y: number, sum: number[]): void {
  const cx = Math.min(rgb.width - 1, Math.max(0, x));
  const cy = Math.min(rgb.height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(rgb.width - 1, x0 + 1);
  const y1 = Math.min(rgb.height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  for (let c = 0; c < 3; c++) {
    const at = (px: number, py: number) => rgb.data[(py * rgb.width + px) * 3 + c]!;
    sum[c]! += (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
  }
}
