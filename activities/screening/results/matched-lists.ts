/**
 * Turns matcher hits into the spec's `matched_lists`: one item per list (name, url, list_type,
 * list_types, slug, flag_code, country_code, the union of its entities' match_types) with the
 * matched entities, best first. Entities the caller cleared (ignore_list) are left out. Pure.
 */
import type { EntityName, ListSource, PartialDate } from '../lists/list-entity.js';
import type { MatchHit } from '../matching/matcher.js';

/** A birth date as the spec shows it: every part a string; a part the source does not give is "". */
export interface BirthdateOut {
  day: string;
  month: string;
  year: string;
  granularity: string;
}

export interface MatchedEntity {
  /** Ours, stable across list versions; what ignore_list takes. */
  id: string;
  /** The list's own identifier (OFAC ent_num, UN DATAID, FollowTheMoney id, Senzing RECORD_ID). */
  source_id: string;
  /** The listed name that matched (the primary name or an alias). */
  name: string;
  /** The source's label of that name: primary, aka, fka, Good, Low, weakAlias... */
  alias_type: string;
  /** The entity's primary listed name. */
  primary_name: string;
  kind: string;
  birthdates: BirthdateOut[];
  /** The first full (day-precise) birth date as YYYY-MM-DD, else null. */
  birthdate: string | null;
  countries: string[];
  programs: string[];
  score: number;
  match_types: string[];
}

export interface MatchedList {
  name: string;
  url: string;
  list_type: string;
  list_types: string[];
  slug: string;
  flag_code: string | null;
  country_code: string | null;
  match_types: string[];
  entities: MatchedEntity[];
}

const pad = (n: number | undefined, width: number) => (n === undefined ? '' : String(n).padStart(width, '0'));

export function toBirthdateOut(date: PartialDate): BirthdateOut {
  return { day: pad(date.day, 2), month: pad(date.month, 2), year: pad(date.year, 4), granularity: date.granularity };
}

export function fullBirthdate(dates: PartialDate[]): string | null {
  const exact = dates.find((d) => d.granularity === 'day' && d.month !== undefined && d.day !== undefined);
  return exact ? `${pad(exact.year, 4)}-${pad(exact.month, 2)}-${pad(exact.day, 2)}` : null;
}

function primaryName(names: EntityName[]): string {
  return (names.find((n) => n.strength === 'primary') ?? names[0])?.full ?? '';
}

export function toMatchedEntity(hit: MatchHit): MatchedEntity {
  const e = hit.entity;
  return {
    id: e.id,
    source_id: e.source_id,
    name: hit.matched_name.full,
    alias_type: hit.matched_name.alias_type,
    primary_name: primaryName(e.names),
    kind: e.kind,
    birthdates: e.birth_dates.map(toBirthdateOut),
    birthdate: fullBirthdate(e.birth_dates),
    countries: e.countries,
    programs: e.programs,
    score: hit.score,
    match_types: [...hit.match_types],
  };
}

/** Groups hits by list; lists ordered by their best score. Hits of ignored entity ids are dropped. */
export function groupHitsByList(hits: MatchHit[], sources: Map<string, ListSource>, ignoreList: ReadonlySet<string>): MatchedList[] {
  const bySlug = new Map<string, MatchedList>();
  for (const hit of hits) {
    if (ignoreList.has(hit.entity.id)) continue;
    const slug = hit.entity.list_slug;
    let item = bySlug.get(slug);
    if (!item) {
      const source = sources.get(slug);
      item = {
        name: source?.name ?? slug,
        url: source?.url ?? '',
        list_type: source?.list_type ?? 'other',
        list_types: [source?.list_type ?? 'other'],
        slug,
        flag_code: source?.flag_code ?? null,
        country_code: source?.country_code ?? null,
        match_types: [],
        entities: [],
      };
      bySlug.set(slug, item);
    }
    item.entities.push(toMatchedEntity(hit));
  }
  const lists = [...bySlug.values()];
  for (const list of lists) {
    list.entities.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    list.match_types = [...new Set(list.entities.flatMap((e) => e.match_types))].sort();
  }
  const best = (l: MatchedList) => l.entities[0]?.score ?? 0;
  return lists.sort((a, b) => best(b) - best(a) || a.slug.localeCompare(b.slug));
}
