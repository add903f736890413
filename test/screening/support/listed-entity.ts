// A listed entity for matcher tests: the first name primary, the others strong aliases; no other details.
import type { EntityKind } from '../../../activities/screening/lists/list-entity.js';
import type { IndexedEntity } from '../../../activities/screening/matching/matcher.js';

export function listedEntity(id: string, kind: EntityKind, names: string[]): IndexedEntity {
  return {
    id, list_slug: 'test', source_id: id, kind,
    names: names.map((full, i) => ({ full, alias_type: i === 0 ? 'primary' : 'aka', strength: i === 0 ? 'primary' : 'strong' })),
    birth_dates: [], countries: [], identifiers: [], programs: [],
  };
}
