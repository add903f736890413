/**
 * The screening workflow's side effects, as Temporal activities. Each status change goes through
 * the screening transitions (one transaction with its event, guarded by the current status), so a
 * retried activity is a no-op:
 * - markScreeningProcessing: pending → processing.
 * - runScreening: reads the record, matches it (lists through the worker's index cache, or the
 *   adverse-media corpus), stores completed / not_found / failed(no_lists_loaded) with the result.
 * - markScreeningFailed: stores failed with errors when matching could not run at all.
 */
import { ApplicationFailure } from '@temporalio/common';
import { findScreening } from '../../infra/db/repositories/screenings.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { FailureType } from '../../workflows/shared/failure-types.js';
import {
  type AdverseMediaQuery,
  type FinalScreeningStatus,
  type ScreeningErrorItem,
  type ScreeningType,
} from '../../workflows/screening/screening.contract.js';
import type { ActivityDeps } from '../activity-deps.js';
import { runAdverseMediaScreening } from './adverse-media/adverse-media-screening.js';
import type { MatchIndexCache } from './index-cache/match-index-cache.js';
import { systemActor } from '../events/actor.model.js';
import { failedOutcome, finishScreening, startScreening } from './screening.transitions.js';
import { runListScreening } from './results/list-screening.js';
import type { ScreeningOutcome } from './results/screening-outcome.js';

export interface ScreeningRef {
  screeningId: string;
  environment: Environment;
}

const actor = systemActor('screeningWorkflow');

export function createScreeningRunActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'logger'>, cache: MatchIndexCache) {
  async function store(ref: ScreeningRef, outcome: ScreeningOutcome): Promise<FinalScreeningStatus | null> {
    const row = await finishScreening(deps.db, actor, ref.environment, ref.screeningId, outcome, deps.clock());
    return row ? outcome.status : null;
  }

  async function currentStatus(ref: ScreeningRef): Promise<FinalScreeningStatus> {
    const row = await findScreening(deps.db, ref.environment, ref.screeningId);
    if (!row) throw ApplicationFailure.create({ type: FailureType.ResourceNotFound, message: `screening ${ref.screeningId} does not exist`, nonRetryable: true });
    return row.status as FinalScreeningStatus;
  }

  return {
    async markScreeningProcessing(ref: ScreeningRef): Promise<{ moved: boolean }> {
      const row = await startScreening(deps.db, actor, ref.environment, ref.screeningId, deps.clock());
      return { moved: Boolean(row) };
    },

    async runScreening(ref: ScreeningRef): Promise<{ status: FinalScreeningStatus }> {
      const row = await findScreening(deps.db, ref.environment, ref.screeningId);
      if (!row) throw ApplicationFailure.create({ type: FailureType.ResourceNotFound, message: `screening ${ref.screeningId} does not exist`, nonRetryable: true });
      if (row.status !== 'pending' && row.status !== 'processing') return { status: row.status as FinalScreeningStatus };
      const type = row.type as ScreeningType;
      const ignoreList = row.ignore_list;
      const started = Date.now();
      const outcome =
        type === 'screening/business-adverse-media'
          ? await runAdverseMediaScreening(deps.db, row.query as unknown as AdverseMediaQuery, ignoreList)
          : await runListScreening(cache, type, row.query, ignoreList);
      deps.logger.info({ screeningId: row.id, type, status: outcome.status, hasMatch: outcome.hasMatch, ms: Date.now() - started }, 'screening matched');
      return { status: (await store(ref, outcome)) ?? (await currentStatus(ref)) };
    },

    async markScreeningFailed(ref: ScreeningRef & { errors: ScreeningErrorItem[] }): Promise<{ stored: boolean }> {
      const stored = await store(ref, failedOutcome(ref.errors));
      return { stored: stored !== null };
    },
  };
}
