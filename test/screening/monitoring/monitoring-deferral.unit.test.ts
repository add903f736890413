/**
 * Whether a deferred subject's own result covers a monitoring run: completed, and computed against
 * the run's version of its list or a later one; anything else leaves the delta to screen.
 */
import { describe, expect, it } from 'vitest';
import { coveredByOwnResult, isUnfinished } from '../../../activities/screening/monitoring/monitoring-deferral.model.js';

const covering = new Set(['v2', 'v3']);
const versions = (...list: [string, string][]) => list.map(([slug, version_id]) => ({ slug, version_id, list_type: 'sanctions' }));

describe('a deferred subject', () => {
  it('is covered by a result computed against the run\'s version or a later one of the same list', () => {
    expect(coveredByOwnResult({ status: 'completed', list_versions: versions(['other', 'x'], ['ofac', 'v2']) }, 'ofac', covering)).toBe(true);
    expect(coveredByOwnResult({ status: 'completed', list_versions: versions(['ofac', 'v3']) }, 'ofac', covering)).toBe(true);
  });

  it('is not covered by an older version, another list, a failure, a running screening or no versions', () => {
    expect(coveredByOwnResult({ status: 'completed', list_versions: versions(['ofac', 'v1']) }, 'ofac', covering)).toBe(false);
    expect(coveredByOwnResult({ status: 'completed', list_versions: versions(['un', 'v2']) }, 'ofac', covering)).toBe(false);
    expect(coveredByOwnResult({ status: 'failed', list_versions: versions(['ofac', 'v2']) }, 'ofac', covering)).toBe(false);
    expect(coveredByOwnResult({ status: 'processing', list_versions: null }, 'ofac', covering)).toBe(false);
    expect(coveredByOwnResult({ status: 'completed', list_versions: [] }, 'ofac', covering)).toBe(false);
  });

  it('is deferred while its screening is pending or processing only', () => {
    expect(['pending', 'processing', 'completed', 'failed'].map(isUnfinished)).toEqual([true, true, false, false]);
  });
});
