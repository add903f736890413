/** Webhook configuration events. URLs are not carried (they may hold tokens of the receiver). */
import { z } from 'zod';
import { defineEventFamily } from './event-family.js';

export const webhookConfigEvents = defineEventFamily({
  resourceType: 'webhook_config',
  statuses: ['created', 'updated', 'deleted', 'deactivated'],
  description: 'A webhook endpoint configuration.',
  statusDescriptions: {
    created: 'the configuration was created',
    updated: 'attributes changed or the secret was rotated (names in `changed`)',
    deleted: 'the configuration was deleted; nothing more is delivered to it',
    deactivated: 'every delivery attempt failed for 5 days; the endpoint was switched off',
  },
  payload: z
    .object({
      resource_type: z.string(),
      subscribed_statuses: z.array(z.string()),
      is_active: z.boolean(),
      changed: z.array(z.string()),
    })
    .strict(),
});

export const auditStreamEvents = defineEventFamily({
  resourceType: 'audit_stream',
  statuses: ['created', 'deleted', 'deactivated'],
  description: 'An audit stream (https endpoint or S3 bucket receiving audit events).',
  statusDescriptions: {
    created: 'the stream was created',
    deleted: 'the stream was deleted',
    deactivated: 'every push failed for 5 days; the stream was switched off',
  },
  payload: z.object({ stream_type: z.enum(['https', 's3']), action_prefix: z.string().nullable() }).strict(),
});
