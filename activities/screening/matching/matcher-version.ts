/**
 * Version and default threshold of the scoring algorithm. Bump ALGORITHM_VERSION on any change
 * that can change a score, so stored screening results say which scoring produced them.
 * DEFAULT_THRESHOLD was chosen on the evaluation set (test/screening/evaluation, bench/screening-quality.ts):
 * the highest threshold keeping recall ≥ 0.98 across every variation category.
 */
export const ALGORITHM_VERSION = '2026.11.1';
export const DEFAULT_THRESHOLD = 0.8;
