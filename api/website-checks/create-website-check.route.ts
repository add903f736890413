/**
 * POST /v1/website-checks (website_checks:write): stores the check as pending with its event and
 * starts its workflow (`website-check-<id>`). async (default): 201 at once; sync: waits up to 30 s
 * and answers 201 with the finished record, or with the record still pending. A URL the outbound
 * guard refuses ends as failed with `url_refused`.
 */
import { createWebsiteCheck, finishWebsiteCheck } from '../../activities/website-checks/website-check.transitions.js';
import { businessExists } from '../../infra/db/repositories/screenings.repository.js';
import { findWebsiteCheck } from '../../infra/db/repositories/website-checks.repository.js';
import { resultWithin } from '../../infra/temporal/temporal-client.js';
import {
  SYNC_WEBSITE_CHECK_WAIT_MS,
  WEBSITE_CHECK_RESOURCE_TYPE,
  WEBSITE_CHECK_WORKFLOW_TYPE,
  websiteCheckWorkflowId,
  type WebsiteCheckWorkflowInput,
} from '../../workflows/website-check/website-check.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError, unprocessable } from '../http/errors.js';
import { startResourceWorkflow } from '../http/resource-workflow.js';
import { defineRoute } from '../http/route.js';
import { createWebsiteCheckBody, websiteCheckDocument } from './website-check.schemas.js';
import { toWebsiteCheckResource, websiteCheckPath } from './website-check.serializer.js';

export function createWebsiteCheckRoute(deps: FeatureDeps) {
  return defineRoute({
    method: 'post',
    path: '/v1/website-checks',
    scope: 'website_checks:write',
    summary: 'Check a website',
    description: 'DNS, TLS, HTTP (redirect chain), content and risk indicators of a site. execution_mode async (default) answers 201 at once (pending); sync waits up to 30 seconds.',
    tag: 'Website checks',
    schemas: { body: createWebsiteCheckBody, responses: { 201: { description: 'The check (pending, or finished in sync mode)', schema: websiteCheckDocument } } },
    async handler({ body, ctx }) {
      const a = body.data.attributes;
      const businessId = body.data.relationships?.business?.data?.id ?? null;
      if (businessId && !(await businessExists(deps.db, ctx.environment, businessId))) {
        throw unprocessable('business_not_found', `Business ${businessId} does not exist`, { pointer: '/data/relationships/business/data/id' });
      }
      const businessName = a.business_name?.trim() ? a.business_name.trim() : null;
      const created = await createWebsiteCheck(deps.db, ctx.actor, { environment: ctx.environment, url: a.url, businessName, businessId, executionMode: a.execution_mode, at: deps.clock() });
      const input: WebsiteCheckWorkflowInput = { websiteCheckId: created.id, environment: ctx.environment };
      let handle;
      try {
        handle = await startResourceWorkflow(deps.temporal, {
          workflowType: WEBSITE_CHECK_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.websiteChecks, workflowId: websiteCheckWorkflowId(created.id),
          resourceType: WEBSITE_CHECK_RESOURCE_TYPE, resourceId: created.id, environment: ctx.environment,
        });
      } catch (error) {
        ctx.log.error({ err: error, websiteCheckId: created.id }, 'could not start the website check workflow');
        await finishWebsiteCheck(deps.db, ctx.actor, ctx.environment, created.id, { status: 'failed', riskLevel: null, facts: null, indicators: [], errors: [{ code: 'check_not_started', detail: 'the check could not be started' }] }, deps.clock());
        throw ResourceError.single(503, 'check_not_started', 'Service Unavailable', 'The website check could not be started; retry the request');
      }
      const headers = { Location: websiteCheckPath(created.id) };
      if (a.execution_mode === 'async') return { status: 201, body: { data: toWebsiteCheckResource(created) }, headers };
      try {
        await resultWithin(deps.temporal, handle, deps.syncWaitMs?.websiteCheck ?? SYNC_WEBSITE_CHECK_WAIT_MS);
      } catch (error) {
        ctx.log.warn({ err: error, websiteCheckId: created.id }, 'website check workflow failed');
      }
      const current = (await findWebsiteCheck(deps.db, ctx.environment, created.id)) ?? created;
      return { status: 201, body: { data: toWebsiteCheckResource(current) }, headers };
    },
  });
}
