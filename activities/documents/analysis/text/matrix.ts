// 2D affine matrices in PDF's row-vector convention ([a b c d e f]: x' = a·x + c·y + e,
// y' = b·x + d·y + f), as content streams and pdf.js use them.

import type { Point } from '../location.js';

export type Matrix = [number, number, number, number, number, number];

/** The matrix that applies `m1` first, then `m2`. */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[1] * m2[2],
    m1[0] * m2[1] + m1[1] * m2[3],
    m1[2] * m2[0] + m1[3] * m2[2],
    m1[2] * m2[1] + m1[3] * m2[3],
    m1[4] * m2[0] + m1[5] * m2[2] + m2[4],
    m1[4] * m2[1] + m1[5] * m2[3] + m2[5],
  ];
}

export function transformPoint(m: Matrix, p: Point): Point {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}
