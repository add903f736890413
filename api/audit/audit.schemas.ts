/**
 * The zod schemas of the audit routes: the event list's filters, a client's own audit event, audit
 * streams (https endpoint or S3 bucket), and the resources as they leave the server.
 */
import { z } from 'zod';
import { pageParameters } from '../http/pagination.js';
import { linksShape, pageMetaShape } from '../webhooks/webhook.schemas.js';

const isoTimestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });
/** `<resource_type>.<verb>`: lowercase words joined by dots (a resource type may hold `/`). */
const action = z.string().max(200).regex(/^[a-z][a-z0-9_/-]*(\.[a-z][a-z0-9_-]*)+$/, 'must look like <resource_type>.<verb>, e.g. payout.approve');
const shortText = z.string().min(1).max(200);

export const listAuditEventsQuery = z.strictObject({
  ...pageParameters(),
  'filter[action]': z.string().min(1).max(200).regex(/^[a-z0-9_./*-]+$/, 'must be an action, or a prefix ending in *').optional(),
  'filter[resource_type]': z.string().min(1).max(200).optional(),
  'filter[resource_id]': z.string().min(1).max(200).optional(),
  'filter[actor_id]': z.string().min(1).max(200).optional(),
  'filter[since]': isoTimestamp.optional(),
  'filter[until]': isoTimestamp.optional(),
});

const metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 16_384, 'must serialize to at most 16 KiB of JSON')
  .default({});

export const createAuditEventBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('audit_event'),
    attributes: z.strictObject({
      action,
      occurred_at: isoTimestamp.optional(),
      actor: z.strictObject({ type: shortText, id: shortText.nullish(), name: shortText.nullish() }).optional(),
      resource: z.strictObject({ type: shortText, id: shortText.nullish() }).optional(),
      metadata,
    }),
  }),
});

export const createAuditStreamBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('audit_stream'),
    attributes: z.strictObject({
      /** Only audit events whose action starts with this are pushed. */
      action_prefix: z.string().min(1).max(200).optional(),
      destination: z.discriminatedUnion('type', [
        z.strictObject({ type: z.literal('https'), url: z.string().min(1).max(2048) }),
        z.strictObject({
          type: z.literal('s3'),
          bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name'),
          prefix: z.string().max(500).regex(/^[^\\]*$/, 'must not contain a backslash').default(''),
          endpoint: z.string().max(2048).default('https://s3.amazonaws.com'),
          // The region and the access key travel in the signed request's Authorization header
          // (SigV4 credential scope, '/'-separated): only characters a header can carry, no '/'.
          // A value that cannot be sent would fail every push of the stream, forever.
          region: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, 'must be a region name (letters, digits, - and _)').default('us-east-1'),
          access_key: z.string().regex(/^[\x21-\x2e\x30-\x7e]{1,500}$/, 'must be printable ASCII without spaces or /'),
          secret_key: z.string().regex(/^[\x20-\x7e]{1,500}$/, 'must be printable ASCII'),
        }),
      ]),
    }),
  }),
});

export const auditStreamIdParams = z.strictObject({ id: z.uuid() });
export const listAuditStreamsQuery = z.strictObject({ ...pageParameters() });

// ---- response shapes ----

export const auditEventResourceSchema = z.strictObject({
  type: z.literal('audit_event'),
  id: z.uuid(),
  attributes: z.strictObject({
    action: z.string(),
    occurred_at: z.string(),
    recorded_at: z.string(),
    source: z.enum(['api', 'cli', 'system', 'client']),
    actor: z.strictObject({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
    resource: z.strictObject({ type: z.string().nullable(), id: z.string().nullable() }).nullable(),
    request_id: z.string().nullable(),
    client_ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    outcome_status: z.number().int().nullable(),
    recorder_key_id: z.string().nullable(),
    event_id: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    sequence: z.number().int().describe('position in the environment\'s hash chain'),
    prev_hash: z.string(),
    hash: z.string().describe('SHA-256 over the canonical form of this event (RFC 8785) including prev_hash'),
  }),
});
export const auditEventDocument = z.strictObject({ data: auditEventResourceSchema });
export const auditEventListDocument = z.strictObject({ data: z.array(auditEventResourceSchema), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });

export const auditStreamResourceSchema = z.strictObject({
  type: z.literal('audit_stream'),
  id: z.uuid(),
  attributes: z.strictObject({
    action_prefix: z.string().nullable(),
    destination: z.union([
      z.strictObject({ type: z.literal('https'), url: z.string(), secret_prefix: z.string() }),
      z.strictObject({ type: z.literal('s3'), bucket: z.string(), prefix: z.string(), endpoint: z.string(), region: z.string() }),
    ]),
    is_active: z.boolean(),
    last_sequence: z.number().int(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});
export const auditStreamDocument = z.strictObject({ data: auditStreamResourceSchema });
export const auditStreamWithSecretDocument = z.strictObject({
  data: auditStreamResourceSchema,
  meta: z.strictObject({ secret: z.string().nullable().describe('https streams: the signing secret (whsec_…), shown this once') }),
});
export const auditStreamListDocument = z.strictObject({ data: z.array(auditStreamResourceSchema), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });
