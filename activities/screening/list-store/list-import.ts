/**
 * Imports parsed lists into PostgreSQL as versions. The same checksum as the active version is a
 * no-op; otherwise entities are loaded under a new `loading` version in batches and activated in
 * one transaction. A file set that does not parse becomes a `failed` version naming the file and
 * line, and whatever version was active stays active. Warnings are counted and logged, never fatal.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database.js';
import {
  abandonedLoads,
  ENTITY_INSERT_BATCH,
  findActiveVersion,
  insertEntityBatch,
  insertLoadingVersion,
  pruneSupersededEntities,
} from '../../../infra/db/repositories/list-versions.repository.js';
import type { Logger } from '../../../infra/logger/logger.js';
import { systemActor, type Actor } from '../../events/actor.model.js';
import type { ListSource, ParsedList, ParseWarning, StoredListEntity } from '../lists/list-entity.js';
import { stableEntityId } from './entity-id.js';
import { activateListVersion, failLoadingVersion, recordFailedListImport } from './list-version.transitions.js';

export interface ListImportDeps {
  db: Kysely<Database>;
  logger: Logger;
  clock: () => Date;
  /** Who imports (the CLI, or the refresh workflow by default): the actor of the version events. */
  actor?: Actor;
}

const importActor = (deps: ListImportDeps) => deps.actor ?? systemActor('listImport');

export type ListImportStatus = 'activated' | 'unchanged' | 'failed' | 'skipped';

/** What one file set's import did; the CLI prints these and the refresh workflow returns them. */
export interface ListImportReport {
  slug: string;
  name: string;
  listType: string;
  status: ListImportStatus;
  /** The version now active for the slug (activated/unchanged), or the failed version's id. */
  versionId: string | null;
  entityCount: number;
  warningCount: number;
  checksum: string | null;
  /** Files (or URLs) the version was read from. */
  origin: string[];
  error?: string;
}

export interface ParsedListVersion extends ParsedList {
  checksum: string;
}

/** A loading version older than this was left by a crashed import. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const LOGGED_WARNINGS = 20;

/** Our ids for the entities; a source id listed twice keeps its first entry and counts a warning. */
function withStableIds(slug: string, parsed: ParsedList): { entities: StoredListEntity[]; duplicates: ParseWarning[] } {
  const seen = new Set<string>();
  const entities: StoredListEntity[] = [];
  const duplicates: ParseWarning[] = [];
  for (const entity of parsed.entities) {
    const id = stableEntityId(slug, entity.source_id);
    if (seen.has(id)) {
      duplicates.push({ file: slug, message: `duplicate source id ${entity.source_id}: later entry skipped` });
      continue;
    }
    seen.add(id);
    entities.push({ ...entity, id });
  }
  return { entities, duplicates };
}

function logWarnings(log: Logger, warnings: ParseWarning[]): void {
  if (warnings.length === 0) return;
  for (const w of warnings.slice(0, LOGGED_WARNINGS)) log.warn({ file: w.file, line: w.line }, `list warning: ${w.message}`);
  if (warnings.length > LOGGED_WARNINGS) log.warn({ more: warnings.length - LOGGED_WARNINGS }, 'further list warnings not logged');
}

function baseReport(source: ListSource, origin: string[]): Omit<ListImportReport, 'status' | 'versionId' | 'entityCount' | 'warningCount' | 'checksum'> {
  return { slug: source.slug, name: source.name, listType: source.list_type, origin };
}

/** Loads one parsed list as a new version unless its checksum is already the active one. */
export async function importParsedList(deps: ListImportDeps, parsed: ParsedListVersion, origin: string[], originKind: 'files' | 'urls' = 'files'): Promise<ListImportReport> {
  const { db } = deps;
  const source = parsed.source;
  const log = deps.logger.child({ list: source.slug });
  const active = await findActiveVersion(db, source.slug);
  if (active && active.checksum === parsed.checksum) {
    log.info({ versionId: active.id }, 'list unchanged: this checksum is already the active version');
    return {
      ...baseReport(source, origin),
      status: 'unchanged',
      versionId: active.id,
      entityCount: active.entity_count,
      warningCount: active.warning_count,
      checksum: parsed.checksum,
    };
  }

  const now = deps.clock();
  for (const stale of await abandonedLoads(db, source.slug, new Date(now.getTime() - ABANDONED_AFTER_MS))) {
    await failLoadingVersion(db, importActor(deps), { versionId: stale, slug: source.slug, listType: source.list_type, error: 'abandoned: the import that was loading this version did not finish' });
  }
  const { entities, duplicates } = withStableIds(source.slug, parsed);
  const warnings = [...parsed.warnings, ...duplicates];
  logWarnings(log, warnings);

  const versionId = await insertLoadingVersion(db, {
    slug: source.slug,
    source,
    checksum: parsed.checksum,
    origin: { [originKind]: origin },
    fetchedAt: now,
    warningCount: warnings.length,
  });
  try {
    for (let i = 0; i < entities.length; i += ENTITY_INSERT_BATCH) {
      await insertEntityBatch(db, versionId, entities.slice(i, i + ENTITY_INSERT_BATCH));
    }
    const outcome = await activateListVersion(db, importActor(deps), { versionId, slug: source.slug, source, checksum: parsed.checksum, entityCount: entities.length, now: deps.clock() });
    if (outcome.status === 'unchanged') {
      log.info('list unchanged: a concurrent import activated the same checksum');
      return { ...baseReport(source, origin), status: 'unchanged', versionId: outcome.activeVersionId, entityCount: entities.length, warningCount: warnings.length, checksum: parsed.checksum };
    }
    log.info({ versionId, previousVersionId: outcome.previousVersionId, entities: entities.length, warnings: warnings.length }, 'list version activated');
  } catch (error) {
    await failLoadingVersion(db, importActor(deps), { versionId, slug: source.slug, listType: source.list_type, error: (error as Error).message }).catch(() => undefined);
    throw error;
  }
  await pruneSupersededEntities(db, source.slug, deps.clock());
  return { ...baseReport(source, origin), status: 'activated', versionId, entityCount: entities.length, warningCount: warnings.length, checksum: parsed.checksum };
}

/** Records a file set that failed to parse; the active version (if any) stays live. */
export async function recordImportFailure(
  deps: ListImportDeps,
  failure: { source: ListSource; checksum: string | null; origin: string[]; originKind?: 'files' | 'urls'; error: Error },
): Promise<ListImportReport> {
  const message = failure.error.message;
  deps.logger.error({ list: failure.source.slug, origin: failure.origin }, `list import failed: ${message}`);
  const versionId = await recordFailedListImport(deps.db, importActor(deps), {
    slug: failure.source.slug,
    source: failure.source,
    checksum: failure.checksum ?? 'unreadable',
    origin: { [failure.originKind ?? 'files']: failure.origin },
    fetchedAt: deps.clock(),
    error: message,
  });
  return {
    ...baseReport(failure.source, failure.origin),
    status: 'failed',
    versionId,
    entityCount: 0,
    warningCount: 0,
    checksum: failure.checksum,
    error: message,
  };
}
