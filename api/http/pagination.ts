/**
 * The one pagination helper: keyset pagination over (created_at, id), newest first, with the
 * spec's envelope. Query parameters (JSON:API style, documented in the README):
 *   page[size]           digits only; default 15 (identity) / 15 (others); bounds per route
 *   page[after]=<id>     the page after the item with this id (a cursor is an item id, as the spec says)
 *   page[before]=<id>    the page before the item with this id
 *   page[include_total]  true|false; counts all matching rows (costs a count query)
 *   filter[<name>]       per-route filters
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { badRequest } from './errors.js';

export interface PageRequest {
  size: number;
  after?: string;
  before?: string;
  includeTotal: boolean;
}

export interface PageResult<Row> {
  rows: Row[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  total?: number;
}

const uuid = z.uuid({ message: 'must be an item id (uuid)' });

/** The zod shape of the page parameters, to spread into a route's query schema. */
export function pageParameters(options: { defaultSize?: number; maxSize?: number } = {}) {
  const defaultSize = options.defaultSize ?? 15;
  const maxSize = options.maxSize ?? 100;
  return {
    'page[size]': z
      .string()
      .regex(/^\d{1,4}$/, 'must be digits only')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1').max(maxSize, `must be at most ${maxSize}`))
      .default(defaultSize),
    'page[after]': uuid.optional(),
    'page[before]': uuid.optional(),
    'page[include_total]': z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true').default(false),
  };
}

export function toPageRequest(query: {
  'page[size]': number;
  'page[after]'?: string | undefined;
  'page[before]'?: string | undefined;
  'page[include_total]': boolean;
}): PageRequest {
  if (query['page[after]'] && query['page[before]']) {
    throw badRequest('invalid_parameter', 'page[after] and page[before] cannot be combined', { parameter: 'page[before]' });
  }
  return {
    size: query['page[size]'],
    includeTotal: query['page[include_total]'],
    ...(query['page[after]'] ? { after: query['page[after]'] } : {}),
    ...(query['page[before]'] ? { before: query['page[before]'] } : {}),
  };
}

/**
 * Runs one page of `base` (a select over `table`, already filtered by environment and filters).
 * Cursor comparisons happen in SQL so timestamp precision is never lost in JavaScript.
 */
export async function paginate<Row extends { id: string }>(
  base: SelectQueryBuilder<any, any, Row>,
  table: string,
  page: PageRequest,
): Promise<PageResult<Row>> {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  const cursorId = page.after ?? page.before;
  const key = sql`(${createdAt}, ${id})`;
  const anchor = (c: string) => sql`(select a.created_at, a.id from ${sql.table(table)} a where a.id = ${c})`;

  if (cursorId) {
    const exists = await base.clearSelect().select(sql<number>`1`.as('one')).where(id, '=', cursorId).executeTakeFirst();
    if (!exists) {
      throw badRequest('invalid_cursor', 'The cursor does not name an item of this list', {
        parameter: page.after ? 'page[after]' : 'page[before]',
      });
    }
  }

  let rows: Row[];
  let hasNextPage: boolean;
  let hasPreviousPage: boolean;
  if (page.before) {
    const newer = await base
      .where(sql<boolean>`${key} > ${anchor(page.before)}`)
      .orderBy(createdAt, 'asc')
      .orderBy(id, 'asc')
      .limit(page.size + 1)
      .execute();
    hasPreviousPage = newer.length > page.size;
    rows = newer.slice(0, page.size).reverse();
    hasNextPage = true;
  } else {
    let q = base;
    if (page.after) q = q.where(sql<boolean>`${key} < ${anchor(page.after)}`);
    const older = await q.orderBy(createdAt, 'desc').orderBy(id, 'desc').limit(page.size + 1).execute();
    hasNextPage = older.length > page.size;
    rows = older.slice(0, page.size);
    hasPreviousPage = Boolean(page.after);
  }

  let total: number | undefined;
  if (page.includeTotal) {
    const counted = await base.clearSelect().clearOrderBy().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    total = Number((counted as unknown as { n: string }).n);
  }
  return { rows, hasNextPage, hasPreviousPage, ...(total !== undefined ? { total } : {}) };
}

export interface PageMeta {
  cursors: { start: string | null; end: string | null };
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** Always present (the spec lists it): the count with page[include_total]=true, else null (a count costs a query). */
  total: number | null;
}

export function pageMeta(result: PageResult<{ id: string }>): PageMeta {
  return {
    cursors: { start: result.rows[0]?.id ?? null, end: result.rows[result.rows.length - 1]?.id ?? null },
    hasNextPage: result.hasNextPage,
    hasPreviousPage: result.hasPreviousPage,
    total: result.total ?? null,
  };
}

/** The page meta as it leaves the server (every list's `meta.page`, the screening list's `meta.page_info`). */
export const pageMetaSchema = z.strictObject({
  cursors: z.strictObject({ start: z.string().nullable(), end: z.string().nullable() }),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  total: z.number().int().nullable().describe('the number of matching items with page[include_total]=true; null otherwise'),
});

/** `links` of a list response. */
export const pageLinksSchema = z.strictObject({ self: z.string(), first: z.string(), next: z.string().nullable(), prev: z.string().nullable(), last: z.string().nullable() });

/** `links` for a list response; built from the request's own path and query so filters carry over. */
export function pageLinks(requestUrl: string, meta: PageMeta): Record<string, string | null> {
  const url = new URL(requestUrl, 'http://placeholder');
  const withCursor = (name: 'page[after]' | 'page[before]' | null, value: string | null) => {
    const params = new URLSearchParams(url.search);
    params.delete('page[after]');
    params.delete('page[before]');
    if (name && value) params.set(name, value);
    const qs = params.toString().replace(/%5B/g, '[').replace(/%5D/g, ']');
    return `${url.pathname}${qs ? `?${qs}` : ''}`;
  };
  return {
    self: `${url.pathname}${url.search.replace(/%5B/g, '[').replace(/%5D/g, ']')}`,
    first: withCursor(null, null),
    next: meta.hasNextPage ? withCursor('page[after]', meta.cursors.end) : null,
    prev: meta.hasPreviousPage ? withCursor('page[before]', meta.cursors.start) : null,
    last: null,
  };
}
