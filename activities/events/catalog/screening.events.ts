/**
 * Screening events: one per status the screening workflow moves a record through, and one when
 * ongoing monitoring of the subject is switched on or off (the status itself is unchanged then).
 */
import { z } from 'zod';
import { codes, nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

export const screeningEvents = defineEventFamily({
  resourceType: 'screening',
  statuses: ['pending', 'processing', 'completed', 'not_found', 'failed', 'monitoring_started', 'monitoring_stopped'],
  description: 'A screening against sanctions, PEP and watch lists or adverse media.',
  statusDescriptions: {
    pending: 'created; matching not started',
    processing: 'matching started',
    completed: 'matched against the lists; has_match says whether anything matched (origin monitoring: a new hit or a removed entity found by ongoing monitoring)',
    not_found: 'the subject could not be screened against any data (no article corpus)',
    failed: 'matching could not be done; error_codes say why',
    monitoring_started: 'the subject is re-screened whenever a list it was screened against changes',
    monitoring_stopped: 'ongoing monitoring of the subject was switched off',
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
      monitor: z.boolean(),
      origin: z.enum(['api', 'batch', 'monitoring']),
      monitored_screening_id: nullableId,
    })
    .strict(),
  dataType: (payload) => payload.screening_type,
});
