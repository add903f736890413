/**
 * Heartbeats from a long activity on an interval, so Temporal notices a dead worker within the
 * heartbeat timeout and a cancellation (a session decline) reaches the activity promptly. A no-op
 * when called outside an activity.
 */
import { Context } from '@temporalio/activity';

export function heartbeatEvery(ms: number): () => void {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return () => {};
  }
  const timer = setInterval(() => context.heartbeat(), ms);
  return () => clearInterval(timer);
}
