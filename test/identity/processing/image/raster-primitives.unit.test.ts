import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { downscaleByArea } from '../../../../activities/identity/documents/processing/image/area-downscale.js';
import { connectedComponents } from '../../../../activities/identity/documents/processing/image/connected-components.js';
import { grayImage, sampleBilinear } from '../../../../activities/identity/documents/processing/image/gray-image.js';
import { impulseNoiseShare, medianFilter3x3 } from '../../../../activities/identity/documents/processing/image/impulse-noise.filter.js';
import { encodePng } from '../../../../activities/identity/documents/processing/image/png.encoder.js';
import { parsePnm } from '../../../../activities/identity/documents/processing/image/pnm.parser.js';
import { applyHomography, homographyFromPoints } from '../../../../activities/identity/documents/processing/image/projective-transform.js';
import { binariseSauvola } from '../../../../activities/identity/documents/processing/image/sauvola.binariser.js';

function image(width: number, height: number, pixel: (x: number, y: number) => number) {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = pixel(x, y);
  return grayImage(width, height, data);
}

describe('decoding and encoding rasters', () => {
  it('parses binary PGM and PPM with comments, and refuses other formats', () => {
    const pgm = Buffer.concat([Buffer.from('P5\n# made by a test\n3 2\n255\n'), Buffer.from([0, 50, 100, 150, 200, 250])]);
    expect(parsePnm(pgm)).toEqual({ width: 3, height: 2, channels: 1, data: Uint8Array.from([0, 50, 100, 150, 200, 250]) });
    const ppm = Buffer.concat([Buffer.from('P6 1 1 255 '), Buffer.from([1, 2, 3])]);
    expect(parsePnm(ppm)).toMatchObject({ channels: 3, data: Uint8Array.from([1, 2, 3]) });
    expect(() => parsePnm(Buffer.from('P2\n1 1\n255\n0'))).toThrow(/not a binary PGM/);
    expect(() => parsePnm(Buffer.concat([Buffer.from('P5 2 2 255 '), Buffer.from([1])]))).toThrow(/truncated/);
  });

  it('encodes a PNG whose header, checksums and pixel rows are right', () => {
    const png = encodePng({ width: 2, height: 2, channels: 3, data: Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]) });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(2);
    expect(png[25]).toBe(2); // truecolour
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...rows]).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 9, 9, 9]);
    expect(png.subarray(-8, -4).toString('ascii')).toBe('IEND');
  });
});

describe('resampling', () => {
  it('interpolates between pixels and clamps at the edges', () => {
    const ramp = image(3, 1, (x) => x * 100);
    expect(sampleBilinear(ramp, 0.5, 0)).toBe(50);
    expect(sampleBilinear(ramp, -4, 0)).toBe(0);
    expect(sampleBilinear(ramp, 9, 3)).toBe(200);
  });

  it('averages the pixels under each target pixel when shrinking', () => {
    const checker = image(4, 4, (x, y) => ((x + y) % 2 === 0 ? 0 : 200));
    const half = downscaleByArea(checker, 0.5);
    expect([half.width, half.height]).toEqual([2, 2]);
    expect([...half.data]).toEqual([100, 100, 100, 100]);
  });
});

describe('cleaning and thresholding', () => {
  it('measures salt-and-pepper noise and removes it with a median filter', () => {
    const clean = image(40, 40, (x) => (x < 20 ? 230 : 40));
    expect(impulseNoiseShare(clean)).toBe(0);
    const noisy = image(40, 40, (x, y) => ((x * 7 + y * 13) % 29 === 0 ? (x < 20 ? 0 : 255) : x < 20 ? 230 : 40));
    expect(impulseNoiseShare(noisy)).toBeGreaterThan(0.02);
    const filtered = medianFilter3x3(noisy);
    expect(impulseNoiseShare(filtered)).toBe(0);
    expect(filtered.data[10 * 40 + 5]).toBe(230);
  });

  it('finds dark strokes under uneven lighting where a global threshold would not', () => {
    // Paper brightening from 120 on the left to 250 on the right, with a stroke 60 levels darker
    // than the paper at both ends: a global threshold of 128 would see the whole left side as ink.
    const lit = image(200, 40, (x, y) => {
      const paper = 120 + (130 * x) / 199;
      const stroke = y >= 18 && y < 22 && (x % 40 < 20);
      return Math.round(stroke ? paper - 60 : paper);
    });
    const mask = binariseSauvola(lit, { window: 15, k: 0.2, minContrast: 10 });
    const at = (x: number, y: number) => mask[y * 200 + x];
    expect([at(5, 20), at(165, 20)]).toEqual([1, 1]);
    expect([at(5, 5), at(30, 20), at(190, 35)]).toEqual([0, 0, 0]);
  });

  it('labels 8-connected regions with their boxes and areas', () => {
    const mask = Uint8Array.from([
      1, 1, 0, 0, 0,
      0, 1, 0, 0, 1,
      0, 0, 1, 0, 1,
      0, 0, 0, 0, 1,
    ]);
    const components = connectedComponents(mask, 5, 4).sort((a, b) => a.x0 - b.x0);
    expect(components.map((c) => ({ box: [c.x0, c.y0, c.x1, c.y1], area: c.area }))).toEqual([
      { box: [0, 0, 2, 2], area: 4 },
      { box: [4, 1, 4, 3], area: 3 },
    ]);
  });
});

describe('projective transforms', () => {
  it('maps four points onto four others and lines stay lines', () => {
    const square = [[0, 0], [100, 0], [100, 100], [0, 100]] as const;
    const seenAtAnAngle = [[10, 5], [90, 15], [95, 80], [5, 95]] as const;
    const h = homographyFromPoints(square, seenAtAnAngle);
    square.forEach(([x, y], i) => {
      const [u, v] = applyHomography(h, x, y);
      expect(u).toBeCloseTo(seenAtAnAngle[i]![0], 6);
      expect(v).toBeCloseTo(seenAtAnAngle[i]![1], 6);
    });
    // The middle of the top edge lands on the segment between the two mapped corners.
    const [mx, my] = applyHomography(h, 50, 0);
    expect((my - 5) / (mx - 10)).toBeCloseTo((15 - 5) / (90 - 10), 6);
  });
});
