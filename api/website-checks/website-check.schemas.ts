/**
 * The zod schemas of the website check routes: the POST body, the list query, and the record as it
 * leaves the server (facts by section, indicators, risk level), for validation, the OpenAPI
 * document and the tests.
 */
import { z } from 'zod';
import { pageParameters } from '../http/pagination.js';
import { linksShape, pageMetaShape } from '../webhooks/webhook.schemas.js';

const httpUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL')
  // What the check above accepts, in a form JSON Schema can say (a subset: IDN hosts and userinfo are accepted too).
  .meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9.-]+(:[0-9]{1,4})?(/[!-~]*)?$' });

export const createWebsiteCheckBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('website_check'),
    attributes: z.strictObject({
      url: httpUrl,
      business_name: z.string().max(255, 'must be at most 255 characters').nullable().optional(),
      execution_mode: z.enum(['sync', 'async'], { message: 'must be sync or async' }).default('async'),
    }),
    relationships: z
      .strictObject({ business: z.strictObject({ data: z.strictObject({ type: z.literal('business'), id: z.uuid({ message: 'must be a business id (uuid)' }) }).nullable() }).optional() })
      .optional(),
  }),
});

export const websiteCheckIdParams = z.strictObject({ id: z.uuid() });

export const listWebsiteChecksQuery = z.strictObject({
  ...pageParameters(),
  'filter[status]': z.enum(['pending', 'completed', 'failed'], { message: 'must be pending, completed or failed' }).optional(),
  'filter[risk_level]': z.enum(['low', 'medium', 'high'], { message: 'must be low, medium or high' }).optional(),
  'filter[business_id]': z.uuid({ message: 'must be a business id (uuid)' }).optional(),
});

const timestamp = z.string().describe('ISO 8601 UTC with milliseconds');
const hop = z.strictObject({ url: z.string(), status: z.number().int().nullable(), location: z.string().nullable(), response_time_ms: z.number().int().nullable(), error: z.string().nullable(), refused: z.boolean() });

export const websiteCheckResource = z.strictObject({
  type: z.literal('website_check'),
  id: z.uuid(),
  attributes: z.strictObject({
    url: z.string(),
    business_name: z.string().nullable(),
    execution_mode: z.enum(['sync', 'async']),
    status: z.enum(['pending', 'completed', 'failed']),
    risk_level: z.enum(['low', 'medium', 'high']).nullable(),
    indicators: z.array(z.strictObject({ code: z.string(), severity: z.enum(['low', 'medium', 'high']), detail: z.string() })),
    dns: z.strictObject({
      host: z.string(), domain: z.string().nullable(), a: z.array(z.string()), aaaa: z.array(z.string()),
      mx: z.array(z.strictObject({ exchange: z.string(), priority: z.number() })), spf: z.string().nullable(), dmarc: z.string().nullable(),
      errors: z.array(z.strictObject({ lookup: z.string(), code: z.string() })), skipped: z.enum(['ip_literal']).nullable(),
    }).nullable(),
    tls: z.strictObject({
      valid: z.boolean(), error: z.string().nullable(), issuer: z.string().nullable(), subject: z.string().nullable(), sans: z.array(z.string()),
      not_before: timestamp.nullable(), not_after: timestamp.nullable(), days_remaining: z.number().int().nullable(), protocol: z.string().nullable(),
    }).nullable().describe('null for plain http sites and before the check ends'),
    http: z.strictObject({
      status: z.number().int().nullable(), final_url: z.string().nullable(), redirects: z.array(hop).describe('every request made, the first included'),
      cross_domain_redirect: z.boolean(), hsts: z.string().nullable(), response_time_ms: z.number().int().nullable(), content_type: z.string().nullable(),
      body_bytes: z.number().int(), truncated: z.boolean(), error: z.string().nullable(),
    }).nullable(),
    content: z.strictObject({
      title: z.string().nullable(), language: z.string().nullable(), language_source: z.enum(['html_lang', 'content_language', 'detected']).nullable(),
      emails: z.array(z.string()), phones: z.array(z.string()), addresses: z.array(z.string()),
      has_privacy_policy: z.boolean(), has_terms: z.boolean(), parked_or_for_sale: z.boolean(), under_construction: z.boolean(), signals: z.array(z.string()),
      business_name_found: z.boolean().nullable(), business_name_match: z.strictObject({ score: z.number(), text: z.string().nullable() }).nullable(),
    }).nullable(),
    registration: z.strictObject({ source: z.literal('rdap'), registration_date: timestamp.nullable(), error: z.string().nullable() }).nullable().describe('null unless RDAP_BASE_URL is configured'),
    errors: z.array(z.strictObject({ code: z.string(), detail: z.string() })),
    created_at: timestamp,
    updated_at: timestamp,
    completed_at: timestamp.nullable(),
  }),
  relationships: z.strictObject({ business: z.strictObject({ data: z.strictObject({ type: z.literal('business'), id: z.uuid() }).nullable() }) }),
  links: z.strictObject({ self: z.string() }),
});

export const websiteCheckDocument = z.strictObject({ data: websiteCheckResource });
export const websiteCheckListDocument = z.strictObject({ data: z.array(websiteCheckResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });
