/**
 * The screening workflow's side effects, as Temporal activities. Each status change is written
 * with its outbox event in one transaction and guarded by the current status, so a retried
 * activity is a no-op:
 * - markScreeningProcessing: pending → processing.
 * - runScreening: reads the record, matches it (lists through the worker's index cache, or the
 *   adverse-media corpus), stores completed / not_found / failed(no_lists_loaded) with the result.
 * - markScreeningFailed: stores failed with errors when matching could not run at all.
 */
import { ApplicationFailure } from '@temporalio/common';
import { writeOutboxEvent } from '../../infra/db/repositories/outbox.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import { FailureType } from '../../workflows/shared/failure-types.js';
import {
  SCREENING_RESOURCE_TYPE,
  type AdverseMediaQuery,
  type FinalScreeningStatus,
  type ScreeningErrorItem,
  type ScreeningType,
} from '../../workflows/screening/screening.contract.js';
import type { ActivityDeps } from '../activity-deps.js';
import { runAdverseMediaScreening } from './adverse-media/adverse-media-screening.js';
import type { MatchIndexCache } from './index-cache/match-index-cache.js';
import { failedOutcome, findScreening, markScreeningProcessing, storeScreeningOutcome } from './records/screenings.repository.js';
import { runListScreening } from './results/list-screening.js';
import type { ScreeningOutcome } from './results/screening-outcome.js';

export interface ScreeningRef {
  screeningId: string;
  environment: Environment;
}

function outboxPayload(row: ScreeningRow): Record<string, unknown> {
  return { status: row.status, type: row.type, has_match: row.has_match, account_id: row.account_id, business_id: row.business_id };
}

export function createScreeningRunActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'logger'>, cache: MatchIndexCache) {
  async function store(ref: ScreeningRef, outcome: ScreeningOutcome): Promise<FinalScreeningStatus | null> {
    return deps.db.transaction().execute(async (trx) => {
      const row = await storeScreeningOutcome(trx, ref.environment, ref.screeningId, outcome, deps.clock());
      if (!row) return null;
      await writeOutboxEvent(trx, { environment: ref.environment, resourceType: SCREENING_RESOURCE_TYPE, resourceId: row.id, status: row.status, payload: outboxPayload(row) });
      return outcome.status;
    });
  }

  async function currentStatus(ref: ScreeningRef): Promise<FinalScreeningStatus> {
    const row = await findScreening(deps.db, ref.environment, ref.screeningId);
    if (!row) throw ApplicationFailure.create({ type: FailureType.ResourceNotFound, message: `screening ${ref.screeningId} does not exist`, nonRetryable: true });
    return row.status as FinalScreeningStatus;
  }

  return {
    async markScreeningProcessing(ref: ScreeningRef): Promise<{ moved: boolean }> {
      return deps.db.transaction().execute(async (trx) => {
        const row = await markScreeningProcessing(trx, ref.environment, ref.screeningId, deps.clock());
        if (!row) return { moved: false };
        await writeOutboxEvent(trx, { environment: ref.environment, resourceType: SCREENING_RESOURCE_TYPE, resourceId: row.id, status: row.status, payload: outboxPayload(row) });
        return { moved: true };
      });
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
