import { describe, expect, it } from 'vitest';
import type { MrzBand } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-band.finder.js';
import type { CellLine } from '../../../../activities/identity/documents/processing/mrz-vision/mrz-line.fit.js';
import { imagePoint, pageFrameOf, pixelsPerMm } from '../../../../activities/identity/documents/processing/page-crops/page.frame.js';
import { sampleWindow } from '../../../../activities/identity/documents/processing/page-crops/window.sampler.js';

function line(centre: (k: number) => [number, number]): CellLine {
  return { cells: 44, centre, pitch: 25.4, rms: 0, fitted: 44, height: 25, t: 0, sStart: 0, gapRuns: 0 };
}

/** A TD3 zone at 10 px/mm whose lines run downwards in the image (the photo turned 90° clockwise). */
const turnedBand: MrzBand = {
  cells: 44,
  turned: false,
  lines: [line((k) => [500, 100 + k * 25.4]), line((k) => [458, 100 + k * 25.4])],
};

describe('the page frame laid by the zone', () => {
  it('has its origin on the first character, x along the lines and y towards the second line', () => {
    const frame = pageFrameOf(turnedBand);
    expect(pixelsPerMm(frame)).toBeCloseTo(10, 6);
    expect(imagePoint(frame, 0, 0)).toEqual([500, 100]);
    const along = imagePoint(frame, 2.54, 0);
    expect(along[0]).toBeCloseTo(500, 6);
    expect(along[1]).toBeCloseTo(125.4, 6);
    // Towards the second line, which lies at smaller x in this photo.
    const down = imagePoint(frame, 0, 4.2);
    expect(down[0]).toBeCloseTo(458, 6);
    expect(down[1]).toBeCloseTo(100, 6);
  });
});

describe('cutting a window out of the photo', () => {
  it('samples it upright at the chosen resolution and says when it runs off the photo', () => {
    // A 600 × 600 photo, white, with a red square from (300, 200) to (400, 300).
    const width = 600;
    const data = new Uint8Array(width * width * 3).fill(255);
    for (let y = 200; y < 300; y++) for (let x = 300; x < 400; x++) data.set([255, 0, 0], (y * width + x) * 3);
    const photo = { width, height: width, channels: 3 as const, data };
    const frame = pageFrameOf(turnedBand);
    // In page millimetres the square spans x (along the lines, image y) 10..20 and y (towards the
    // second line, image −x) 10..20.
    const crop = sampleWindow(photo, frame, { left: 5, top: 5, right: 25, bottom: 25 }, 4);
    expect([crop.width, crop.height, crop.complete]).toEqual([80, 80, true]);
    const pixel = (i: number, j: number) => [...crop.data.subarray((j * crop.width + i) * 3, (j * crop.width + i) * 3 + 3)];
    expect(pixel(40, 40)).toEqual([255, 0, 0]); // 15 mm, 15 mm: inside the square
    expect(pixel(10, 40)).toEqual([255, 255, 255]); // 7.5 mm along: before it
    expect(sampleWindow(photo, frame, { left: -20, top: -5, right: 5, bottom: 5 }, 4).complete).toBe(false);
  });
});
