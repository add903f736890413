// A millimetre frame on a document page, placed by its machine-readable zone: the origin at the
// centre of the zone's first character, x along its lines (one pitch is 2.54 mm), y at right
// angles towards its second line at the same scale. Turned and tilted photos are handled; a
// perspective view is approximated by the zone's own scale. Pure.

import type { MrzBand } from '../mrz-vision/mrz-band.finder.js';
import { MRZ_PITCH_MM } from './td3-page.layout.js';

export interface PageFrame {
  origin: [number, number];
  /** Image pixels per millimetre along x and along y. */
  xAxis: [number, number];
  yAxis: [number, number];
}

export function pageFrameOf(band: MrzBand): PageFrame {
  const first = band.lines[0]!;
  const origin = first.centre(0);
  const end = first.centre(band.cells - 1);
  const perMm = 1 / ((band.cells - 1) * MRZ_PITCH_MM);
  const xAxis: [number, number] = [(end[0] - origin[0]) * perMm, (end[1] - origin[1]) * perMm];
  let yAxis: [number, number] = [-xAxis[1], xAxis[0]];
  const second = band.lines[1]?.centre(0);
  if (second && (second[0] - origin[0]) * yAxis[0] + (second[1] - origin[1]) * yAxis[1] < 0) yAxis = [-yAxis[0], -yAxis[1]];
  return { origin, xAxis, yAxis };
}

export function imagePoint(frame: PageFrame, xMm: number, yMm: number): [number, number] {
  return [frame.origin[0] + xMm * frame.xAxis[0] + yMm * frame.yAxis[0], frame.origin[1] + xMm * frame.xAxis[1] + yMm * frame.yAxis[1]];
}

/** Image pixels per millimetre of the frame. */
export function pixelsPerMm(frame: PageFrame): number {
  return Math.hypot(frame.xAxis[0], frame.xAxis[1]);
}
