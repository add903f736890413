/** Verifiable credential events: requested, issued (or failed), revoked, deleted. Ids and codes only, never claims. */
import { z } from 'zod';
import { codes, nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

export const credentialEvents = defineEventFamily({
  resourceType: 'credential',
  statuses: ['pending', 'issued', 'failed', 'revoked', 'deleted'],
  description: 'A verifiable credential (W3C VC 2.0, vc+jwt) issued by the service.',
  statusDescriptions: {
    pending: 'requested; the issuing workflow is allocating its status index and signing it',
    issued: 'signed and stored; status_list and status_list_index name its revocation entry',
    failed: 'could not be issued; error_codes say why',
    revoked: 'revoked: its bit in the status list is set',
    deleted: 'deleted: revoked if it was still valid, its claims and token removed; ids and status remain',
  },
  payload: z
    .object({
      credential_type: z.string(),
      status: z.enum(['pending', 'issued', 'failed', 'revoked']),
      issuance_id: z.uuid(),
      status_list: z.number().int().nullable(),
      status_list_index: z.number().int().nullable(),
      session_id: nullableId,
      account_id: nullableId,
      business_id: nullableId,
      screening_id: nullableId,
      error_codes: codes,
    })
    .strict(),
});
