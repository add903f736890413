/**
 * The OpenAPI `webhooks` section, generated from the event catalog: one entry per event type,
 * describing the POST a subscribed endpoint receives — the Standard Webhooks headers and the body
 * `{type, timestamp, data: {type, id, environment, attributes}}` with the type's payload schema.
 */
import { z } from 'zod';
import { EVENT_FAMILIES } from '../../activities/events/catalog/event-catalog.js';

const HEADERS = [
  { name: 'webhook-id', description: 'The event id: the same on every retry and resend (deduplicate on it).' },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was sent.' },
  { name: 'webhook-signature', description: 'Space-separated `v1,<base64 HMAC-SHA256>` over `<webhook-id>.<webhook-timestamp>.<body>` under each valid secret (two during a rotation).' },
];

export function webhooksSection(): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const family of EVENT_FAMILIES) {
    const attributes = z.toJSONSchema(family.payload as z.ZodType, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete attributes.$schema;
    for (const status of family.statuses) {
      const type = `${family.resourceType}.${status}`;
      section[type] = {
        post: {
          summary: `${type}: ${(family.statusDescriptions as Record<string, string>)[status]}`,
          description: `${family.description} Delivered to webhook configs with resource_type \`${family.resourceType}\` subscribed to \`${status}\`.`,
          parameters: HEADERS.map((h) => ({ name: h.name, in: 'header', required: true, description: h.description, schema: { type: 'string' } })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  additionalProperties: false,
                  properties: {
                    type: { const: type },
                    timestamp: { type: 'string', format: 'date-time', description: 'when the event happened' },
                    data: {
                      type: 'object',
                      required: ['type', 'id', 'environment', 'attributes'],
                      additionalProperties: false,
                      properties: { type: { type: 'string' }, id: { type: 'string' }, environment: { enum: ['production', 'staging'] }, attributes },
                    },
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received. Any other answer (3xx included), or none within 15 seconds, is retried.' } },
        },
      };
    }
  }
  return section;
}
