/**
 * The screening evaluation set: a deterministic (seeded) generator that takes real listed names
 * (OFAC SDN and UN lists) and produces
 *   positives: the listed entity written the way customers and other sources write it, one
 *     variation category per case (see PERSON_CATEGORIES / BUSINESS_CATEGORIES), sometimes with
 *     the true birth date and country;
 *   hard negatives: common names not on the lists, a listed name with a clearly different birth
 *     year, a listed surname with another given name, near-miss company names (a 2-3 word listed
 *     name with its longest word replaced).
 * A positive counts as found when its entity is a hit at the threshold. A negative derived from a
 * listed entity is a false alert when that entity is a hit; a common-name negative is a false
 * alert when anything is.
 */
import { screen, type IndexedEntity, type MatchIndex, type MatchQuery } from '../../../activities/screening/matching/matcher.js';
import { addDiacritics, HONORIFICS, LEGAL_FORM_SWAPS, respell, romanizationVariant, typo } from './name-mutations.js';
import { fold, isLatin, personParts, primaryName, words } from './listed-names.js';
import { SeededRandom } from './seeded-random.js';

export interface EvalCase {
  category: string;
  positive: boolean;
  query: MatchQuery;
  /** The lists a real screening of this case searches: sanctions / watch lists (default) or PEP lists. */
  group?: 'watchlist' | 'pep';
  /** Positives: the entity to find. Derived negatives: the entity that must not be hit. */
  entityId?: string;
  listedName: string;
}

export const PERSON_CATEGORIES = ['exact', 'diacritics', 'romanization', 'reordered', 'surname_first_comma', 'missing_middle',
  'initials', 'hyphen_spacing', 'honorific', 'typo', 'phonetic', 'alias', 'original_script'] as const;
export const BUSINESS_CATEGORIES = ['business_exact', 'legal_form', 'business_typo', 'business_spacing', 'business_alias'] as const;

const GIVEN = ['John', 'Mary', 'Peter', 'Anna', 'Laura', 'Thomas', 'Sofia', 'Lukas', 'Emma', 'Noah', 'Olivia', 'Liam', 'Chloe',
  'Mateo', 'Lucia', 'Hugo', 'Ines', 'Jonas', 'Mia', 'Elias', 'Hannah', 'Paul', 'Clara', 'Felix', 'Greta', 'Oscar', 'Alice',
  'Kenji', 'Yuki', 'Priya', 'Arjun', 'Wei', 'Mei', 'Chidi', 'Amara', 'Kwame', 'Aiko', 'Sven', 'Ingrid', 'Pierre', 'Camille',
  'Giulia', 'Marco', 'Bruno', 'Helena', 'Tomasz', 'Agnieszka', 'Olga', 'Nikolai', 'Fatima', 'Karim', 'Leila', 'Omar', 'Yara'];
const SURNAMES = ['Miller', 'Johansson', 'Dubois', 'Rossi', 'Schneider', 'Novak', 'Kowalska', 'Jensen', 'Bakker', 'Moreau',
  'Fischer', 'Ricci', 'Lindqvist', 'Horvat', 'Tanaka', 'Sato', 'Patel', 'Sharma', 'Okafor', 'Mensah', 'Nakamura', 'Larsen',
  'Fontaine', 'Esposito', 'Wagner', 'Keller', 'Bianchi', 'Svensson', 'Nieminen', 'Papadopoulos', 'Murphy', 'Walsh', 'Byrne',
  'Campbell', 'Stewart', 'Thompson', 'Whitaker', 'Fairbanks', 'Oyelaran', 'Haddad', 'Nasser', 'Mbeki', 'Kruger', 'Van Dijk',
  'De Vries', 'Lemaire', 'Gallagher', 'Sorensen', 'Ekstrom', 'Vasquez', 'Castellano', 'Marchetti', 'Hoffmann', 'Brandt'];
const ORG_WORDS = ['Aurora', 'Summit', 'Blue Harbor', 'Northwind', 'Granite', 'Silverline', 'Evergreen', 'Crescent', 'Pioneer',
  'Harbor', 'Atlas', 'Meridian', 'Falcon', 'Orchid', 'Cobalt', 'Sapphire', 'Beacon', 'Lakeside', 'Redwood', 'Polaris'];

function evidence(e: IndexedEntity, rng: SeededRandom): { birthdate?: string; country_code?: string } {
  const out: { birthdate?: string; country_code?: string } = {};
  const d = e.birth_dates[0];
  if (d && rng.chance(0.4)) {
    const mm = String(d.month ?? 1).padStart(2, '0');
    const dd = String(d.day ?? 1).padStart(2, '0');
    out.birthdate = d.granularity === 'year' ? `${d.year}` : `${d.year}-${mm}-${d.granularity === 'day' ? dd : '01'}`;
  }
  if (e.countries[0] && rng.chance(0.3)) out.country_code = e.countries[0];
  return out;
}

function mutateOne(list: string[], pickLongest: boolean, rng: SeededRandom, f: (w: string) => string): string[] | undefined {
  const candidates = list.map((w, i) => [w, i] as const).filter(([w]) => w.replace(/[^\p{L}]/gu, '').length >= 4);
  if (candidates.length === 0) return undefined;
  const [w, i] = pickLongest ? candidates.reduce((a, b) => (b[0].length > a[0].length ? b : a)) : rng.pick(candidates);
  const changed = f(w);
  if (changed === w) return undefined;
  const out = [...list];
  out[i] = changed;
  return out;
}

function personCase(e: IndexedEntity, category: string, rng: SeededRandom): EvalCase | undefined {
  const name = primaryName(e);
  const parts = name && personParts(name);
  if (!name || !parts) return undefined;
  const { given, middle, surname } = parts;
  const first = [...given, ...middle];
  const q = (nameFirst: string[], nameLast: string[]): EvalCase => ({
    category, positive: true, entityId: e.id, listedName: name.full,
    query: { kind: 'person', name_first: nameFirst.join(' '), name_last: nameLast.join(' '), ...evidence(e, rng) },
  });
  switch (category) {
    case 'exact': return q(first, surname);
    case 'diacritics': return q(first.map((w) => addDiacritics(w, rng)), surname.map((w) => addDiacritics(w, rng)));
    case 'romanization': {
      const all = [...first, ...surname];
      const changed = mutateOne(all, false, rng, (w) => romanizationVariant(w, rng));
      return changed ? q(changed.slice(0, first.length), changed.slice(first.length)) : undefined;
    }
    case 'reordered': return q(surname, first);
    case 'surname_first_comma': return q([`${surname.join(' ')},`], first);
    case 'missing_middle': return middle.length > 0 ? q(given, surname) : undefined;
    case 'initials': return surname.join('').length >= 4 ? q([`${(given[0] as string)[0]}.`, ...middle], surname) : undefined;
    case 'hyphen_spacing': {
      if (middle.length > 0) return q([`${given[0]}-${middle[0]}`, ...middle.slice(1)], surname);
      if (surname.length > 1) return q(first, [surname.join(rng.chance(0.5) ? '' : '-')]);
      const hy = [...first, ...surname].find((w) => w.includes('-'));
      return hy ? q(first.map((w) => w.replace(/-/g, ' ')), surname.map((w) => w.replace(/-/g, ''))) : undefined;
    }
    case 'honorific': return q([rng.pick(HONORIFICS), ...first], surname);
    case 'typo': {
      const all = [...first, ...surname];
      const changed = mutateOne(all, true, rng, (w) => typo(w, rng));
      return changed ? q(changed.slice(0, first.length), changed.slice(first.length)) : undefined;
    }
    case 'phonetic': {
      const all = [...first, ...surname];
      const changed = mutateOne(all, false, rng, (w) => respell(w, rng));
      return changed ? q(changed.slice(0, first.length), changed.slice(first.length)) : undefined;
    }
    case 'alias': {
      const alias = e.names.find((n) => n.strength === 'strong' && isLatin(n.full) && n.full !== name.full);
      const ap = alias && personParts(alias);
      return ap && alias ? { ...q([...ap.given, ...ap.middle], ap.surname), listedName: alias.full } : undefined;
    }
    case 'original_script': {
      const original = e.names.find((n) => !isLatin(n.full));
      const w = words(original?.full);
      if (!original || w.length < 2) return undefined;
      return { ...q(w.slice(0, -1), w.slice(-1)), listedName: original.full };
    }
    default: return undefined;
  }
}

function businessCase(e: IndexedEntity, category: string, rng: SeededRandom): EvalCase | undefined {
  const name = primaryName(e);
  if (!name || name.full.replace(/[^\p{L}]/gu, '').length < 5) return undefined;
  const q = (text: string, listed = name.full): EvalCase => ({ category, positive: true, entityId: e.id, listedName: listed, query: { kind: 'business', business_name: text } });
  switch (category) {
    case 'business_exact': return q(name.full);
    case 'legal_form': {
      for (const [re, options] of LEGAL_FORM_SWAPS) if (re.test(name.full)) return q(name.full.replace(re, rng.pick(options)).trim());
      return q(`${name.full} ${rng.pick(['LLC', 'Ltd.', 'GmbH', 'S.A.', 'Limited', 'Inc.'])}`);
    }
    case 'business_typo': {
      const changed = mutateOne(words(name.full), true, rng, (w) => typo(w, rng));
      return changed ? q(changed.join(' ')) : undefined;
    }
    case 'business_spacing': {
      if (/-/.test(name.full)) return q(name.full.replace(/-/g, rng.chance(0.5) ? ' ' : ''));
      const w = words(name.full);
      if (w.length < 2) return undefined;
      const i = rng.int(w.length - 1);
      return q([...w.slice(0, i), `${w[i]}${rng.chance(0.5) ? '-' : ''}${w[i + 1]}`, ...w.slice(i + 2)].join(' '));
    }
    case 'business_alias': {
      const alias = e.names.find((n) => n.strength === 'strong' && isLatin(n.full) && n.full !== name.full && n.full.length >= 5);
      return alias ? q(alias.full, alias.full) : undefined;
    }
    default: return undefined;
  }
}

export interface EvalSetSizes {
  perPersonCategory: number;
  perBusinessCategory: number;
  commonNames: number;
  dobConflicts: number;
  otherGivenNames: number;
  nearMissCompanies: number;
}

export const DEFAULT_SIZES: EvalSetSizes = { perPersonCategory: 80, perBusinessCategory: 80, commonNames: 300, dobConflicts: 200, otherGivenNames: 150, nearMissCompanies: 150 };

export function generateEvalSet(entities: IndexedEntity[], seed = 20261101, sizes: EvalSetSizes = DEFAULT_SIZES): EvalCase[] {
  const rng = new SeededRandom(seed);
  const persons = rng.shuffle(entities.filter((e) => e.kind === 'person'));
  const orgs = rng.shuffle(entities.filter((e) => e.kind === 'organization'));
  const cases: EvalCase[] = [];
  const fill = (pool: IndexedEntity[], categories: readonly string[], per: number, make: typeof personCase) => {
    for (const category of categories) {
      let made = 0;
      for (let k = 0; k < pool.length && made < per; k += 1) {
        const c = make(pool[(k * 7 + categories.indexOf(category) * 131) % pool.length] as IndexedEntity, category, rng);
        if (c) {
          cases.push(c);
          made += 1;
        }
      }
    }
  };
  fill(persons, PERSON_CATEGORIES, sizes.perPersonCategory, personCase);
  fill(orgs, BUSINESS_CATEGORIES, sizes.perBusinessCategory, businessCase);

  // Token sets of every listed name, to keep common-name negatives off the lists.
  const namesWithToken = new Map<string, Set<number>>();
  let nameNo = 0;
  for (const e of entities) {
    for (const n of e.names) {
      for (const t of fold(n.full).split(/[^a-z]+/).filter(Boolean)) {
        if (!namesWithToken.has(t)) namesWithToken.set(t, new Set());
        namesWithToken.get(t)?.add(nameNo);
      }
      nameNo += 1;
    }
  }
  const onList = (ws: string[]) => {
    const sets = ws.map((w) => namesWithToken.get(fold(w)) ?? new Set<number>());
    const [first, ...rest] = sets;
    return [...(first ?? [])].some((id) => rest.every((s) => s.has(id)));
  };
  for (let made = 0, guard = 0; made < sizes.commonNames && guard < sizes.commonNames * 20; guard += 1) {
    const given = rng.pick(GIVEN);
    const surname = rng.pick(SURNAMES);
    if (onList([given, ...surname.split(' ')])) continue;
    cases.push({ category: 'neg_common_name', positive: false, listedName: '', query: { kind: 'person', name_first: given, name_last: surname, ...(rng.chance(0.5) ? { birthdate: `${1950 + rng.int(50)}-0${1 + rng.int(9)}-1${rng.int(9)}` } : {}) } });
    made += 1;
  }
  let dob = 0;
  let other = 0;
  for (const e of persons) {
    const name = primaryName(e);
    const parts = name && personParts(name);
    if (!name || !parts) continue;
    if (dob < sizes.dobConflicts && e.birth_dates.length > 0) {
      const years = e.birth_dates.map((d) => d.year);
      const year = Math.max(...years) + 5 + rng.int(15);
      cases.push({ category: 'neg_dob_conflict', positive: false, entityId: e.id, listedName: name.full, query: { kind: 'person', name_first: [...parts.given, ...parts.middle].join(' '), name_last: parts.surname.join(' '), birthdate: `${year}-0${1 + rng.int(9)}-1${rng.int(9)}` } });
      dob += 1;
    } else if (other < sizes.otherGivenNames && parts.middle.length === 0) {
      const given = rng.pick(GIVEN);
      if (fold(given)[0] === fold(parts.given[0] as string)[0]) continue;
      cases.push({ category: 'neg_other_given_name', positive: false, entityId: e.id, listedName: name.full, query: { kind: 'person', name_first: given, name_last: parts.surname.join(' ') } });
      other += 1;
    }
  }
  let near = 0;
  for (const e of orgs) {
    if (near >= sizes.nearMissCompanies) break;
    const name = primaryName(e);
    const w = words(name?.full);
    const core = w.map((x, i) => [x, i] as const).filter(([x]) => x.replace(/[^\p{L}]/gu, '').length >= 5);
    // Near misses are short names (2-3 words) with their most distinctive word replaced; in a long
    // name one replaced word still leaves a name an analyst should see.
    if (!name || w.length < 2 || w.length > 3 || core.length === 0) continue;
    const [, i] = core.reduce((a, b) => (b[0].length > a[0].length ? b : a));
    const out = [...w];
    out[i] = rng.pick(ORG_WORDS);
    cases.push({ category: 'neg_near_miss_company', positive: false, entityId: e.id, listedName: name.full, query: { kind: 'business', business_name: out.join(' ') } });
    near += 1;
  }
  return cases;
}

export interface CategoryResult {
  category: string;
  positive: boolean;
  total: number;
  /** Positives found / negatives alerted. */
  count: number;
}

export interface EvalResult {
  threshold: number;
  recall: number;
  precision: number;
  f1: number;
  /** Share of hard negatives that raised no alert. */
  negativeRejection: number;
  categories: CategoryResult[];
  misses: EvalCase[];
  falseAlerts: EvalCase[];
}

/** A case with the score that decides it: the target's score (positives) or the alerting score (negatives). */
export interface ScoredCase {
  evalCase: EvalCase;
  score: number;
  /** The case's entity came back as a near match (a name hit a birth-date conflict removed) at the default threshold. */
  nearMatch: boolean;
}

/**
 * Searches every case once, down to `floor`; thresholds are then applied without searching again.
 * PEP cases search `pepIndex`, as a PEP screening searches only the PEP lists.
 */
export function scoreCases(index: MatchIndex, cases: EvalCase[], floor = 0.5, pepIndex?: MatchIndex): ScoredCase[] {
  return cases.map((c) => {
    const target = c.group === 'pep' ? pepIndex : index;
    if (!target) throw new Error(`case ${c.category} needs the PEP index`);
    const { hits } = screen(target, c.query, { threshold: floor, limit: 200 });
    const relevant = c.positive || c.entityId ? hits.filter((h) => h.entity.id === c.entityId) : hits;
    const near = c.entityId && c.query.kind === 'person' && c.query.birthdate ? screen(target, c.query, { limit: 200 }).nearMatches.some((m) => m.entity.id === c.entityId) : false;
    return { evalCase: c, score: relevant[0]?.score ?? 0, nearMatch: near };
  });
}

export function evaluateAt(scored: ScoredCase[], threshold: number): EvalResult {
  const byCat = new Map<string, CategoryResult>();
  let tp = 0;
  let fp = 0;
  let positives = 0;
  const misses: EvalCase[] = [];
  const falseAlerts: EvalCase[] = [];
  for (const { evalCase: c, score } of scored) {
    const r = byCat.get(c.category) ?? { category: c.category, positive: c.positive, total: 0, count: 0 };
    byCat.set(c.category, r);
    r.total += 1;
    const alerted = score >= threshold;
    if (c.positive) {
      positives += 1;
      if (alerted) {
        tp += 1;
        r.count += 1;
      } else misses.push(c);
    } else if (alerted) {
      fp += 1;
      r.count += 1;
      falseAlerts.push(c);
    }
  }
  const recall = tp / Math.max(1, positives);
  const precision = tp / Math.max(1, tp + fp);
  const negatives = scored.length - positives;
  return {
    threshold, recall, precision, f1: (2 * recall * precision) / Math.max(1e-9, recall + precision),
    negativeRejection: (negatives - fp) / Math.max(1, negatives), categories: [...byCat.values()], misses, falseAlerts,
  };
}
