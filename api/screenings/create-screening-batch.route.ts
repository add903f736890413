/**
 * POST /v1/screenings/batch (not in the spec): up to 1,000 screenings at once — onboarding or
 * re-screening a portfolio. Each item has the shape of POST /v1/screenings `data`. Every item is
 * checked before any is created: a refusal names the item (`/data/<i>/…`), every refusal is
 * listed, and nothing is created. Then every item becomes a normal screening record (origin
 * `batch`, the same batch_id) with its pending event, in one transaction, and one workflow runs
 * them all in matcher chunks (each chunk's results stored with their events in one transaction),
 * in whichever process serving the screening-runs queue takes it (not eagerly in this one).
 * 201 answers the records in request order with `meta.statuses`; items with execution_mode sync
 * are waited for (up to 55 s), async ones are answered as they stand. An item that fails (e.g. no
 * PEP list loaded) is failed with its errors while the others complete: partial failures show
 * per item, in its status and `errors`.
 */
import { randomUUID } from 'node:crypto';
import { monitoringRefusal } from '../../activities/screening/monitoring/monitoring-eligibility.model.js';
import { createScreenings, failedOutcome, finishScreenings } from '../../activities/screening/screening.transitions.js';
import { existingRelated } from '../../infra/db/repositories/screenings.repository.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import { startWorkflowOnce } from '../../infra/temporal/temporal-client.js';
import {
  SCREENING_BATCH_RESOURCE_TYPE,
  SCREENING_BATCH_WORKFLOW_TYPE,
  SCREENING_ERROR_CODES,
  SCREENING_STATUSES,
  screeningBatchWorkflowId,
  type ScreeningBatchInput,
} from '../../workflows/screening/screening.contract.js';
import { resourceSearchAttributes } from '../../workflows/shared/search-attributes.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError, type ResourceErrorItem } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { rowsAfterWait, SYNC_SCREENING_WAIT_MS, type ScreeningCompletionWaiter } from './screening-completion.js';
import { createScreeningBatchBody, screeningBatchDocument, type ScreeningData } from './screening.schemas.js';
import { toScreeningResource } from './screening.serializer.js';
import { storedQuery } from './screening-query.schemas.js';

function refusal(index: number, code: string, detail: string, pointer: string): ResourceErrorItem {
  return { status: '422', code, title: 'Unprocessable Entity', detail: `item ${index}: ${detail}`, source: { pointer: `/data/${index}${pointer}` } };
}

/** Every item's refusals (monitoring not possible, an unknown account or business): nothing is created when any. */
async function refusals(deps: FeatureDeps, environment: ScreeningRow['environment'], items: readonly ScreeningData[]): Promise<ResourceErrorItem[]> {
  const accountIds = items.map((d) => d.relationships?.account?.data?.id).filter((id): id is string => Boolean(id));
  const businessIds = items.map((d) => d.relationships?.business?.data?.id).filter((id): id is string => Boolean(id));
  const accounts = await existingRelated(deps.db, environment, 'accounts', [...new Set(accountIds)]);
  const businesses = await existingRelated(deps.db, environment, 'businesses', [...new Set(businessIds)]);
  const problems: ResourceErrorItem[] = [];
  items.forEach((d, i) => {
    const monitoring = d.attributes.monitor ? monitoringRefusal({ type: d.type, origin: 'batch' }) : undefined;
    if (monitoring) problems.push(refusal(i, monitoring.code, monitoring.detail, '/attributes/monitor'));
    const account = d.relationships?.account?.data?.id;
    if (account && !accounts.has(account)) problems.push(refusal(i, 'account_not_found', `Account ${account} does not exist`, '/relationships/account/data/id'));
    const business = d.relationships?.business?.data?.id;
    if (business && !businesses.has(business)) problems.push(refusal(i, 'business_not_found', `Business ${business} does not exist`, '/relationships/business/data/id'));
  });
  return problems;
}

function statusCounts(rows: readonly ScreeningRow[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(SCREENING_STATUSES.map((s) => [s, 0]));
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

export function createScreeningBatchRoute(deps: FeatureDeps, completions: ScreeningCompletionWaiter) {
  return defineRoute({
    method: 'post',
    path: '/v1/screenings/batch',
    scope: 'screenings:write',
    summary: 'Create up to 1,000 screenings at once',
    description:
      'Not in the specification. Each item has the shape of POST /v1/screenings data. Every item is checked first; refusals name the item ' +
      '(/data/<i>/...) and nothing is created. Each item becomes a normal screening (origin batch, one batch_id) run by one workflow in matcher ' +
      'chunks. 201 with the screenings in request order and meta.statuses; items with execution_mode sync are waited for (up to 55 seconds).',
    tag: 'Screenings',
    schemas: {
      body: createScreeningBatchBody,
      responses: { 201: { description: 'The screenings, in request order', schema: screeningBatchDocument } },
    },
    async handler({ body, ctx }) {
      const items = body.data;
      const problems = await refusals(deps, ctx.environment, items);
      if (problems.length > 0) throw new ResourceError(422, problems);

      const batchId = randomUUID();
      const rows = await createScreenings(
        deps.db,
        ctx.actor,
        items.map((d) => ({
          environment: ctx.environment,
          type: d.type,
          executionMode: d.attributes.execution_mode,
          query: storedQuery(d.attributes.query as Record<string, unknown>),
          ignoreList: [...new Set(d.attributes.ignore_list.map((id) => id.toLowerCase()))],
          accountId: d.relationships?.account?.data?.id ?? null,
          businessId: d.relationships?.business?.data?.id ?? null,
          monitor: d.attributes.monitor,
          origin: 'batch' as const,
          batchId,
        })),
      );
      const ids = rows.map((r) => r.id);
      const syncIds = rows.filter((r) => r.execution_mode === 'sync').map((r) => r.id);
      const wait = syncIds.length > 0 ? await completions.expect(ctx.environment, syncIds) : undefined;
      const input: ScreeningBatchInput = { environment: ctx.environment, screeningIds: ids };
      try {
        // Not started eagerly on this process's screening worker (single screenings are, for their
        // latency): any process serving the screening-runs queue takes the batch — the API's own
        // screening worker or a standalone worker — so batches in flight at once are matched in
        // several processes, on several cores, instead of all on the thread of the API that received
        // them (README, Screening → Measured, "Batches on every process": 835–930 → 1,045–1,323/s).
        await startWorkflowOnce(deps.temporal, {
          workflowType: SCREENING_BATCH_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.screeningRuns, workflowId: screeningBatchWorkflowId(batchId),
          searchAttributes: resourceSearchAttributes(SCREENING_BATCH_RESOURCE_TYPE, batchId, ctx.environment),
        });
      } catch (error) {
        wait?.cancel();
        ctx.log.error({ err: error, batchId }, 'could not start the screening batch workflow');
        const outcome = failedOutcome([{ code: SCREENING_ERROR_CODES.notStarted, message: 'The screening could not be started', details: {} }]);
        await finishScreenings(deps.db, ctx.actor, ctx.environment, ids.map((id) => ({ id, outcome })), deps.clock());
        throw ResourceError.single(503, SCREENING_ERROR_CODES.notStarted, 'Service Unavailable', 'The screenings could not be started; retry the request');
      }

      let current = rows;
      if (wait) {
        await wait.until(deps.syncWaitMs?.screening ?? SYNC_SCREENING_WAIT_MS);
        const byId = await rowsAfterWait(deps.db, ctx.environment, wait, ids);
        current = rows.map((r) => byId.get(r.id) ?? r);
      }
      return { status: 201, body: { data: current.map(toScreeningResource), meta: { batch_id: batchId, statuses: statusCounts(current) } } };
    },
  });
}
