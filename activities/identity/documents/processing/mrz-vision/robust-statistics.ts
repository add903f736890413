// Medians and percentiles: the image steps estimate pitch, height and ink levels from many noisy
// measurements, where a few outliers (merged or broken glyphs, specks) must not move the result.

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** The value below which a share `q` (0–1) of the values lie, interpolated; 0 for no values. */
export function percentile(values: readonly number[] | Float32Array | Uint8Array, q: number): number {
  if (values.length === 0) return 0;
  const sorted = Array.from(values).sort((a, b) => a - b);
  const position = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}
