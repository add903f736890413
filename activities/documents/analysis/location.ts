// The spec's Location: where something is on a page, in coordinates normalised to the page
// (origin top-left, x to the right, y down, both 0..1), so a client can draw it over any rendering.

export interface Point {
  x: number;
  y: number;
}

export interface NormalizedBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Location {
  surface: { type: 'page'; number: number };
  coordinate_space: 'normalized_page';
  bbox: NormalizedBox;
  /** The exact outline when the region is not an upright rectangle (rotated or skewed text), else null. */
  polygon: Point[] | null;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 1e5) / 1e5;

/** The upright box around some points, clipped to the page. */
export function boxAroundPoints(points: readonly Point[]): NormalizedBox {
  const xs = points.map((p) => clamp01(p.x));
  const ys = points.map((p) => clamp01(p.y));
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left: round(left), top: round(top), width: round(Math.max(...xs) - left), height: round(Math.max(...ys) - top) };
}

/** The smallest box holding all the given boxes. */
export function unionBoxes(boxes: readonly NormalizedBox[]): NormalizedBox {
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const right = Math.max(...boxes.map((b) => b.left + b.width));
  const bottom = Math.max(...boxes.map((b) => b.top + b.height));
  return { left: round(left), top: round(top), width: round(right - left), height: round(bottom - top) };
}

export function pageLocation(page: number, bbox: NormalizedBox, polygon: Point[] | null = null): Location {
  return { surface: { type: 'page', number: page }, coordinate_space: 'normalized_page', bbox, polygon };
}

/** The location of a run of words on one page (words of several pages give one location per page). */
export function locationsOfWords(words: readonly { page: number; bbox: NormalizedBox }[]): Location[] {
  const byPage = new Map<number, NormalizedBox[]>();
  for (const w of words) byPage.set(w.page, [...(byPage.get(w.page) ?? []), w.bbox]);
  return [...byPage.entries()].sort((a, b) => a[0] - b[0]).map(([page, boxes]) => pageLocation(page, unionBoxes(boxes)));
}

/** Area of the intersection of two boxes divided by the smaller box's area (0..1). */
export function overlapOfSmaller(a: NormalizedBox, b: NormalizedBox): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const smaller = Math.min(a.width * a.height, b.width * b.height);
  return smaller > 0 ? (w * h) / smaller : 0;
}
