/**
 * The zod schemas of the webhook routes: configuration bodies (create, patch with secret
 * rotation), resend bodies, list queries, and the resources as they leave the server — the spec's
 * webhook_config (the secret only ever as `secret_prefix`; the full secret once, in `meta.secret`
 * of the create or rotate answer) and the delivery attempts.
 */
import { z } from 'zod';
import { EVENT_FAMILIES, EVENT_RESOURCE_TYPES } from '../../activities/events/catalog/event-catalog.js';
import { pageLinksSchema, pageMetaSchema, pageParameters } from '../http/pagination.js';

const statuses = z.array(z.string().min(1)).min(1, 'must name at least one status').max(50);
const url = z.string().min(1).max(2048).meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.-]+(:[0-9]{1,4})?(/[!-~]*)?$' });
/** Each resource type with the statuses it emits (the subscription model checks both), as published. */
const SUBSCRIPTIONS = EVENT_FAMILIES.map((family) => ({
  properties: { resource_type: { const: family.resourceType }, subscribed_statuses: { items: { enum: [...family.statuses] } } },
}));
/** Checked against the event catalog by the subscription model (422 unknown_resource_type); published as that enum. */
const resourceType = z.string().min(1).meta({ enum: [...EVENT_RESOURCE_TYPES] });

export const createWebhookBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('webhook_config'),
    attributes: z.strictObject({
      resource_type: resourceType,
      url,
      subscribed_statuses: statuses,
      is_active: z.boolean().default(true),
    }).meta({ anyOf: SUBSCRIPTIONS }),
  }),
});

export const updateWebhookBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('webhook_config').optional(),
    id: z.uuid({ message: 'must be the id of the path (uuid)' }).optional().meta({ description: 'The path id (any case); another id: 409 id_mismatch.' }),
    attributes: z.strictObject({
      resource_type: resourceType.optional(),
      url: url.optional(),
      subscribed_statuses: statuses.optional(),
      is_active: z.boolean().optional(),
      /** Makes a new secret (answered once in meta.secret); the old one keeps signing for 24 hours. */
      rotate_secret: z.boolean().optional(),
    }),
  }),
});

const isoTimestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });

export const resendWebhookBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('webhook_resend').optional(),
    attributes: z.union([
      z.strictObject({ event_ids: z.array(z.uuid({ message: 'must be an event id (uuid)' })).min(1).max(1000) }),
      z.strictObject({ since: isoTimestamp, until: isoTimestamp.optional(), only_failed: z.boolean().default(false) }),
    ], { message: 'give event_ids, or since (with until and only_failed optional)' }),
  }),
});

export const webhookIdParams = z.strictObject({ id: z.uuid() });

export const listWebhooksQuery = z.strictObject({
  ...pageParameters(),
  'filter[resource_type]': z.string().min(1).optional(),
  'filter[is_active]': z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true').optional(),
});

export const listDeliveriesQuery = z.strictObject({ ...pageParameters() });

// ---- response shapes ----

const timestamp = z.string().describe('ISO 8601 UTC with milliseconds');

export const webhookConfigResource = z.strictObject({
  type: z.literal('webhook_config'),
  id: z.uuid(),
  attributes: z.strictObject({
    resource_type: z.string(),
    url: z.string(),
    subscribed_statuses: z.array(z.string()),
    secret_prefix: z.string().describe('the first characters of the secret followed by …; the full secret is never returned after creation'),
    is_active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
});

export const webhookConfigDocument = z.strictObject({ data: webhookConfigResource });
export const webhookConfigWithSecretDocument = z.strictObject({
  data: webhookConfigResource,
  meta: z.strictObject({ secret: z.string().describe('the full signing secret (whsec_…): shown this once; store it now') }),
});

/** The platform's list envelope parts (api/http/pagination.ts), under the names other families import from here. */
const pageMetaShape = pageMetaSchema;
const linksShape = pageLinksSchema;

export const webhookConfigListDocument = z.strictObject({ data: z.array(webhookConfigResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });

export const deliveryAttemptResource = z.strictObject({
  type: z.literal('webhook_delivery_attempt'),
  id: z.uuid(),
  attributes: z.strictObject({
    event_id: z.uuid(),
    event_type: z.string(),
    trigger: z.enum(['event', 'resend']),
    attempt: z.number().int(),
    attempted_at: timestamp,
    succeeded: z.boolean(),
    status_code: z.number().int().nullable(),
    latency_ms: z.number().int(),
    error: z.string().nullable(),
    next_attempt_at: timestamp.nullable().describe('when the next attempt is due; null when the delivery succeeded or has no attempts left'),
  }),
});
export const deliveryAttemptListDocument = z.strictObject({ data: z.array(deliveryAttemptResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });

export const resendDocument = z.strictObject({
  data: z.strictObject({
    type: z.literal('webhook_resend'),
    attributes: z.strictObject({ event_count: z.number().int(), event_ids: z.array(z.uuid()) }),
  }),
});

export { pageMetaShape, linksShape };
