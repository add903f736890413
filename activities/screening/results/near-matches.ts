/**
 * Turns the matcher's near matches (name hits a clear birth-date conflict removed) into the
 * record's `near_matches`: outside `has_match` and `matched_lists`, one item per entity, best
 * first, saying which entity, how well the name matched, which dates conflicted and under which
 * rule, so an analyst and an auditor can see what the date filter cleared. Pure.
 */
import type { ListSource, PartialDate } from '../lists/list-entity.js';
import type { NearMatch } from '../matching/matcher.js';
import { toBirthdateOut, type BirthdateOut } from './matched-lists.js';

export interface NearMatchOut {
  /** Ours, stable across list versions (what ignore_list takes). */
  id: string;
  source_id: string;
  list_slug: string;
  list_name: string;
  /** The listed name that matched, its alias label, and the entity's primary name. */
  name: string;
  alias_type: string;
  primary_name: string;
  kind: string;
  /** The name's own score, and what the hit would have scored without the birth date (≥ the threshold). */
  name_score: number;
  score: number;
  match_types: string[];
  /** Always `birthdate_conflict` for now: the only filter that removes name hits. */
  rule: string;
  /** The rule in words, with the dates it compared. */
  rule_detail: string;
  query_birthdate: string;
  /** The entity's listed birth dates, every one of which conflicts with the query's. */
  conflicting_birthdates: BirthdateOut[];
  tolerance_years: number;
}

const pad = (n: number | undefined, width: number) => (n === undefined ? undefined : String(n).padStart(width, '0'));

function dateText(d: { year: number; month?: number | undefined; day?: number | undefined }): string {
  return [pad(d.year, 4), pad(d.month, 2), pad(d.day, 2)].filter((p) => p !== undefined).join('-');
}

function listedText(d: PartialDate): string {
  return d.granularity === 'year' ? `${pad(d.year, 4)}` : dateText(d);
}

function ruleDetail(m: NearMatch): string {
  const listed = m.conflicting_birthdates.map(listedText).join(', ');
  return `birth year ${m.query_birthdate.year} is more than ${m.tolerance_years} year${m.tolerance_years === 1 ? '' : 's'} from every listed birth date (${listed})`;
}

export function toNearMatches(nearMatches: NearMatch[], sources: Map<string, ListSource>, ignoreList: ReadonlySet<string>, limit: number): NearMatchOut[] {
  return nearMatches
    .filter((m) => !ignoreList.has(m.entity.id))
    .slice(0, limit)
    .map((m) => {
      const e = m.entity;
      return {
        id: e.id,
        source_id: e.source_id,
        list_slug: e.list_slug,
        list_name: sources.get(e.list_slug)?.name ?? e.list_slug,
        name: m.matched_name.full,
        alias_type: m.matched_name.alias_type,
        primary_name: (e.names.find((n) => n.strength === 'primary') ?? e.names[0])?.full ?? '',
        kind: e.kind,
        name_score: m.name_score,
        score: m.score,
        match_types: [...m.match_types],
        rule: m.rule,
        rule_detail: ruleDetail(m),
        query_birthdate: dateText(m.query_birthdate),
        conflicting_birthdates: m.conflicting_birthdates.map(toBirthdateOut),
        tolerance_years: m.tolerance_years,
      };
    });
}
