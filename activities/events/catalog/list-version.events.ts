/**
 * List version events: a sanctions/PEP list version became active, or an import failed. Lists are
 * shared reference data, so each such event is recorded once per environment.
 */
import { z } from 'zod';
import { nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

export const listVersionEvents = defineEventFamily({
  resourceType: 'list_version',
  statuses: ['activated', 'failed'],
  description: 'A version of a sanctions, PEP or watch list.',
  statusDescriptions: {
    activated: 'the version is now the active one of its list (screenings use it)',
    failed: 'an import failed; the previous version stays active',
  },
  payload: z
    .object({
      slug: z.string(),
      list_type: z.string(),
      entity_count: z.number().int().min(0),
      checksum: z.string().nullable(),
      previous_version_id: nullableId,
      error: z.string().nullable(),
    })
    .strict(),
});
