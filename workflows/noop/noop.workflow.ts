/**
 * A workflow that does nothing and returns: the benches start many of them to measure the ceiling
 * of the Temporal server on this machine (workflows started and completed per second), the
 * baseline that workflow-based designs are compared against.
 */
export async function noopWorkflow(): Promise<void> {
  // Nothing: the cost measured is Temporal's own (start, one workflow task, completion).
}
