/**
 * Zod schemas of the account routes: create and update bodies, the list query, and the account
 * resource as it leaves the server (OpenAPI document and response checks in tests).
 */
import { z } from 'zod';
import { pageParameters } from '../../http/pagination.js';
import { addressSchema, businessSchema, identityNumberSchema, personSchema } from '../shared/identity-shapes.schemas.js';
import { identityListDocument, identityResourceDocument, stampSchema } from '../shared/identity-envelope.schemas.js';

export const ACCOUNT_STATUSES = ['active', 'inactive', 'suspended', 'pending'] as const;
export const ENTITY_TYPES = ['person', 'business'] as const;

const externalId = z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
/** Any timestamp asks for redaction now; the stored redacted_at is the service's time of redaction. */
const redactedAt = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' }).nullish();

const accountAttributes = {
  external_id: externalId.nullish(),
  person: personSchema.nullish(),
  business: businessSchema.nullish(),
  address: addressSchema.nullish(),
  identity_numbers: z.array(identityNumberSchema).max(20, 'at most 20 identity numbers').nullish(),
  status: z.enum(ACCOUNT_STATUSES, { message: `must be one of ${ACCOUNT_STATUSES.join(', ')}` }).optional(),
  redacted_at: redactedAt,
};

export const createAccountBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('account').optional(),
    attributes: z.strictObject(accountAttributes),
  }),
});
export type CreateAccountBody = z.output<typeof createAccountBody>;

export const updateAccountBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('account').optional(),
    id: z.uuid({ message: 'must be the id of the path (uuid)' }).optional().meta({ description: 'The path id (any case); another id: 409 id_mismatch.' }),
    attributes: z
      .strictObject(accountAttributes)
      .refine((a) => Object.keys(a).length > 0, 'attributes must change at least one field'),
  }),
});
export type UpdateAccountBody = z.output<typeof updateAccountBody>;

export const listAccountsQuery = z.strictObject({
  ...pageParameters(),
  'filter[status]': z.enum(ACCOUNT_STATUSES, { message: `must be one of ${ACCOUNT_STATUSES.join(', ')}` }).optional(),
  'filter[entity_type]': z.enum(ENTITY_TYPES, { message: `must be one of ${ENTITY_TYPES.join(', ')}` }).optional(),
  'filter[external_id]': externalId.optional(),
});

// ---- response shapes ----

const name = z.object({ first: z.string().nullable(), middle: z.string().nullable(), last: z.string().nullable() });
export const personOut = z.object({ name, birth_date: z.string().nullable() }).nullable();
export const addressOut = z
  .object({
    line1: z.string().nullable(), line2: z.string().nullable(), sublocality: z.string().nullable(), locality: z.string().nullable(),
    administrative_area: z.string().nullable(), postal_code: z.string().nullable(), country_code: z.string().nullable(),
  })
  .nullable();
export const contactOut = z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable();
export const identityNumberOut = z.object({
  number: z.string(), issuing_country_code: z.string().nullable(), class: z.string().nullable(), created_at: z.string(), updated_at: z.string(),
});
export const businessOut = z
  .object({
    legal_name: z.string().nullable(),
    registration_date: z.string().nullable(),
    shareholders: z.array(z.object({
      name: z.string(), shareholder_type: z.string().nullable(), date_of_birth: z.string().nullable(), id_type: z.string().nullable(),
      id_number: z.string().nullable(), number_of_share: z.string().nullable(), percentage_of_share: z.number().nullable(),
    })),
  })
  .nullable();

const ref = (type: z.ZodType) => z.object({ type, id: z.uuid() });

export const accountResource = z.object({
  type: z.literal('account'),
  id: z.uuid(),
  attributes: z.object({
    external_id: z.string().nullable(),
    status: z.enum(ACCOUNT_STATUSES),
    entity_type: z.enum(ENTITY_TYPES),
    person: personOut,
    business: businessOut,
    contact: contactOut,
    address: addressOut,
    identity_numbers: z.array(identityNumberOut),
    created_at: z.string(),
    updated_at: z.string(),
    redacted_at: stampSchema,
  }),
  relationships: z.object({
    sessions: z.object({ data: z.array(ref(z.literal('session'))) }),
    documents: z.object({ data: z.array(ref(z.enum(['document/idv', 'document/address']))) }),
  }),
});

export const accountDocument = identityResourceDocument(accountResource);
export const accountListDocument = identityListDocument(accountResource);
