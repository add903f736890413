/**
 * POST /v1/businesses: validates the search parameters (per-country rules, CNPJ and UK company
 * number formats), checks the session belongs to the caller's environment, stores the record in
 * processing with its event, and starts the lookup workflow. async true → 201 at once;
 * async false → waits up to 45 s: 200 with the finished record, else 201 still processing.
 */
import type { Actor } from '../../activities/events/actor.model.js';
import { createBusinessLookup, finishBusinessLookup } from '../../activities/businesses/business.transitions.js';
import { findBusiness, sessionExists } from '../../infra/db/repositories/businesses.repository.js';
import { startResourceWorkflow } from '../http/resource-workflow.js';
import {
  BUSINESS_LOOKUP_WORKFLOW_TYPE,
  BUSINESS_RESOURCE_TYPE,
  businessLookupWorkflowId,
  type BusinessLookupWorkflowInput,
} from '../../workflows/business-lookup/business-lookup.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError, unprocessable } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { businessDocument, createBusinessBody } from './business.schemas.js';
import { toBusinessResource } from './business.serializer.js';
import { SYNC_LOOKUP_WAIT_MS, type LookupCompletionWaiter } from './lookup-completion.js';
import { lookupFromBody } from './lookup-request.validation.js';

export function createBusinessRoute(deps: FeatureDeps, waitForCompletion: LookupCompletionWaiter) {
  return defineRoute({
    method: 'post',
    path: '/v1/businesses',
    scope: 'businesses:write',
    summary: 'Look up a business in its country registry',
    description:
      'Countries: BR (registration_number: CNPJ), GB (registration_number: UK company number), US (official_name and address), ' +
      'ZZ (test registry; any of the three). async true answers 201 at once; async false waits up to 45 seconds and answers 200 ' +
      'with the finished record, or 201 with the record still processing.',
    tag: 'Businesses',
    schemas: {
      body: createBusinessBody,
      responses: {
        200: { description: 'The lookup finished within 45 seconds (async false)', schema: businessDocument },
        201: { description: 'The lookup is processing; poll GET /v1/businesses/{id}', schema: businessDocument },
      },
    },
    async handler({ body, ctx }) {
      const { country, input } = lookupFromBody(body);
      const sessionId = body.data.relationships.session.data.id;
      if (!(await sessionExists(deps.db, ctx.environment, sessionId))) {
        throw unprocessable('session_not_found', `Session ${sessionId} does not exist`, { pointer: '/data/relationships/session/data/id' });
      }

      const created = await createBusinessLookup(deps.db, ctx.actor, { environment: ctx.environment, sessionId, country, searchInput: { ...input } });

      const workflowInput: BusinessLookupWorkflowInput = { businessId: created.id, environment: ctx.environment, country, input };
      let handle;
      try {
        handle = await startResourceWorkflow(deps.temporal, {
          workflowType: BUSINESS_LOOKUP_WORKFLOW_TYPE,
          args: [workflowInput],
          taskQueue: deps.taskQueues.businesses,
          workflowId: businessLookupWorkflowId(created.id),
          resourceType: BUSINESS_RESOURCE_TYPE,
          resourceId: created.id,
          environment: ctx.environment,
        });
      } catch (error) {
        ctx.log.error({ err: error, businessId: created.id }, 'could not start the business lookup workflow');
        await failUnstarted(deps, ctx.actor, ctx.environment, created.id);
        throw ResourceError.single(503, 'lookup_unavailable', 'Service Unavailable', 'The lookup could not be started; retry the request');
      }

      const location = { Location: `/v1/businesses/${created.id}` };
      // async: the record as created, even if a fast registry has already answered.
      if (body.data.meta.search_parameters.async) return { status: 201, body: { data: toBusinessResource(created) }, headers: location };

      await waitForCompletion(handle, deps.syncWaitMs?.business ?? SYNC_LOOKUP_WAIT_MS);
      const current = (await findBusiness(deps.db, ctx.environment, created.id)) ?? created;
      if (current.async_status === 'processing') return { status: 201, body: { data: toBusinessResource(current) }, headers: location };
      return { status: 200, body: { data: toBusinessResource(current) } };
    },
  });
}

/** A record whose workflow never started would stay processing forever: fail it, with its event. */
async function failUnstarted(deps: FeatureDeps, actor: Actor, environment: BusinessLookupWorkflowInput['environment'], id: string): Promise<void> {
  await finishBusinessLookup(deps.db, actor, {
    environment,
    id,
    asyncStatus: 'failed',
    record: null,
    errors: [{ code: 'lookup_not_started', title: 'Lookup not started', detail: 'The lookup could not be started.' }],
    at: deps.clock(),
  });
}
