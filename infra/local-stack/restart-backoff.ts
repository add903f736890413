// How long the local stack waits before restarting a process that died: 1 s, doubling to 30 s,
// back to 1 s once the process had run a minute (a crash loop slows down; a rare crash is quick).

export const RESTART_BACKOFF = { initialMs: 1_000, maxMs: 30_000, healthyAfterMs: 60_000 } as const;

/** Delay before restart number `attempt` (1-based, counted since the process last ran healthy). */
export function restartDelayMs(attempt: number, policy: { initialMs: number; maxMs: number } = RESTART_BACKOFF): number {
  return Math.min(policy.maxMs, policy.initialMs * 2 ** Math.max(0, attempt - 1));
}

/** The next attempt number, given how long the process that just died had been up. */
export function nextAttempt(previousAttempt: number, uptimeMs: number, healthyAfterMs: number = RESTART_BACKOFF.healthyAfterMs): number {
  return uptimeMs >= healthyAfterMs ? 1 : previousAttempt + 1;
}
