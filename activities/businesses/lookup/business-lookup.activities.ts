/**
 * The business lookup's side effects, as Temporal activities:
 * - lookupBusinessInRegistry: asks the country's registry adapter; registry failures become
 *   typed ApplicationFailures (registry-failure.ts) so the workflow's retry policy can act on
 *   them; a wait an adapter asks for comes back as `delay` for the workflow to serve durably.
 * - storeBusinessLookupResult: stores the outcome through the business transitions (record and
 *   event in one transaction), once.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Environment } from '../../../infra/db/tables/common.js';
import { FailureType } from '../../../workflows/shared/failure-types.js';
import type { ActivityDeps } from '../../activity-deps.js';
import { systemActor } from '../../events/actor.model.js';
import { finishBusinessLookup } from '../business.transitions.js';
import type { BusinessRecordAttributes } from '../registries/business-record.model.js';
import { createRegistryAdapters, isSupportedCountry, type LookupInput, type SupportedCountry } from '../registries/registry-adapter.js';
import { DelayRequested, durableDelaySleep } from './durable-delay.js';
import { registryConfigFrom } from './registry-config.js';
import { toLookupFailure } from './registry-failure.js';

export interface RegistryLookupRequest {
  businessId: string;
  country: SupportedCountry;
  input: LookupInput;
  /** How much of a requested registry delay the workflow has already waited out. */
  delayServedMs: number;
}

export type RegistryLookupAnswer =
  | { outcome: 'found'; record: BusinessRecordAttributes }
  | { outcome: 'not_found'; detail: string }
  | { outcome: 'delay'; delayMs: number };

export interface StoreLookupResultRequest {
  businessId: string;
  environment: Environment;
  asyncStatus: 'completed' | 'not_found' | 'failed';
  record: BusinessRecordAttributes | null;
  errors: { code: string; title: string; detail: string }[];
}

export function createBusinessLookupActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'logger' | 'fetch' | 'config'>) {
  const registryConfig = registryConfigFrom(deps.config);

  return {
    async lookupBusinessInRegistry(request: RegistryLookupRequest): Promise<RegistryLookupAnswer> {
      if (!isSupportedCountry(request.country)) {
        throw ApplicationFailure.create({ type: FailureType.InvalidInput, message: `no registry for country ${request.country}`, nonRetryable: true });
      }
      const context = Context.current();
      const attempt = context.info.attempt;
      const adapters = createRegistryAdapters({
        config: registryConfig,
        fetch: deps.fetch,
        now: deps.clock,
        sleep: durableDelaySleep(request.delayServedMs),
      });
      const log = deps.logger.child({ businessId: request.businessId, country: request.country, attempt });
      try {
        const result = await adapters[request.country].lookup(request.input, context.cancellationSignal, { attempt });
        log.info({ outcome: result.outcome }, 'registry lookup answered');
        return result;
      } catch (error) {
        if (error instanceof DelayRequested) {
          log.info({ delayMs: error.delayMs }, 'registry asked for a delay');
          return { outcome: 'delay', delayMs: error.delayMs };
        }
        log.warn({ err: { name: (error as Error).name, message: (error as Error).message } }, 'registry lookup failed');
        throw toLookupFailure(error, attempt);
      }
    },

    async storeBusinessLookupResult(request: StoreLookupResultRequest): Promise<{ stored: boolean }> {
      const row = await finishBusinessLookup(deps.db, systemActor('businessLookupWorkflow'), {
        environment: request.environment,
        id: request.businessId,
        asyncStatus: request.asyncStatus,
        record: request.record as unknown as Record<string, unknown> | null,
        errors: request.errors,
        at: deps.clock(),
      });
      return { stored: Boolean(row) };
    },
  };
}

export type BusinessLookupActivities = ReturnType<typeof createBusinessLookupActivities>;
