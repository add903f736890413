/**
 * A synthetic watchlist for the monitoring tests: its source, our stable ids of its entities, a
 * person entity, and an import of a version that must activate (as the list refresh would).
 */
import { expect } from 'vitest';
import { stableEntityId } from '../../../activities/screening/list-store/entity-id.js';
import { importParsedList } from '../../../activities/screening/list-store/list-import.js';
import type { ListEntity, ListSource } from '../../../activities/screening/lists/list-entity.js';
import type { Db } from '../../../infra/db/create-db.js';
import { silentLogger } from '../../support/test-config.js';

/** A person listed under `full`, with optional weaker aliases and remarks. */
export function listPerson(sourceId: string, full: string, options: { aliases?: string[]; remarks?: string } = {}): ListEntity {
  return {
    source_id: sourceId, kind: 'person', birth_dates: [], countries: [], identifiers: [], programs: ['TEST'],
    names: [{ full, alias_type: 'primary', strength: 'primary' }, ...(options.aliases ?? []).map((a) => ({ full: a, alias_type: 'aka', strength: 'strong' as const }))],
    ...(options.remarks ? { remarks: options.remarks } : {}),
  };
}

/** A watchlist `slug` in the database `db()` gives (read at each import: test databases are made in beforeAll). */
export function testWatchlist(slug: string, name: string, db: () => Db) {
  const source: ListSource = { slug, name, url: '', list_type: 'watchlist', country_code: null, flag_code: null };
  return {
    source,
    /** Our id of the entity with this source id. */
    id: (sourceId: string) => stableEntityId(slug, sourceId),
    /** Imports a version of the list; it must activate. Returns its version id. */
    async importVersion(entities: ListEntity[], checksum: string): Promise<string> {
      const report = await importParsedList({ db: db(), logger: silentLogger, clock: () => new Date() }, { source, entities, warnings: [], checksum }, ['(test)']);
      expect(report.status).toBe('activated');
      return report.versionId!;
    },
  };
}
