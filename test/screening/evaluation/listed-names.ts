/** Reading listed names for the evaluation set: given / middle / surname parts, the Latin primary name, folding. */
import type { EntityName } from '../../../activities/screening/lists/list-entity.js';
import type { IndexedEntity } from '../../../activities/screening/matching/matcher.js';

export interface PersonParts {
  given: string[];
  surname: string[];
  middle: string[];
}

export function words(text: string | undefined): string[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean);
}

export function personParts(name: EntityName): PersonParts | undefined {
  if (name.first || name.last) {
    const first = words(name.first);
    const parts = { given: first.slice(0, 1), middle: [...first.slice(1), ...words(name.middle)], surname: words(name.last) };
    return parts.given.length > 0 && parts.surname.length > 0 ? parts : undefined;
  }
  const comma = name.full.indexOf(',');
  if (comma > 0) {
    const first = words(name.full.slice(comma + 1));
    const surname = words(name.full.slice(0, comma));
    return first.length > 0 && surname.length > 0 ? { given: first.slice(0, 1), middle: first.slice(1), surname } : undefined;
  }
  const all = words(name.full);
  if (all.length < 2) return undefined;
  return { given: all.slice(0, 1), middle: all.slice(1, -1), surname: all.slice(-1) };
}

export const isLatin = (s: string) => !/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(s);
export const primaryName = (e: IndexedEntity) => e.names.find((n) => n.strength === 'primary' && isLatin(n.full)) ?? e.names.find((n) => isLatin(n.full));

export const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
