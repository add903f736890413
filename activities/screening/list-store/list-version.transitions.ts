/**
 * The state changes of a list version that others react to, each in one transaction with its
 * events: a loaded version becomes active (`list_version.activated`), or an import fails
 * (`list_version.failed`). Lists are reference data shared by both environments, so each event is
 * recorded once per environment: webhooks, audit and monitoring of either environment see it.
 */
import {
  activateListVersionRows,
  failLoadingVersionRows,
  recordFailedImport,
  type ActivationOutcome,
} from '../../../infra/db/repositories/list-versions.repository.js';
import { inTransaction, type Executor, type Trx } from '../../../infra/db/executor.js';
import { ENVIRONMENTS } from '../../../infra/db/tables/common.js';
import type { Actor } from '../../events/actor.model.js';
import type { EventPayload } from '../../events/catalog/event-catalog.js';
import { recordEvents } from '../../events/record-event.js';
import type { ListSource } from '../lists/list-entity.js';

async function recordListVersionEvent(trx: Trx, actor: Actor, type: 'list_version.activated' | 'list_version.failed', versionId: string, payload: EventPayload<'list_version.activated'>): Promise<void> {
  await recordEvents(trx, actor, ENVIRONMENTS.map((environment) => ({ type, environment, resourceId: versionId, payload })));
}

export interface LoadedVersion {
  versionId: string;
  slug: string;
  source: ListSource;
  checksum: string;
  entityCount: number;
  now: Date;
}

/** Makes a loaded version active (the old one superseded), unless its checksum is already live. */
export async function activateListVersion(db: Executor, actor: Actor, v: LoadedVersion): Promise<ActivationOutcome> {
  return inTransaction(db, async (trx) => {
    const outcome = await activateListVersionRows(trx, v);
    if (outcome.status === 'activated') {
      await recordListVersionEvent(trx, actor, 'list_version.activated', v.versionId, {
        slug: v.slug, list_type: v.source.list_type, entity_count: v.entityCount, checksum: v.checksum, previous_version_id: outcome.previousVersionId, error: null,
      });
    }
    return outcome;
  });
}

/** A version whose loading broke off: failed, its partial entities removed. */
export async function failLoadingVersion(db: Executor, actor: Actor, v: { versionId: string; slug: string; listType: string; error: string }): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await failLoadingVersionRows(trx, v.versionId, v.error);
    if (!row) return;
    await recordListVersionEvent(trx, actor, 'list_version.failed', v.versionId, {
      slug: v.slug, list_type: v.listType, entity_count: 0, checksum: row.checksum, previous_version_id: null, error: v.error,
    });
  });
}

/** A file set that did not parse: a failed version row (operators see the attempt and its error). */
export async function recordFailedListImport(
  db: Executor,
  actor: Actor,
  v: { slug: string; source: ListSource | null; checksum: string; origin: Record<string, unknown>; fetchedAt: Date; error: string },
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const versionId = await recordFailedImport(trx, v);
    await recordListVersionEvent(trx, actor, 'list_version.failed', versionId, {
      slug: v.slug, list_type: v.source?.list_type ?? 'other', entity_count: 0, checksum: v.checksum, previous_version_id: null, error: v.error,
    });
    return versionId;
  });
}
