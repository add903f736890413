/**
 * POST /v1/screenings: validates the body (the type selects the query shape), checks the related
 * account/business exist in the caller's environment, stores the screening as pending with its
 * event and starts its workflow (screening-starter.ts: grouped with concurrent requests, eagerly
 * on this process's screening worker when there is one) before answering, so an acknowledged
 * screening always has a workflow that finishes it. async (default): 201 at once, status pending.
 * sync: waits up to 55 s (woken by the database the moment the result is stored) and answers 201
 * with the finished record — or, past 55 s, 201 with the record as it stands (processing); the
 * client then polls GET /v1/screenings/{id}. `monitor: true` keeps re-screening the subject when
 * its lists change (ongoing monitoring; list screenings only).
 */
import type { Actor } from '../../activities/events/actor.model.js';
import { monitoringRefusal } from '../../activities/screening/monitoring/monitoring-eligibility.model.js';
import { createScreening, failedOutcome, finishScreening } from '../../activities/screening/screening.transitions.js';
import { accountExists, businessExists } from '../../infra/db/repositories/screenings.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import { SCREENING_ERROR_CODES } from '../../workflows/screening/screening.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError, unprocessable } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { rowsAfterWait, SYNC_SCREENING_WAIT_MS, type CompletionWait, type ScreeningCompletionWaiter } from './screening-completion.js';
import type { ScreeningStarter } from './screening-starter.js';
import { createScreeningBody, screeningDocument } from './screening.schemas.js';
import { toScreeningResource } from './screening.serializer.js';
import { storedQuery } from './screening-query.schemas.js';

export function createScreeningRoute(deps: FeatureDeps, starter: ScreeningStarter, completions: ScreeningCompletionWaiter) {
  return defineRoute({
    method: 'post',
    path: '/v1/screenings',
    scope: 'screenings:write',
    summary: 'Create a screening',
    description:
      'Screens a person (screening/watchlist, screening/politically-exposed-person) or a business (screening/business-watchlist, ' +
      'screening/business-adverse-media). execution_mode async (default) answers 201 with status pending; sync waits up to 55 seconds ' +
      'and answers 201 with the completed record, or with the record still processing when 55 seconds pass. ' +
      'attributes.monitor: true (not for business-adverse-media) re-screens the subject against every new version of its lists; ' +
      'new hits and removed entities come as new screenings with origin monitoring (PATCH /v1/screenings/{id} with monitor: false stops it).',
    tag: 'Screenings',
    schemas: {
      body: createScreeningBody,
      responses: { 201: { description: 'The screening (pending for async; completed, failed or still processing for sync)', schema: screeningDocument } },
    },
    async handler({ body, ctx }) {
      const data = body.data;
      const accountId = data.relationships?.account?.data?.id ?? null;
      const businessId = data.relationships?.business?.data?.id ?? null;
      if (data.attributes.monitor) {
        const refusal = monitoringRefusal({ type: data.type, origin: 'api' });
        if (refusal) throw unprocessable(refusal.code, refusal.detail, { pointer: '/data/attributes/monitor' });
      }
      if (accountId && !(await accountExists(deps.db, ctx.environment, accountId))) {
        throw unprocessable('account_not_found', `Account ${accountId} does not exist`, { pointer: '/data/relationships/account/data/id' });
      }
      if (businessId && !(await businessExists(deps.db, ctx.environment, businessId))) {
        throw unprocessable('business_not_found', `Business ${businessId} does not exist`, { pointer: '/data/relationships/business/data/id' });
      }

      // Announced while its record is written: a start about to go alone waits for it
      // (screening-starter.ts); start() takes the announcement, a failure before it withdraws it.
      const arrival = starter.arriving(ctx.environment);
      let created: ScreeningRow;
      let wait: CompletionWait | undefined;
      try {
        created = await createScreening(deps.db, ctx.actor, {
          environment: ctx.environment,
          type: data.type,
          executionMode: data.attributes.execution_mode,
          query: storedQuery(data.attributes.query as Record<string, unknown>),
          ignoreList: [...new Set(data.attributes.ignore_list.map((id) => id.toLowerCase()))],
          accountId,
          businessId,
          monitor: data.attributes.monitor,
        });
        const sync = data.attributes.execution_mode === 'sync';
        wait = sync ? await completions.expect(ctx.environment, [created.id]) : undefined;
      } catch (error) {
        arrival.done();
        throw error;
      }
      try {
        await starter.start(ctx.environment, created.id, arrival);
      } catch (error) {
        wait?.cancel();
        ctx.log.error({ err: error, screeningId: created.id }, 'could not start the screening workflow');
        await failUnstarted(deps, ctx.actor, ctx.environment, created.id);
        throw ResourceError.single(503, SCREENING_ERROR_CODES.notStarted, 'Service Unavailable', 'The screening could not be started; retry the request');
      }

      const headers = { Location: `/v1/screenings/${created.id}` };
      if (!wait) return { status: 201, body: { data: toScreeningResource(created) }, headers };
      await wait.until(deps.syncWaitMs?.screening ?? SYNC_SCREENING_WAIT_MS);
      const current = (await rowsAfterWait(deps.db, ctx.environment, wait, [created.id])).get(created.id) ?? created;
      return { status: 201, body: { data: toScreeningResource(current) }, headers };
    },
  });
}

/** A screening whose workflow never started would stay pending forever: fail it, with its event. */
export async function failUnstarted(deps: FeatureDeps, actor: Actor, environment: Environment, id: string): Promise<void> {
  const outcome = failedOutcome([{ code: SCREENING_ERROR_CODES.notStarted, message: 'The screening could not be started', details: {} }]);
  await finishScreening(deps.db, actor, environment, id, outcome, deps.clock());
}
