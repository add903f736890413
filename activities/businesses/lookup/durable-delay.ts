/**
 * The `sleep` the lookup activity hands to the registry adapters. An adapter that wants to wait
 * (the ZZ registry's deliberately slow ZZSLOW answer) does not block the activity: the wait is
 * handed back to the workflow, which serves it as a durable Temporal timer and calls the activity
 * again saying how much delay has been served. A worker restart then loses nothing, and
 * time-skipping tests jump over the wait like over any other timer.
 */

/** Thrown through the adapter when it asks for a wait longer than the one already served. */
export class DelayRequested extends Error {
  override readonly name = 'DelayRequested';
  constructor(readonly delayMs: number) {
    super(`the registry asked to wait ${delayMs} ms`);
  }
}

/** A sleep that resolves at once for waits already served and asks for the rest otherwise. */
export function durableDelaySleep(delayServedMs: number): (ms: number) => Promise<void> {
  return async (ms: number) => {
    if (ms <= delayServedMs) return;
    throw new DelayRequested(ms);
  };
}
