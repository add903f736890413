/** Business lookup events: created processing, then one final outcome. */
import { z } from 'zod';
import { codes, nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

export const businessEvents = defineEventFamily({
  resourceType: 'business',
  statuses: ['processing', 'completed', 'not_found', 'failed'],
  description: 'A business registry lookup (async_status).',
  statusDescriptions: {
    processing: 'created; the registry lookup runs',
    completed: 'the registry returned the business',
    not_found: 'the registry has no such business',
    failed: 'the lookup could not be done; error_codes say why',
  },
  payload: z
    .object({
      async_status: z.enum(['processing', 'completed', 'not_found', 'failed']),
      country: z.string(),
      is_registered: z.boolean().nullable(),
      error_codes: codes,
      session_id: nullableId,
    })
    .strict(),
});
