/**
 * The zod schemas of the business lookup routes: the POST body (structure only — the per-country
 * rules run in activities/businesses/validation so their errors point at the exact member), the
 * list query, and the business resource as it leaves the server (for the OpenAPI document).
 */
import { z } from 'zod';
import { pageLinksSchema, pageMetaSchema, pageParameters } from '../http/pagination.js';
import { ASYNC_STATUSES } from '../../workflows/business-lookup/business-lookup.contract.js';

const lookupInput = z.strictObject({
  official_name: z.string().nullish(),
  registration_number: z.string().nullish(),
  address: z.string().nullish(),
});

/** Non-blank text as published: at least one letter or digit (blank counts as absent). */
const readable = (maxLength: number) => ({ type: 'string', maxLength, pattern: '[A-Za-z0-9]' });
const both = (code: string) => [code, code.toLowerCase()];

/**
 * What the per-country rules accept (activities/businesses/validation/lookup-input.model.ts),
 * published with the structure so a client — or a generator — can build an accepted request. CNPJ
 * check digits cannot be said in JSON Schema: the pattern gives the shape, the check is the API's.
 */
const SEARCH_PARAMETER_RULES = {
  required: ['country', 'input'],
  anyOf: [
    { properties: { country: { enum: both('GB') }, input: { type: 'object', required: ['registration_number'], properties: { registration_number: { type: 'string', pattern: '^ *([0-9]{1,8}|(SC|NI|OC|LP|FC|sc|ni|oc|lp|fc)[0-9]{1,6}) *$' } } } } },
    { properties: { country: { enum: both('BR') }, input: { type: 'object', required: ['registration_number'], properties: { registration_number: { type: 'string', pattern: '^([0-9]{14}|[0-9]{2}\\.[0-9]{3}\\.[0-9]{3}/[0-9]{4}-[0-9]{2})$' } } } } },
    { properties: { country: { enum: both('US') }, input: { type: 'object', required: ['official_name', 'address'], properties: { official_name: readable(255), address: readable(500) } } } },
    {
      properties: { country: { enum: both('ZZ') }, input: { type: 'object', properties: { official_name: readable(255), registration_number: readable(50), address: readable(500) } } },
      anyOf: [
        { properties: { input: { required: ['official_name'] } } },
        { properties: { input: { required: ['registration_number'] } } },
        { properties: { input: { required: ['address'] } } },
      ],
    },
  ],
};

export const createBusinessBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('business'),
    meta: z.strictObject({
      search_parameters: z.strictObject({
        /** Checked against the supported countries by the validation module (its error lists them). */
        country: z.string().optional(),
        input: lookupInput.nullish(),
        /** true: 201 at once; false: wait up to 45 s. Absent means true, as screenings default to async. */
        async: z.boolean().default(true),
      }).meta(SEARCH_PARAMETER_RULES),
    }),
    relationships: z.strictObject({
      session: z.strictObject({
        data: z.strictObject({ type: z.literal('session'), id: z.uuid({ message: 'must be a session id (uuid)' }) }),
      }),
    }),
  }),
});
export type CreateBusinessBody = z.output<typeof createBusinessBody>;

export const listBusinessesQuery = z.strictObject({
  ...pageParameters(),
  'filter[country]': z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((value) => value.toUpperCase())
    .optional(),
  'filter[status]': z.enum(ASYNC_STATUSES, { message: `must be one of ${ASYNC_STATUSES.join(', ')}` }).optional(),
  'filter[session_id]': z.uuid({ message: 'must be a session id (uuid)' }).optional(),
});

export const businessIdParams = z.strictObject({ id: z.uuid() });

// ---- response shapes (documentation and a check in tests) ----

const translation = z.object({ official_name: z.string().nullable(), status: z.string().nullable(), legal_form: z.string().nullable() }).nullable();
const address = z
  .object({
    formatted_address: z.string().nullable(), street: z.string().nullable(), city: z.string().nullable(),
    state_or_province: z.string().nullable(), postal_code: z.string().nullable(), country: z.string().nullable(),
    street2: z.string().nullable(), po_box: z.string().nullable(), latitude: z.number().nullable(), longitude: z.number().nullable(),
    start_date: z.string().nullable(), end_date: z.string().nullable(), translation,
  })
  .nullable();
const money = z.object({ amount: z.number(), currency: z.string() }).nullable();
const person = {
  name: z.string(), date_of_birth: z.string().nullable(), id_type: z.string().nullable(), id_number: z.string().nullable(),
  end_date: z.string().nullable(), translation,
};

export const businessAttributes = z.object({
  async_status: z.enum(ASYNC_STATUSES),
  country: z.string(),
  is_registered: z.boolean().nullable(),
  official_name: z.string().nullable(),
  status: z.string().nullable(),
  legal_form: z.string().nullable(),
  registration_date: z.string().nullable(),
  dissolution_date: z.string().nullable(),
  translation,
  registered_address: address,
  physical_address: address,
  identifiers: z.array(z.object({ type: z.string(), value: z.string() })),
  industry: z.array(z.object({ code: z.string(), description: z.string().nullable(), system: z.string(), is_primary: z.boolean(), translation })),
  capital: z.object({ registered: money, paid_up: money }).nullable(),
  officers: z.array(z.object({ ...person, type: z.string().nullable(), start_date: z.string().nullable(), address_detail: address, states: z.array(z.string()), sources: z.array(z.string()) })),
  shareholders: z.array(z.object({ ...person, shareholder_type: z.string().nullable(), number_of_share: z.string().nullable(), percentage_of_share: z.number().nullable(), effective_date: z.string().nullable() })),
  contacts: z.array(z.object({ type: z.string(), value: z.string(), description: z.string().nullable(), start_date: z.string().nullable(), end_date: z.string().nullable() })),
  name_history: z.array(z.object({ name: z.string(), effective_date: z.string().nullable(), end_date: z.string().nullable(), translation })),
  activity_history: z.array(z.object({ activity: z.string(), date: z.string().nullable() })),
  latest_annual_return: z.object({ year_of_filing: z.number().nullable(), annual_meeting_date: z.string().nullable() }).nullable(),
  errors: z.array(z.object({ code: z.string(), title: z.string(), detail: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});

export const businessResource = z.object({
  id: z.uuid(),
  type: z.literal('business'),
  attributes: businessAttributes,
  relationships: z.object({ sessions: z.object({ data: z.array(z.object({ type: z.literal('session'), id: z.uuid() })) }) }),
  meta: z.object({
    async_status: z.enum(ASYNC_STATUSES),
    search_parameters: z.object({ country: z.string(), input: lookupInput }),
  }),
});

export const businessDocument = z.object({ data: businessResource });

export const businessListDocument = z.strictObject({
  data: z.array(businessResource),
  meta: z.strictObject({ page: pageMetaSchema }),
  links: pageLinksSchema,
});
