/** Zod schemas of the session routes: the create body, the list query and the session resource. */
import { z } from 'zod';
import { SESSION_STATUSES } from '../../../activities/identity/sessions/session-lifecycle.model.js';
import { pageParameters } from '../../http/pagination.js';
import { addressOut, businessOut, contactOut, identityNumberOut, personOut, ENTITY_TYPES } from '../accounts/account.schemas.js';
import { identityListDocument, identityResourceDocument, stampSchema } from '../shared/identity-envelope.schemas.js';
import { addressSchema, businessSchema, contactSchema, identityNumberSchema, personSchema, relationshipRef } from '../shared/identity-shapes.schemas.js';
import { behaviorAnalysisOut, behaviorAnalysisSchema } from './behavior-analysis.schema.js';

/** Absent members are copied from the account (a snapshot of what the session verifies). */
export const createSessionBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('session').optional(),
    attributes: z
      .strictObject({
        person: personSchema.nullish(),
        business: businessSchema.nullish(),
        contact: contactSchema.nullish(),
        address: addressSchema.nullish(),
        /** One identity number (the spec's session shows a single object). */
        identity_numbers: identityNumberSchema.nullish(),
        behavior_analysis: behaviorAnalysisSchema.nullish(),
      })
      .default({}),
    relationships: z.strictObject({ account: relationshipRef('account') }),
  }),
});
export type CreateSessionBody = z.output<typeof createSessionBody>;

export const listSessionsQuery = z.strictObject({
  ...pageParameters(),
  'filter[status]': z.enum(SESSION_STATUSES, { message: `must be one of ${SESSION_STATUSES.join(', ')}` }).optional(),
  'filter[account]': z.uuid({ message: 'must be an account id (uuid)' }).optional(),
});

const ref = (type: string) => z.object({ type: z.literal(type), id: z.uuid() });

export const sessionResource = z.object({
  type: z.literal('session'),
  id: z.uuid(),
  attributes: z.object({
    status: z.enum(SESSION_STATUSES),
    creator_type: z.string(),
    entity_type: z.enum(ENTITY_TYPES),
    creator_id: z.string().nullable(),
    person: personOut,
    business: businessOut,
    identity_numbers: identityNumberOut.nullable(),
    contact: contactOut,
    address: addressOut,
    behavior_analysis: behaviorAnalysisOut,
    created_at: z.string(),
    updated_at: z.string(),
    started_at: stampSchema,
    expires_at: stampSchema,
    completed_at: stampSchema,
    failed_at: stampSchema,
    marked_for_review_at: stampSchema,
    decisioned_at: stampSchema,
    expired_at: stampSchema,
    redacted_at: stampSchema,
  }),
  relationships: z.object({
    account: z.object({ data: ref('account').nullable() }),
    business: z.object({ data: ref('business').nullable() }),
    documents: z.object({ data: z.array(z.object({ type: z.enum(['document/idv', 'document/address']), id: z.uuid() })) }),
    session_devices: z.object({ data: z.array(ref('session_device')) }),
    verifications: z.object({ data: z.array(ref('verification')) }),
  }),
});

export const sessionDocument = identityResourceDocument(sessionResource);
export const sessionListDocument = identityListDocument(sessionResource);
