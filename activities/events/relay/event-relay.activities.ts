/**
 * The `runEventRelay` activity: runs one named consumer of the event log for a time budget,
 * heartbeating after each step (the heartbeat timeout is how a crashed worker's relay is noticed
 * and taken over), and stopping when cancelled.
 */
import { Context } from '@temporalio/activity';
import type { Db } from '../../../infra/db/create-db.js';
import type { EventConsumerName } from '../../../workflows/event-relay/event-relay.contract.js';
import type { EventConsumer } from './event-consumer.js';
import { runConsumer } from './relay-loop.js';

export function createEventRelayActivities(db: Db, consumers: Record<EventConsumerName, EventConsumer>) {
  return {
    async runEventRelay(input: { consumer: EventConsumerName; budgetMs: number }): Promise<{ handled: number }> {
      const consumer = consumers[input.consumer];
      if (!consumer) throw new Error(`unknown event consumer ${input.consumer}`);
      const context = Context.current();
      return runConsumer(db, consumer, { budgetMs: input.budgetMs, signal: context.cancellationSignal, onProgress: (handled) => context.heartbeat({ handled }) });
    },
  };
}
