/**
 * Shared OFAC name and type handling for the CSV and XML parsers: SDN types to entity kinds,
 * alias types to strengths, and "LAST, First" splitting for individuals.
 */
import type { AliasStrength, EntityKind, EntityName } from '../list-entity.js';

/** The SDN type column: "individual", "vessel", "aircraft"; blank (-0-) means an entity. */
export function ofacKind(sdnType: string | undefined): EntityKind {
  switch ((sdnType ?? '').trim().toLowerCase()) {
    case 'individual':
      return 'person';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      return 'organization';
  }
}

/** aka is a strong alias; fka/nka (former or later names) count as weak, as do OFAC's "weak" category akas. */
export function ofacAliasStrength(aliasType: string, category?: string): AliasStrength {
  if (category && category.trim().toLowerCase() === 'weak') return 'weak';
  return aliasType.replace(/\./g, '').trim().toLowerCase() === 'aka' ? 'strong' : 'weak';
}

/** "CIFUENTES VILLA, Jorge Milton" -> last and first parts for individuals; entities keep the whole name. */
export function ofacName(full: string, kind: EntityKind, aliasType: string, strength: AliasStrength): EntityName {
  const name: EntityName = { full: full.trim(), alias_type: aliasType, strength };
  if (kind === 'person') {
    const comma = name.full.indexOf(', ');
    if (comma > 0) {
      name.last = name.full.slice(0, comma).trim();
      name.first = name.full.slice(comma + 2).trim();
    }
  }
  return name;
}

/** Programs column "SDGT] [IRGC" -> ["SDGT", "IRGC"]. */
export function splitOfacPrograms(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\]\s*\[/)
    .map((p) => p.replace(/[[\]]/g, '').trim())
    .filter(Boolean);
}
