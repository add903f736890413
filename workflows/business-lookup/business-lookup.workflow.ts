/**
 * One business registry lookup, durable: ask the registry (retrying transient failures with
 * backoff inside an overall budget, honouring Retry-After), wait out any delay the registry asks
 * for with a Temporal timer, then store the outcome — completed, not_found or failed with errors —
 * into the record together with its outbox event. The API may wait for the result (sync mode).
 */
import { ActivityFailure, proxyActivities, sleep } from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { NON_RETRYABLE_FAILURES } from '../shared/failure-types.js';
import { INTERNAL_RETRY, REGISTRY_RETRY } from '../shared/retry-policies.js';
import type { BusinessLookupWorkflowInput, BusinessLookupWorkflowResult } from './business-lookup.contract.js';
import { REGISTRY_ATTEMPT_TIMEOUT, REGISTRY_BUDGET } from './registry-retry.js';
import { lookupFailureError, notFoundError, registryDelayError } from './lookup-errors.js';

/** A registry that keeps asking for more delay cannot hold a lookup open forever. */
const MAX_DELAY_ROUNDS = 3;
const MAX_REGISTRY_DELAY_MS = 10 * 60 * 1000;

const registry = proxyActivities<Activities>({
  startToCloseTimeout: REGISTRY_ATTEMPT_TIMEOUT,
  scheduleToCloseTimeout: REGISTRY_BUDGET,
  retry: REGISTRY_RETRY,
});

const database = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...INTERNAL_RETRY, nonRetryableErrorTypes: NON_RETRYABLE_FAILURES },
});

type Outcome = Omit<Parameters<Activities['storeBusinessLookupResult']>[0], 'businessId' | 'environment'>;

export async function businessLookupWorkflow(input: BusinessLookupWorkflowInput): Promise<BusinessLookupWorkflowResult> {
  const outcome = await lookUp(input);
  await database.storeBusinessLookupResult({ businessId: input.businessId, environment: input.environment, ...outcome });
  return { businessId: input.businessId, asyncStatus: outcome.asyncStatus };
}

async function lookUp(input: BusinessLookupWorkflowInput): Promise<Outcome> {
  let delayServedMs = 0;
  try {
    for (let round = 0; ; round += 1) {
      const answer = await registry.lookupBusinessInRegistry({ businessId: input.businessId, country: input.country, input: input.input, delayServedMs });
      if (answer.outcome === 'found') return { asyncStatus: 'completed', record: answer.record, errors: [] };
      if (answer.outcome === 'not_found') return { asyncStatus: 'not_found', record: null, errors: [notFoundError(answer.detail)] };
      if (round >= MAX_DELAY_ROUNDS || answer.delayMs > MAX_REGISTRY_DELAY_MS || answer.delayMs <= delayServedMs) {
        return { asyncStatus: 'failed', record: null, errors: [registryDelayError(answer.delayMs)] };
      }
      await sleep(answer.delayMs - delayServedMs);
      delayServedMs = answer.delayMs;
    }
  } catch (error) {
    if (error instanceof ActivityFailure) return { asyncStatus: 'failed', record: null, errors: [lookupFailureError(error)] };
    throw error;
  }
}
