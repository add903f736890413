/**
 * The zod schemas of the screening routes: the POST body (the type selects the query shape), the
 * list query, and the screening resource as it leaves the server (for the OpenAPI document).
 */
import { z } from 'zod';
import {
  EXECUTION_MODES,
  LISTABLE_SCREENING_TYPES,
  SCREENING_STATUSES,
} from '../../workflows/screening/screening.contract.js';
import { pageMetaSchema, pageParameters } from '../http/pagination.js';
import { adverseMediaQuery, businessWatchlistQuery, personQuery } from './screening-query.schemas.js';

/** How many entity ids one ignore_list may carry. */
export const MAX_IGNORE_LIST = 1000;

const reference = (type: 'account' | 'business') =>
  z.strictObject({
    data: z.strictObject({ type: z.literal(type), id: z.uuid({ message: `must be a${type === 'account' ? 'n' : ''} ${type} id (uuid)` }) }).nullable(),
  });

const relationships = z
  .strictObject({ account: reference('account').optional(), business: reference('business').optional() })
  .optional();

const attributes = <Q extends z.ZodType>(query: Q) =>
  z.strictObject({
    execution_mode: z.enum(EXECUTION_MODES, { message: 'must be sync or async' }).default('async'),
    query,
    /** Our entity ids (matched_lists[].entities[].id) the caller has cleared as false positives. */
    ignore_list: z
      .array(z.uuid({ message: 'must be an entity id (uuid) from matched_lists' }))
      .max(MAX_IGNORE_LIST, `must hold at most ${MAX_IGNORE_LIST} ids`)
      .default([]),
  });

const variant = <T extends string, Q extends z.ZodType>(type: T, query: Q) =>
  z.strictObject({ type: z.literal(type), attributes: attributes(query), relationships });

export const createScreeningBody = z.strictObject({
  data: z.discriminatedUnion(
    'type',
    [
      variant('screening/politically-exposed-person', personQuery),
      variant('screening/watchlist', personQuery),
      variant('screening/business-watchlist', businessWatchlistQuery),
      variant('screening/business-adverse-media', adverseMediaQuery),
    ],
    { message: 'type must be one of screening/politically-exposed-person, screening/watchlist, screening/business-watchlist, screening/business-adverse-media' },
  ),
});
export type CreateScreeningBody = z.output<typeof createScreeningBody>;

export const listScreeningsQuery = z.strictObject({
  ...pageParameters({ defaultSize: 15, maxSize: 100 }),
  'filter[type]': z.enum(LISTABLE_SCREENING_TYPES, { message: `must be one of ${LISTABLE_SCREENING_TYPES.join(', ')}` }).optional(),
  'filter[status]': z.enum(SCREENING_STATUSES, { message: `must be one of ${SCREENING_STATUSES.join(', ')}` }).optional(),
});

export const screeningIdParams = z.strictObject({ id: z.uuid() });

// ---- response shapes (documentation and a check in tests) ----

const birthdateOut = z.object({ day: z.string(), month: z.string(), year: z.string(), granularity: z.string() });

export const matchedEntitySchema = z.object({
  id: z.string(),
  source_id: z.string(),
  name: z.string(),
  alias_type: z.string(),
  primary_name: z.string(),
  kind: z.string(),
  birthdates: z.array(birthdateOut),
  birthdate: z.string().nullable(),
  countries: z.array(z.string()),
  programs: z.array(z.string()),
  score: z.number(),
  match_types: z.array(z.string()),
  title: z.string().optional(),
  url: z.string().optional(),
  published_at: z.string().nullable().optional(),
  snippet: z.string().nullable().optional(),
});

export const matchedListSchema = z.object({
  name: z.string(),
  url: z.string(),
  list_type: z.string(),
  list_types: z.array(z.string()),
  slug: z.string(),
  flag_code: z.string().nullable(),
  country_code: z.string().nullable(),
  match_types: z.array(z.string()),
  entities: z.array(matchedEntitySchema),
});

/** A name hit a clear birth-date conflict removed (outside has_match): entity, name score, the conflicting dates, the rule. */
export const nearMatchSchema = z.object({
  id: z.string(),
  source_id: z.string(),
  list_slug: z.string(),
  list_name: z.string(),
  name: z.string(),
  alias_type: z.string(),
  primary_name: z.string(),
  kind: z.string(),
  name_score: z.number(),
  score: z.number(),
  match_types: z.array(z.string()),
  rule: z.string(),
  rule_detail: z.string(),
  query_birthdate: z.string(),
  conflicting_birthdates: z.array(birthdateOut),
  tolerance_years: z.number(),
});

const relationshipOut = (type: 'account' | 'business') => z.object({ data: z.object({ type: z.literal(type), id: z.uuid() }).nullable() });

export const screeningResource = z.object({
  type: z.string(),
  id: z.uuid(),
  attributes: z.object({
    status: z.enum(SCREENING_STATUSES),
    execution_mode: z.enum(EXECUTION_MODES),
    query: z.record(z.string(), z.unknown()),
    has_match: z.boolean().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    updated_at: z.string(),
    errors: z.array(z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) })).nullable(),
    matched_lists: z.array(matchedListSchema).nullable(),
    /** [] when none; null while the screening has not completed (and on records stored before near matches existed). */
    near_matches: z.array(nearMatchSchema).nullable(),
    ignore_list: z.array(z.string()),
    list_versions: z.array(z.record(z.string(), z.unknown())).nullable(),
    algorithm_version: z.string().nullable(),
    threshold: z.number().nullable(),
  }),
  relationships: z.object({ account: relationshipOut('account'), business: relationshipOut('business') }),
});

export const screeningDocument = z.object({ data: screeningResource });

export const screeningListDocument = z.object({
  data: z.array(screeningResource),
  meta: z.strictObject({ page_info: pageMetaSchema }),
});
