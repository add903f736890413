/** Website check events: created (pending), then completed with a risk level, or failed. The URL is not carried. */
import { z } from 'zod';
import { codes, nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

export const websiteCheckEvents = defineEventFamily({
  resourceType: 'website_check',
  statuses: ['pending', 'completed', 'failed'],
  description: 'A check of a business website (DNS, TLS, HTTP, content, risk indicators).',
  statusDescriptions: {
    pending: 'created; the check is running',
    completed: 'the facts were collected; risk_level and indicator_codes say what was found',
    failed: 'the check could not be done (e.g. the URL was refused by the outbound guard); error_codes say why',
  },
  payload: z
    .object({
      status: z.enum(['pending', 'completed', 'failed']),
      risk_level: z.enum(['low', 'medium', 'high']).nullable(),
      indicator_codes: z.array(z.string()),
      error_codes: codes,
      business_id: nullableId,
    })
    .strict(),
});
