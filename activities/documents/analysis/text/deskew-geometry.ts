// Maps boxes found on a deskewed image back to the image as uploaded. ImageMagick's -deskew
// rotates the picture about its centre and enlarges the canvas to hold it; a box upright on the
// straightened picture is a rotated quadrilateral on the original, which becomes the Location's
// polygon (and its bounding box the bbox). Pure.

import type { Point } from '../location.js';

export interface DeskewFrame {
  /** Rotation ImageMagick applied, in degrees (clockwise on screen, as its -rotate). */
  degrees: number;
  originalWidth: number;
  originalHeight: number;
  deskewedWidth: number;
  deskewedHeight: number;
}

/** The point of the original image that ended up at `p` on the deskewed image. */
export function toOriginalImage(p: Point, frame: DeskewFrame): Point {
  const theta = (-frame.degrees * Math.PI) / 180;
  const dx = p.x - frame.deskewedWidth / 2;
  const dy = p.y - frame.deskewedHeight / 2;
  // With y pointing down, a clockwise on-screen rotation by φ is (x cos φ − y sin φ, x sin φ + y cos φ).
  return {
    x: dx * Math.cos(theta) - dy * Math.sin(theta) + frame.originalWidth / 2,
    y: dx * Math.sin(theta) + dy * Math.cos(theta) + frame.originalHeight / 2,
  };
}

/** Corners (top-left, top-right, bottom-right, bottom-left) of a deskewed box, on the original image, normalised 0..1. */
export function boxCornersOnOriginal(box: { left: number; top: number; width: number; height: number }, frame: DeskewFrame): Point[] {
  const corners: Point[] = [
    { x: box.left, y: box.top },
    { x: box.left + box.width, y: box.top },
    { x: box.left + box.width, y: box.top + box.height },
    { x: box.left, y: box.top + box.height },
  ];
  return corners.map((c) => {
    const o = toOriginalImage(c, frame);
    return { x: o.x / frame.originalWidth, y: o.y / frame.originalHeight };
  });
}
