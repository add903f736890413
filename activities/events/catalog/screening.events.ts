/** Screening events: one per status the screening workflow moves a record through. */
import { z } from 'zod';
import { codes, nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

export const screeningEvents = defineEventFamily({
  resourceType: 'screening',
  statuses: ['pending', 'processing', 'completed', 'not_found', 'failed'],
  description: 'A screening against sanctions, PEP and watch lists or adverse media.',
  statusDescriptions: {
    pending: 'created; matching not started',
    processing: 'matching started',
    completed: 'matched against the lists; has_match says whether anything matched',
    not_found: 'the subject could not be screened against any data (no article corpus)',
    failed: 'matching could not be done; error_codes say why',
  },
  payload: z
    .object({
      screening_type: z.string(),
      status: z.enum(['pending', 'processing', 'completed', 'not_found', 'failed']),
      execution_mode: z.enum(['sync', 'async']),
      has_match: z.boolean().nullable(),
      matched_list_slugs: z.array(z.string()),
      error_codes: codes,
      account_id: nullableId,
      business_id: nullableId,
    })
    .strict(),
  dataType: (payload) => payload.screening_type,
});
