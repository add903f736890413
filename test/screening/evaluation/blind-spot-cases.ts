/**
 * Evaluation cases for the matcher's former blind spots, generated (seeded) from real list and PEP
 * names, beside the variation categories of eval-set.ts:
 *   nickname                  a US Congress member (PEP screening) with the given name replaced by one
 *                             of its nicknames, or a nickname listing by its formal name
 *                             (Bernard Sanders ← "Bernie", Mitch McConnell ← "Mitchell");
 *   neg_nickname_other        the same surname with a given name of the nickname table that does not
 *                             relate to the listed one (nor looks like it): must not alert;
 *   neg_nickname_sibling      a formal name that only shares a nickname with the listed one
 *                             (Albert / Al / Alfred): must not alert;
 *   dob_within_tolerance      a listed person with a birth year one off one of the listed dates: must alert;
 *   dob_one_of_several        a person listed with several birth years, queried with a later one: must alert;
 *   neg_dob_just_beyond       a birth year two off the nearest listed date: must not alert, and must come
 *                             back as a near match;
 *   weak_alias                a listed low-quality / weak alias written as the query: must alert (scored lower);
 *   multi_name_alias          one name out of a UN alias string that holds several (a `;` list, or a
 *                             transliteration beside the original script): must alert.
 * Query names are cut from the raw alias strings by a plain split on `;` and parentheses, not by the
 * parser's own rule, so the cases do not grade the splitter with its own answers.
 */
import type { MatchQuery, NicknameTable } from '../../../activities/screening/matching/matcher.js';
import type { IndexedEntity } from '../../../activities/screening/matching/matcher.js';
import { tokenSimilarity } from '../../../activities/screening/matching/token-similarity.js';
import { makeTokenInfo } from '../../../activities/screening/matching/token-vocabulary.js';
import { splitFullName } from './benchmark-files.js';
import type { EvalCase } from './eval-set.js';
import { fold, isLatin, personParts, primaryName, words } from './listed-names.js';
import type { MultiNameAlias } from './real-lists.js';
import { SeededRandom } from './seeded-random.js';

export const BLIND_SPOT_POSITIVES = ['nickname', 'dob_within_tolerance', 'dob_one_of_several', 'weak_alias', 'multi_name_alias'] as const;
export const BLIND_SPOT_NEGATIVES = ['neg_nickname_other', 'neg_nickname_sibling', 'neg_dob_just_beyond'] as const;

export interface BlindSpotSources {
  /** Sanctions-list entities (the watchlist index). */
  sanctions: IndexedEntity[];
  /** PEP entities (the PEP index). */
  peps: IndexedEntity[];
  nicknames: NicknameTable;
  multiNameAliases: MultiNameAlias[];
}

export interface BlindSpotSizes {
  nickname: number;
  nicknameNegatives: number;
  dob: number;
  weakAlias: number;
  multiNameAlias: number;
}

export const DEFAULT_BLIND_SPOT_SIZES: BlindSpotSizes = { nickname: 120, nicknameNegatives: 80, dob: 80, weakAlias: 80, multiNameAlias: 150 };

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
/** Two given names the matcher would relate by spelling alone (typo, variant, phonetic): not a nickname test. */
const lookAlike = (a: string, b: string) => tokenSimilarity(makeTokenInfo(a), makeTokenInfo(b)).score > 0;

function personQuery(nameFirst: string, nameLast: string, birthdate?: string): MatchQuery {
  return { kind: 'person', name_first: nameFirst, name_last: nameLast, ...(birthdate ? { birthdate } : {}) };
}

/** A whole written name as the two fields of a screening request. */
function personNameQuery(full: string): MatchQuery {
  const { name_first, name_last } = splitFullName(full);
  return personQuery(name_first, name_last);
}

/** Given name, the rest of the first-name field, and the surname of a PEP's listed name ("Robert P. Casey Jr."). */
function pepNameParts(e: IndexedEntity): { given: string; rest: string[]; last: string; listed: string } | undefined {
  const name = primaryName(e);
  if (!name) return undefined;
  const { name_first, name_last } = splitFullName(name.full);
  const [given, ...rest] = words(name_first);
  if (!given || !name_last || !/^\p{L}{2,}$/u.test(given)) return undefined;
  return { given, rest, last: name_last, listed: name.full };
}

function nicknameCases(src: BlindSpotSources, rng: SeededRandom, sizes: BlindSpotSizes): EvalCase[] {
  const out: EvalCase[] = [];
  const table = src.nicknames;
  const allNames = table.names();
  let positives = 0;
  let others = 0;
  let siblings = 0;
  for (const e of rng.shuffle(src.peps.filter((p) => p.kind === 'person'))) {
    const parts = pepNameParts(e);
    if (!parts) continue;
    const given = fold(parts.given);
    const relatives = table.relativesOf(given);
    const make = (category: string, positive: boolean, first: string): EvalCase => ({
      category, positive, group: 'pep', entityId: e.id, listedName: parts.listed,
      query: personQuery([capitalise(first), ...parts.rest].join(' '), parts.last),
    });
    if (positives < sizes.nickname && relatives.length > 0) {
      out.push(make('nickname', true, rng.pick(relatives)));
      positives += 1;
      continue;
    }
    if (others < sizes.nicknameNegatives) {
      const other = rng.pick(allNames);
      if (other !== given && !table.related(other, given) && other[0] !== given[0] && !lookAlike(other, given)) {
        out.push(make('neg_nickname_other', false, other));
        others += 1;
        continue;
      }
    }
    if (siblings < sizes.nicknameNegatives && relatives.length > 0) {
      const shared = relatives.flatMap((nick) => table.relativesOf(nick)).filter((f) => f !== given && !table.related(f, given) && !lookAlike(f, given));
      if (shared.length > 0) {
        out.push(make('neg_nickname_sibling', false, rng.pick(shared)));
        siblings += 1;
      }
    }
  }
  return out;
}

const dateText = (year: number, month = 6, day = 15) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function birthDateCases(src: BlindSpotSources, rng: SeededRandom, sizes: BlindSpotSizes): EvalCase[] {
  const out: EvalCase[] = [];
  const made = new Map<string, number>();
  const add = (category: string, c: EvalCase) => {
    if ((made.get(category) ?? 0) >= sizes.dob) return;
    made.set(category, (made.get(category) ?? 0) + 1);
    out.push(c);
  };
  for (const e of rng.shuffle(src.sanctions.filter((p) => p.kind === 'person' && p.birth_dates.length > 0))) {
    const name = primaryName(e);
    const parts = name && personParts(name);
    if (!name || !parts) continue;
    const make = (category: string, positive: boolean, birthdate: string): EvalCase => ({
      category, positive, entityId: e.id, listedName: name.full,
      query: personQuery([...parts.given, ...parts.middle].join(' '), parts.surname.join(' '), birthdate),
    });
    const years = [...new Set(e.birth_dates.map((d) => d.year))].sort((a, b) => a - b);
    const first = e.birth_dates[0];
    if (first) add('dob_within_tolerance', make('dob_within_tolerance', true, dateText(first.year + (rng.chance(0.5) ? 1 : -1), first.month, first.day)));
    if (years.length >= 2) add('dob_one_of_several', make('dob_one_of_several', true, dateText(years[years.length - 1] as number)));
    add('neg_dob_just_beyond', make('neg_dob_just_beyond', false, dateText((years[years.length - 1] as number) + 2)));
  }
  return out;
}

function weakAliasCases(src: BlindSpotSources, rng: SeededRandom, sizes: BlindSpotSizes): EvalCase[] {
  const out: EvalCase[] = [];
  for (const e of rng.shuffle([...src.sanctions])) {
    if (out.length >= sizes.weakAlias) break;
    const weak = e.names.filter((n) => n.strength === 'weak' && isLatin(n.full) && words(n.full).length >= 2 && n.full.replace(/[^\p{L}]/gu, '').length >= 8);
    if (weak.length === 0) continue;
    const alias = rng.pick(weak);
    const query = e.kind === 'person' ? personNameQuery(alias.full) : { kind: 'business' as const, business_name: alias.full };
    out.push({ category: 'weak_alias', positive: true, entityId: e.id, listedName: alias.full, query });
  }
  return out;
}

/** Names cut from a raw alias string by `;` and parentheses: Latin, two words or more, no digits, no lowercase notes or labels. */
function plainSplit(raw: string): string[] {
  return raw.split(/[;()]/)
    .map((p) => p.replace(/^\s*[\p{Ll}\s]+:\s*/u, '').replace(/\s+/g, ' ').replace(/^[\s,.)-]+|[\s,(-]+$/g, '').trim())
    .filter((p) => isLatin(p) && words(p).length >= 2 && !/\d/.test(p) && /\p{Lu}/u.test(p));
}

function multiNameAliasCases(src: BlindSpotSources, sizes: BlindSpotSizes): EvalCase[] {
  const out: EvalCase[] = [];
  const seen = new Set<string>();
  for (const alias of src.multiNameAliases) {
    for (const name of plainSplit(alias.raw)) {
      const key = `${alias.entityId}|${name}`;
      if (seen.has(key) || out.length >= sizes.multiNameAlias) continue;
      seen.add(key);
      const query = alias.kind === 'person' ? personNameQuery(name) : { kind: 'business' as const, business_name: name };
      out.push({ category: 'multi_name_alias', positive: true, entityId: alias.entityId, listedName: alias.raw, query });
    }
  }
  return out;
}

export function generateBlindSpotCases(src: BlindSpotSources, seed = 20261124, sizes: BlindSpotSizes = DEFAULT_BLIND_SPOT_SIZES): EvalCase[] {
  const rng = new SeededRandom(seed);
  return [
    ...nicknameCases(src, rng, sizes),
    ...birthDateCases(src, rng, sizes),
    ...weakAliasCases(src, rng, sizes),
    ...multiNameAliasCases(src, sizes),
  ];
}
