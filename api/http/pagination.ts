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
import type { Executor } from '../../infra/db/executor.js';
import { QueryTemplate, type QueryTemplateOptions } from '../../infra/db/query-template.js';

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

/** The statements of one page over `base`; `cursor` and `limit` may be real values or template placeholders. */
function pageStatements<Row extends { id: string }>(base: SelectQueryBuilder<any, any, Row>, table: string, direction: 'first' | 'after' | 'before', cursor: string, limit: number) {
  const createdAt = sql.ref(`${table}.created_at`);
  const id = sql.ref(`${table}.id`);
  const key = sql`(${createdAt}, ${id})`;
  const anchor = sql`(select a.created_at, a.id from ${sql.table(table)} a where a.id = ${cursor})`;
  return {
    cursorExists: () => base.clearSelect().select(sql<number>`1`.as('one')).where(id, '=', cursor),
    rows: () =>
      direction === 'before'
        ? base.where(sql<boolean>`${key} > ${anchor}`).orderBy(createdAt, 'asc').orderBy(id, 'asc').limit(limit)
        : (direction === 'after' ? base.where(sql<boolean>`${key} < ${anchor}`) : base).orderBy(createdAt, 'desc').orderBy(id, 'desc').limit(limit),
    count: () => base.clearSelect().clearOrderBy().select(sql<string>`count(*)`.as('n')),
  };
}

/** How a page is read, whatever runs the statements: the cursor check, one more row than asked (is there a next page?), the count. */
async function collectPage<Row extends { id: string }>(
  page: PageRequest,
  run: { cursorExists: () => Promise<boolean>; rows: () => Promise<Row[]>; count: () => Promise<number> },
): Promise<PageResult<Row>> {
  if ((page.after ?? page.before) && !(await run.cursorExists())) {
    throw badRequest('invalid_cursor', 'The cursor does not name an item of this list', {
      parameter: page.after ? 'page[after]' : 'page[before]',
    });
  }
  let rows: Row[];
  let hasNextPage: boolean;
  let hasPreviousPage: boolean;
  const read = await run.rows();
  if (page.before) {
    hasPreviousPage = read.length > page.size;
    rows = read.slice(0, page.size).reverse();
    hasNextPage = true;
  } else {
    hasNextPage = read.length > page.size;
    rows = read.slice(0, page.size);
    hasPreviousPage = Boolean(page.after);
  }
  const total = page.includeTotal ? await run.count() : undefined;
  return { rows, hasNextPage, hasPreviousPage, ...(total !== undefined ? { total } : {}) };
}

const directionOf = (page: PageRequest) => (page.before ? 'before' : page.after ? 'after' : 'first') as 'first' | 'after' | 'before';

/**
 * Runs one page of `base` (a select over `table`, already filtered by environment and filters).
 * Cursor comparisons happen in SQL so timestamp precision is never lost in JavaScript.
 */
export async function paginate<Row extends { id: string }>(
  base: SelectQueryBuilder<any, any, Row>,
  table: string,
  page: PageRequest,
): Promise<PageResult<Row>> {
  const statements = pageStatements(base, table, directionOf(page), page.after ?? page.before ?? '', page.size + 1);
  return collectPage(page, {
    cursorExists: async () => (await statements.cursorExists().executeTakeFirst()) !== undefined,
    rows: () => statements.rows().execute() as Promise<Row[]>,
    count: async () => Number(((await statements.count().executeTakeFirstOrThrow()) as unknown as { n: string }).n),
  });
}

/**
 * `paginate` for a hot list: its statements are built and compiled once per shape (which filters
 * are present, which direction, with or without the count) and each request binds its values —
 * the same SQL, without Kysely building it again on every request (infra/db/query-template.ts,
 * whose rules the builder follows: values used only as query values, `shapeKeys` for those it
 * branches on). Pages run on `db`, which the builder also starts from.
 */
export class PagedList<V extends object, Row extends { id: string }> {
  readonly #cursorExists: QueryTemplate<V & PageValues, unknown>;
  readonly #rows: QueryTemplate<V & PageValues, Row>;
  readonly #count: QueryTemplate<V & PageValues, { n: string }>;

  constructor(
    private readonly db: Executor,
    table: string,
    build: (db: Executor, values: V) => SelectQueryBuilder<any, any, Row>,
    options: QueryTemplateOptions<V> = {},
  ) {
    const statements = (values: V & PageValues) => pageStatements(build(db, values), table, values.direction, values.cursor, values.limit);
    const templateOptions = {
      shapeKeys: [...(options.shapeKeys ?? []), 'direction'],
      mayBeUnused: [...(options.mayBeUnused ?? []), 'cursor', 'limit'],
      ...(options.maxShapes !== undefined ? { maxShapes: options.maxShapes } : {}),
    } as QueryTemplateOptions<V & PageValues>;
    this.#cursorExists = new QueryTemplate((values) => statements(values).cursorExists(), templateOptions);
    this.#rows = new QueryTemplate((values) => statements(values).rows(), templateOptions);
    this.#count = new QueryTemplate((values) => statements(values).count(), templateOptions);
  }

  async page(values: V, page: PageRequest): Promise<PageResult<Row>> {
    const bound = { ...values, direction: directionOf(page), cursor: page.after ?? page.before ?? '', limit: page.size + 1 } as V & PageValues;
    return collectPage(page, {
      cursorExists: async () => (await this.#cursorExists.execute(this.db, bound)).length > 0,
      rows: () => this.#rows.execute(this.db, bound),
      count: async () => Number((await this.#count.execute(this.db, bound))[0]?.n ?? 0),
    });
  }
}

interface PageValues {
  direction: 'first' | 'after' | 'before';
  cursor: string;
  limit: number;
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
