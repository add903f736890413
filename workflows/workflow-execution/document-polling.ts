/**
 * The fallback polling schedule of a wait_for_document step: 30 s, doubling, capped at one hour.
 * A document settles through a signal at once in the normal case; polling only covers a relay
 * that is behind. With the 30-day limit on document timeouts a wait stays under ~800 polls.
 */
export const FIRST_POLL_MS = 30_000;
export const MAX_POLL_MS = 3_600_000;

export function* documentPollDelays(): Generator<number, never> {
  let delay = FIRST_POLL_MS;
  for (;;) {
    yield delay;
    delay = Math.min(delay * 2, MAX_POLL_MS);
  }
}
