/**
 * Delivers what is owed to one endpoint: each round (an activity) attempts every delivery that is
 * due and records the attempts and the next retry times in PostgreSQL; between rounds a durable
 * timer sleeps until the next retry is due, or the `deliveriesDue` signal wakes it early. The
 * workflow ends when nothing is pending and continues as new after many rounds, so its history
 * stays small however long an endpoint keeps failing. The time passed to each round is workflow
 * time, so the retry schedule is walked in Temporal time (and skipped through in tests).
 */
import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { deliveriesDueSignal, type WebhookEndpointInput } from './webhook-endpoint.contract.js';

const MAX_ROUNDS = 200;

const delivery = proxyActivities<Activities>({
  // A round makes at most a few hundred requests of 15 s each, many at once.
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  // Rounds are safe to repeat (attempts are recorded per delivery); keep trying through outages.
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export async function webhookEndpointWorkflow(input: WebhookEndpointInput): Promise<void> {
  let woken = false;
  setHandler(deliveriesDueSignal, () => {
    woken = true;
  });
  for (let round = 0; round < MAX_ROUNDS && !workflowInfo().continueAsNewSuggested; round += 1) {
    woken = false;
    const result = await delivery.deliverDueMessages({ ...input, now: Date.now() });
    if (result.gone) return;
    if (result.more) continue;
    if (result.pending === 0 && !woken) return;
    if (!woken && result.nextDueAt !== null) {
      const waitMs = result.nextDueAt - Date.now();
      if (waitMs > 0) await condition(() => woken, waitMs);
    }
  }
  await continueAsNew<typeof webhookEndpointWorkflow>(input);
}
