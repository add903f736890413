/**
 * The zod schemas of the screening routes: the POST body (the type selects the query shape), the
 * list query, and the screening resource as it leaves the server (for the OpenAPI document).
 */
import { z } from 'zod';
import {
  CREATABLE_SCREENING_TYPES,
  EXECUTION_MODES,
  LISTABLE_SCREENING_TYPES,
  MAX_BATCH_SCREENINGS,
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
    /** Re-screen the subject whenever a list it was screened against gets a new version (watchlist, PEP and business watchlist). */
    monitor: z.boolean({ message: 'must be true or false' }).default(false),
  });

const variant = <T extends string, Q extends z.ZodType>(type: T, query: Q) =>
  z.strictObject({ type: z.literal(type), attributes: attributes(query), relationships });

const screeningData = z.discriminatedUnion(
  'type',
  [
    variant('screening/politically-exposed-person', personQuery),
    variant('screening/watchlist', personQuery),
    variant('screening/business-watchlist', businessWatchlistQuery),
    variant('screening/business-adverse-media', adverseMediaQuery),
  ],
  { message: 'type must be one of screening/politically-exposed-person, screening/watchlist, screening/business-watchlist, screening/business-adverse-media' },
);
export type ScreeningData = z.output<typeof screeningData>;

export const createScreeningBody = z.strictObject({ data: screeningData });
export type CreateScreeningBody = z.output<typeof createScreeningBody>;

/** POST /v1/screenings/batch: up to MAX_BATCH_SCREENINGS items, each shaped as POST /v1/screenings data. */
export const createScreeningBatchBody = z.strictObject({
  data: z
    .array(screeningData)
    .min(1, 'must hold at least one screening')
    .max(MAX_BATCH_SCREENINGS, `must hold at most ${MAX_BATCH_SCREENINGS} screenings`),
});

/** What `data.type` of a PATCH may say: the screening's own type, or `screening` (the type relationships give it). */
export const UPDATE_SCREENING_TYPES = ['screening', ...CREATABLE_SCREENING_TYPES] as const;

/**
 * PATCH /v1/screenings/{id}: switch ongoing monitoring on or off. `type` and `id` are optional;
 * given, they must name this screening (JSON:API: 409 Conflict when they name another resource,
 * checked by the route against the path and the record).
 */
export const updateScreeningBody = z.strictObject({
  data: z.strictObject({
    type: z
      .enum(UPDATE_SCREENING_TYPES, { message: `must be screening or the screening's type (${CREATABLE_SCREENING_TYPES.join(', ')})` })
      .optional()
      .meta({ description: "The screening's type (as GET shows it) or screening; another screening type than this one's: 409 type_mismatch." }),
    id: z.uuid({ message: 'must be the screening id (uuid)' }).optional().meta({ description: 'The path id; another id: 409 id_mismatch.' }),
    attributes: z.strictObject({ monitor: z.boolean({ message: 'must be true or false' }) }),
  }),
});

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

const relationshipOut = (type: 'account' | 'business' | 'screening') => z.object({ data: z.object({ type: z.literal(type), id: z.uuid() }).nullable() });

/** What a monitoring screening reports: the run, the list version, the new hits' ids and the removed entities. */
export const monitoringReportSchema = z.object({
  run_id: z.uuid(),
  list_slug: z.string(),
  list_version_id: z.uuid(),
  previous_version_id: z.uuid().nullable(),
  mode: z.enum(['delta', 'full']),
  new_entity_ids: z.array(z.string()),
  removed_entities: z.array(z.object({ id: z.string(), source_id: z.string(), list_slug: z.string(), name: z.string() })),
});

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
    /** Re-screened when its lists change (ongoing monitoring). */
    monitor: z.boolean(),
    /** api: POST /v1/screenings; batch: POST /v1/screenings/batch; monitoring: made by ongoing monitoring of relationships.monitored_screening. */
    origin: z.enum(['api', 'batch', 'monitoring']),
    batch_id: z.uuid().nullable(),
    /** Monitoring screenings only: what changed. */
    monitoring: monitoringReportSchema.nullable(),
  }),
  relationships: z.object({ account: relationshipOut('account'), business: relationshipOut('business'), monitored_screening: relationshipOut('screening') }),
});

export const screeningDocument = z.object({ data: screeningResource });

export const screeningBatchDocument = z.object({
  data: z.array(screeningResource),
  meta: z.object({
    batch_id: z.uuid(),
    /** How many of the batch's screenings are in each status now. */
    statuses: z.record(z.enum(SCREENING_STATUSES), z.number().int()),
  }),
});

export const screeningListDocument = z.object({
  data: z.array(screeningResource),
  meta: z.strictObject({ page_info: pageMetaSchema }),
});
