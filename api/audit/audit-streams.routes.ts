/**
 * Audit streams: POST /v1/audit/streams (an https endpoint — signed like webhooks, its secret
 * answered once in meta.secret — or an S3 bucket receiving NDJSON objects; credentials are sealed
 * at rest and never returned), GET /v1/audit/streams, DELETE /v1/audit/streams/{id}. A stream
 * receives the environment's audit events recorded after its creation.
 */
import { randomUUID } from 'node:crypto';
import { createAuditStream, deleteAuditStream } from '../../activities/audit/audit-stream.transitions.js';
import { checkDeliveryUrl } from '../../activities/webhooks/webhook-subscription.model.js';
import { auditStreamListQuery } from '../../infra/db/repositories/audit-streams.repository.js';
import { outboundPolicyFrom } from '../../infra/http/outbound-guard.js';
import { AUDIT_STREAM_WORKFLOW_TYPE, auditStreamWorkflowId, type AuditStreamInput } from '../../workflows/audit-stream/audit-stream.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { pageLinks, pageMeta, paginate, toPageRequest } from '../http/pagination.js';
import { startResourceWorkflow } from '../http/resource-workflow.js';
import { defineRoute, type RouteDefinition } from '../http/route.js';
import { auditStreamIdParams, auditStreamListDocument, auditStreamWithSecretDocument, createAuditStreamBody, listAuditStreamsQuery } from './audit.schemas.js';
import { toAuditStreamResource } from './audit.serializer.js';

export function auditStreamRoutes(deps: FeatureDeps): RouteDefinition[] {
  const policy = outboundPolicyFrom(deps.config.OUTBOUND_ALLOWLIST);
  return [
    defineRoute({
      method: 'post',
      path: '/v1/audit/streams',
      scope: 'audit:streams',
      summary: 'Create an audit stream (https endpoint or S3 bucket)',
      tag: 'Audit',
      schemas: { body: createAuditStreamBody, responses: { 201: { description: 'The stream; an https stream\'s secret this once', schema: auditStreamWithSecretDocument } } },
      async handler({ body, ctx }) {
        const a = body.data.attributes;
        const d = a.destination;
        if (d.type === 'https') checkDeliveryUrl(d.url, ctx.environment, policy, '/data/attributes/destination/url');
        else checkDeliveryUrl(d.endpoint, ctx.environment, policy, '/data/attributes/destination/endpoint');
        const id = randomUUID();
        const { row, secret } = await createAuditStream(deps.db, ctx.actor, deps.secrets, {
          id, environment: ctx.environment, actionPrefix: a.action_prefix ?? null, at: deps.clock(),
          target: d.type === 'https'
            ? { type: 'https', url: d.url }
            : { type: 's3', bucket: d.bucket, prefix: d.prefix, endpoint: d.endpoint, region: d.region, accessKey: d.access_key, secretKey: d.secret_key },
        });
        const input: AuditStreamInput = { streamId: id, environment: ctx.environment };
        await startResourceWorkflow(deps.temporal, {
          workflowType: AUDIT_STREAM_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueues.events, workflowId: auditStreamWorkflowId(id),
          resourceType: 'audit_stream', resourceId: id, environment: ctx.environment,
        }).catch((error: unknown) => ctx.log.warn({ err: error, streamId: id }, 'audit stream workflow not started; the worker starts it at its next start'));
        return { status: 201, body: { data: toAuditStreamResource(row), meta: { secret } }, headers: { Location: `/v1/audit/streams/${id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/audit/streams',
      scope: 'audit:streams',
      summary: 'List audit streams',
      tag: 'Audit',
      schemas: { query: listAuditStreamsQuery, responses: { 200: { description: 'A page of streams', schema: auditStreamListDocument } } },
      async handler({ query, ctx, raw }) {
        const page = await paginate(auditStreamListQuery(deps.db, ctx.environment), 'audit_streams', toPageRequest(query));
        const meta = pageMeta(page);
        return { status: 200, body: { data: page.rows.map(toAuditStreamResource), meta: { page: meta }, links: pageLinks(raw.originalUrl, meta) } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/audit/streams/{id}',
      scope: 'audit:streams',
      summary: 'Delete an audit stream',
      tag: 'Audit',
      schemas: { params: auditStreamIdParams, responses: { 204: { description: 'Deleted; nothing more is pushed to it' } } },
      async handler({ params, ctx }) {
        await deleteAuditStream(deps.db, ctx.actor, ctx.environment, params.id, deps.clock());
        return { status: 204 };
      },
    }),
  ];
}
