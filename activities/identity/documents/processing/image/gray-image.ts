// A grayscale raster held in memory (one byte a pixel, row by row), and sampling it between
// pixels. The document image pipeline works on these rather than on files, so its geometry and
// reading steps are pure functions that tests can drive directly.

export interface GrayImage {
  readonly width: number;
  readonly height: number;
  /** width × height values, 0 = black, 255 = white, row-major. */
  readonly data: Uint8Array;
}

export function grayImage(width: number, height: number, data: Uint8Array = new Uint8Array(width * height)): GrayImage {
  if (data.length !== width * height) throw new Error(`expected ${width * height} pixels, got ${data.length}`);
  return { width, height, data };
}

/** Bilinear interpolation at (x, y) in pixel-centre coordinates; outside the image, the nearest edge. */
export function sampleBilinear(image: GrayImage, x: number, y: number): number {
  const { width, height, data } = image;
  const cx = x < 0 ? 0 : x > width - 1 ? width - 1 : x;
  const cy = y < 0 ? 0 : y > height - 1 ? height - 1 : y;
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = x0 + 1 < width ? x0 + 1 : x0;
  const y1 = y0 + 1 < height ? y0 + 1 : y0;
  const fx = cx - x0;
  const fy = cy - y0;
  const top = data[y0 * width + x0]! * (1 - fx) + data[y0 * width + x1]! * fx;
  const bottom = data[y1 * width + x0]! * (1 - fx) + data[y1 * width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}
