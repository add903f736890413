/**
 * Subjects whose own screening is still running when a monitoring run reaches them: they have no
 * known hits yet, so screening them against the delta at once could report a hit their own result
 * will also hold (a duplicate). The run defers them, waits for their results, and then decides per
 * subject here (pure: no I/O) whether its own result already covers the run's version.
 */

/** The subject's own screening has not stored its result yet. */
export function isUnfinished(status: string): boolean {
  return status === 'pending' || status === 'processing';
}

/**
 * Whether a subject's own result covers the run: it completed, and its `list_versions` names this
 * list at the run's version or a later one (`coveringVersionIds`). Then its hits are its known hits
 * and the delta holds nothing new for it. A result computed against an older version of the list,
 * a failure, or a screening still running does not cover it: the delta must still be screened.
 */
export function coveredByOwnResult(state: { status: string; list_versions: unknown }, listSlug: string, coveringVersionIds: ReadonlySet<string>): boolean {
  if (state.status !== 'completed' || !Array.isArray(state.list_versions)) return false;
  return (state.list_versions as { slug?: unknown; version_id?: unknown }[]).some(
    (v) => v !== null && typeof v === 'object' && v.slug === listSlug && typeof v.version_id === 'string' && coveringVersionIds.has(v.version_id),
  );
}
