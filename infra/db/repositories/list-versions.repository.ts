/**
 * Data access for list reference data: versions, their entities and the per-slug active pointer.
 * A version is written in `loading`, then `activateListVersionRows` (inside the caller's
 * transaction, with its events) flips the slug's pointer and supersedes the old version, so
 * readers see either the old list or the new one, never part of one.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';
import type { Executor, Trx } from '../executor.js';
import type { ListVersionRow } from '../tables/list-versions.table.js';

/** A list's display metadata (the screening feature's ListSource), stored as JSON. */
type SourceJson = object;

/** The stored columns of one list entity (the screening feature's ListEntity plus our id). */
export interface ListEntityColumns {
  id: string;
  source_id: string;
  kind: string;
  names: unknown[];
  birth_dates: unknown[];
  countries: string[];
  identifiers: unknown[];
  programs: string[];
  remarks?: string | null | undefined;
}

/** Entities per INSERT: one JSON parameter each, about a megabyte. */
export const ENTITY_INSERT_BATCH = 2000;

export interface ActiveListVersion<S = SourceJson> {
  slug: string;
  versionId: string;
  source: S;
  checksum: string;
  fetchedAt: Date;
  activatedAt: Date | null;
  entityCount: number;
}

export async function findActiveVersion(db: Executor, slug: string): Promise<ListVersionRow | undefined> {
  return db
    .selectFrom('list_sources')
    .innerJoin('list_versions', 'list_versions.id', 'list_sources.active_version_id')
    .selectAll('list_versions')
    .where('list_sources.slug', '=', slug)
    .executeTakeFirst();
}

export async function insertLoadingVersion(
  db: Executor,
  v: { slug: string; source: SourceJson; checksum: string; origin: Record<string, unknown>; fetchedAt: Date; warningCount: number },
): Promise<string> {
  const row = await db
    .insertInto('list_versions')
    .values({
      slug: v.slug,
      source: JSON.stringify(v.source),
      checksum: v.checksum,
      origin: JSON.stringify(v.origin),
      fetched_at: v.fetchedAt,
      warning_count: v.warningCount,
      status: 'loading',
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts one batch through jsonb_to_recordset: one parameter whatever the batch size. */
export async function insertEntityBatch(db: Executor, versionId: string, entities: readonly ListEntityColumns[]): Promise<void> {
  if (entities.length === 0) return;
  const rows = entities.map((e) => ({
    id: e.id,
    source_id: e.source_id,
    kind: e.kind,
    names: e.names,
    birth_dates: e.birth_dates,
    countries: e.countries,
    identifiers: e.identifiers,
    programs: e.programs,
    remarks: e.remarks ?? null,
  }));
  await sql`
    insert into list_entities (version_id, id, source_id, kind, names, birth_dates, countries, identifiers, programs, remarks)
    select ${versionId}::uuid, x.id, x.source_id, x.kind, x.names, x.birth_dates, x.countries, x.identifiers, x.programs, x.remarks
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
      id uuid, source_id text, kind text, names jsonb, birth_dates jsonb, countries text[], identifiers jsonb, programs text[], remarks text
    )`.execute(db);
}

export type ActivationOutcome = { status: 'activated'; previousVersionId: string | null } | { status: 'unchanged'; activeVersionId: string };

/**
 * Makes a loaded version the slug's active one, in the caller's transaction: lock the slug's row,
 * supersede the old version, activate the new, move the pointer. If a concurrent import activated
 * the same checksum meanwhile, this version is discarded instead (the list is already live).
 */
export async function activateListVersionRows(
  trx: Trx,
  v: { versionId: string; slug: string; source: SourceJson; checksum: string; entityCount: number; now: Date },
): Promise<ActivationOutcome> {
  await trx
    .insertInto('list_sources')
    .values({ slug: v.slug, source: JSON.stringify(v.source), active_version_id: null, updated_at: v.now })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const current = await trx.selectFrom('list_sources').select('active_version_id').where('slug', '=', v.slug).forUpdate().executeTakeFirstOrThrow();
  if (current.active_version_id) {
    const active = await trx.selectFrom('list_versions').select('checksum').where('id', '=', current.active_version_id).executeTakeFirstOrThrow();
    if (active.checksum === v.checksum) {
      await trx.deleteFrom('list_versions').where('id', '=', v.versionId).execute();
      return { status: 'unchanged', activeVersionId: current.active_version_id };
    }
    await trx
      .updateTable('list_versions')
      .set({ status: 'superseded', superseded_at: v.now })
      .where('id', '=', current.active_version_id)
      .execute();
  }
  await trx
    .updateTable('list_versions')
    .set({ status: 'active', activated_at: v.now, entity_count: v.entityCount })
    .where('id', '=', v.versionId)
    .execute();
  await trx
    .updateTable('list_sources')
    .set({ active_version_id: v.versionId, source: JSON.stringify(v.source), updated_at: v.now })
    .where('slug', '=', v.slug)
    .execute();
  return { status: 'activated', previousVersionId: current.active_version_id };
}

/** A version that could not be loaded: marked failed with the error, its partial entities removed (caller's transaction). */
export async function failLoadingVersionRows(trx: Trx, versionId: string, error: string): Promise<ListVersionRow | undefined> {
  await trx.deleteFrom('list_entities').where('version_id', '=', versionId).execute();
  return trx.updateTable('list_versions').set({ status: 'failed', error }).where('id', '=', versionId).where('status', '=', 'loading').returningAll().executeTakeFirst();
}

/** A file set that did not parse: a failed version row, so operators see the attempt and its error. */
export async function recordFailedImport(
  db: Executor,
  v: { slug: string; source: SourceJson | null; checksum: string; origin: Record<string, unknown>; fetchedAt: Date; error: string },
): Promise<string> {
  const row = await db
    .insertInto('list_versions')
    .values({
      slug: v.slug,
      source: v.source ? JSON.stringify(v.source) : null,
      checksum: v.checksum,
      origin: JSON.stringify(v.origin),
      fetched_at: v.fetchedAt,
      status: 'failed',
      error: v.error,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Deletes the entities of superseded versions except the newest `keepSuperseded` of the slug
 * (kept so a screening that read the previous version a moment ago can still finish loading it)
 * and those an unfinished monitoring run still compares. Version rows stay: screenings name the
 * versions they ran with.
 */
export async function pruneSupersededEntities(db: Executor, slug: string, now: Date, keepSuperseded = 1): Promise<number> {
  const old = await db
    .selectFrom('list_versions')
    .select('id')
    .where('slug', '=', slug)
    .where('status', '=', 'superseded')
    .where('entities_pruned_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom('screening_monitoring_runs as r')
          .select('r.id')
          .where('r.status', 'in', ['pending', 'running'])
          .where((eb) => eb.or([eb('r.version_id', '=', eb.ref('list_versions.id')), eb('r.previous_version_id', '=', eb.ref('list_versions.id'))])),
      )),
    )
    .orderBy('superseded_at', 'desc')
    .offset(keepSuperseded)
    .limit(1000)
    .execute();
  let deleted = 0;
  for (const { id } of old) {
    const result = await db.deleteFrom('list_entities').where('version_id', '=', id).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    await db.updateTable('list_versions').set({ entities_pruned_at: now }).where('id', '=', id).execute();
  }
  return deleted;
}

/** Versions left in `loading` by a crashed import (older than `before`). */
export async function abandonedLoads(db: Executor, slug: string, before: Date): Promise<string[]> {
  const stale = await db
    .selectFrom('list_versions')
    .select('id')
    .where('slug', '=', slug)
    .where('status', '=', 'loading')
    .where('created_at', '<', before)
    .execute();
  return stale.map((r) => r.id);
}

/** The active version of every list: one small query, cheap enough to run per screening. */
export async function listActiveVersions<S = SourceJson>(db: Executor): Promise<ActiveListVersion<S>[]> {
  const rows = await db
    .selectFrom('list_sources')
    .innerJoin('list_versions', 'list_versions.id', 'list_sources.active_version_id')
    .select([
      'list_sources.slug',
      'list_versions.id',
      'list_sources.source',
      'list_versions.checksum',
      'list_versions.fetched_at',
      'list_versions.activated_at',
      'list_versions.entity_count',
    ])
    .orderBy('list_sources.slug')
    .execute();
  return rows.map((r) => ({
    slug: r.slug,
    versionId: r.id,
    source: r.source as unknown as S,
    checksum: r.checksum,
    fetchedAt: r.fetched_at,
    activatedAt: r.activated_at,
    entityCount: r.entity_count,
  }));
}

/**
 * Hands a version's entities to `onBatch` in batches, read through a server-side cursor in one
 * read-only transaction, in the table's physical order (the planner is told to optimise for the
 * whole result, so it scans rather than walking the index by random UUID). Each row comes back as
 * one JSON text parsed here: several times faster than letting the driver parse four jsonb and two
 * array columns per row, which matters at a million entities.
 */
export async function readVersionEntities<E extends ListEntityColumns = ListEntityColumns>(
  db: Kysely<Database>,
  versionId: string,
  onBatch: (batch: E[]) => void | Promise<void>,
  batchSize = 20_000,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`set local cursor_tuple_fraction = 1.0`.execute(trx);
    await sql`
      declare version_entities no scroll cursor for
      select json_build_array(id, source_id, kind, names, birth_dates, countries, identifiers, programs, remarks)::text as j
      from list_entities where version_id = ${versionId}`.execute(trx);
    let total = 0;
    for (;;) {
      const result = await sql<{ j: string }>`fetch ${sql.raw(String(Math.max(1, Math.floor(batchSize))))} from version_entities`.execute(trx);
      if (result.rows.length === 0) break;
      const batch = result.rows.map(({ j }) => {
        const [id, sourceId, kind, names, birthDates, countries, identifiers, programs, remarks] = JSON.parse(j) as [
          string, string, string, unknown[], unknown[], string[], unknown[], string[], string | null,
        ];
        const entity: ListEntityColumns = { id, source_id: sourceId, kind, names, birth_dates: birthDates, countries, identifiers, programs };
        if (remarks !== null) entity.remarks = remarks;
        return entity as E;
      });
      total += batch.length;
      await onBatch(batch);
    }
    await sql`close version_entities`.execute(trx);
    return total;
  });
}

/** Whether a version's entities are still stored (superseded versions are pruned but the newest). */
export async function versionEntitiesKept(db: Executor, versionId: string): Promise<boolean> {
  const row = await db.selectFrom('list_versions').select(['entities_pruned_at', 'status']).where('id', '=', versionId).executeTakeFirst();
  return Boolean(row && row.entities_pruned_at === null && row.status !== 'failed');
}

/**
 * The entities of `versionId` that are new or whose content differs from `previousVersionId`
 * (matched by our stable id; names, kind, birth dates, countries, identifiers and programs compared,
 * remarks not: they are never match evidence), or every entity when there is no previous version.
 */
export async function changedEntities<E extends ListEntityColumns = ListEntityColumns>(db: Executor, versionId: string, previousVersionId: string | null): Promise<{ entity: E; added: boolean }[]> {
  const result = await sql<{ j: string; added: boolean }>`
    select json_build_array(n.id, n.source_id, n.kind, n.names, n.birth_dates, n.countries, n.identifiers, n.programs)::text as j, o.id is null as added
    from list_entities n
    left join list_entities o on o.version_id = ${previousVersionId}::uuid and o.id = n.id
    where n.version_id = ${versionId}::uuid
      and (o.id is null
        or (n.kind, n.names, n.birth_dates, n.countries, n.identifiers, n.programs) is distinct from (o.kind, o.names, o.birth_dates, o.countries, o.identifiers, o.programs))`.execute(db);
  return result.rows.map(({ j, added }) => {
    const [id, sourceId, kind, names, birthDates, countries, identifiers, programs] = JSON.parse(j) as [string, string, string, unknown[], unknown[], string[], unknown[], string[]];
    return { entity: { id, source_id: sourceId, kind, names, birth_dates: birthDates, countries, identifiers, programs } as E, added };
  });
}

/** Which of these entity ids the version lists. */
export async function listedEntityIds(db: Executor, versionId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('list_entities').select('id').where('version_id', '=', versionId).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}

/** A version's metadata (its list source and counts), for records that name the version. */
export async function findVersion<S = SourceJson>(db: Executor, versionId: string): Promise<ActiveListVersion<S> | undefined> {
  const r = await db.selectFrom('list_versions').select(['slug', 'id', 'source', 'checksum', 'fetched_at', 'activated_at', 'entity_count']).where('id', '=', versionId).executeTakeFirst();
  if (!r) return undefined;
  return { slug: r.slug, versionId: r.id, source: r.source as unknown as S, checksum: r.checksum, fetchedAt: r.fetched_at, activatedAt: r.activated_at, entityCount: r.entity_count };
}

/** This version of its list and every one created after it (a result computed from any of them covers this version). */
export async function versionAndLater(db: Executor, versionId: string): Promise<Set<string>> {
  const rows = await sql<{ id: string }>`
    select l.id from list_versions l join list_versions v on v.id = ${versionId}::uuid
    where l.slug = v.slug and l.created_at >= v.created_at`.execute(db);
  return new Set(rows.rows.map((r) => r.id));
}
