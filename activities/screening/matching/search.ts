/**
 * Screening search: query → candidate names (candidate-generation.ts) → precise name comparison of
 * every name of each candidate entity (name-similarity.ts) → evidence adjustments
 * (evidence-scoring.ts) → hits at or above the threshold, best first. A clear birth-date conflict
 * removes a hit; `screen` also returns those removed hits as near matches, so a record can show
 * what the date filter cleared and why.
 */
import type { EntityKind, EntityName, PartialDate } from '../lists/list-entity.js';
import { CandidateScratch, generateCandidates } from './candidate-generation.js';
import { BIRTH_YEAR_TOLERANCE, MAX_PERSON_EVIDENCE_BONUS, birthDateEvidence, countryEvidence, normaliseRegistrationNumber, parseQueryDate, registrationEvidence, type Evidence, type QueryDate } from './evidence-scoring.js';
import { FLAG_ABJAD, FLAG_CONSONANTAL, FLAG_FROM_SCRIPT, FLAG_HANGUL, FLAG_PARTICLE, KIND_CODES, ROLE_MASK, STRENGTH_CODES, type IndexedEntity, type MatchIndex, MatchIndexData } from './match-index.js';
import { compareNames, compareTokens, particleMatch, QUERY_SHARE, scriptRelation, type ScoringToken } from './name-similarity.js';
import { tokenizeOrganisationName, tokenizePersonQuery, type TokenRole } from './name-tokenizer.js';
import { DEFAULT_THRESHOLD } from './matcher-version.js';
import type { MatchType } from './match-types.js';
import { nicknameMatch, queryNicknames } from './nickname-match.js';
import { readsAsKoreanName } from './hangul-spellings.js';
import { HAN_CHARACTER, mayBeTransliterated, readsAsChineseName } from './han-spellings.js';
import { SimilarityCache } from './similarity-cache.js';

export type MatchQuery =
  | { kind: 'person'; name_first: string; name_last: string; birthdate?: string; country_code?: string }
  | { kind: 'business'; business_name: string; country?: string; registration_number?: string };

export interface MatchHit {
  entity: IndexedEntity;
  /** 0..1 */
  score: number;
  matched_name: EntityName;
  match_types: MatchType[];
}

/** A name hit that a clear birth-date conflict removed (the rule: BIRTH_YEAR_TOLERANCE). */
export interface NearMatch {
  entity: IndexedEntity;
  /** The name's own score (0..1). */
  name_score: number;
  /** What the hit would have scored without the birth date (name and the other evidence), ≥ the threshold. */
  score: number;
  matched_name: EntityName;
  /** Why the name matched, and country / registration evidence (never a birth-date type). */
  match_types: MatchType[];
  rule: 'birthdate_conflict';
  query_birthdate: QueryDate;
  /** The entity's listed birth dates: every one of them conflicts with the query's. */
  conflicting_birthdates: PartialDate[];
  /** Years apart beyond which dates conflict. */
  tolerance_years: number;
}

export interface ScreenResult {
  hits: MatchHit[];
  nearMatches: NearMatch[];
}

export interface SearchOptions {
  threshold?: number;
  limit?: number;
  entityKinds?: EntityKind[];
}

/** Measurements of the last search, for benchmarks. */
export interface SearchStats {
  candidateNames: number;
  touchedNames: number;
  candidateEntities: number;
}

export const lastSearchStats: SearchStats = { candidateNames: 0, touchedNames: 0, candidateEntities: 0 };

const PERSON_KINDS: EntityKind[] = ['person', 'unknown'];
const BUSINESS_KINDS: EntityKind[] = ['organization', 'vessel', 'aircraft', 'unknown'];
/** Weak aliases (UN "Low quality", OFAC "fka"-style) are weaker evidence of identity. */
const WEAK_ALIAS_PENALTY = 0.08;

interface Scratch {
  candidates: CandidateScratch;
  similarities: SimilarityCache;
  listed: ListedTokenScratch;
  groups: EntityGroups;
}

const scratchByIndex = new WeakMap<MatchIndexData, Scratch>();

function scratchFor(index: MatchIndexData): Scratch {
  let s = scratchByIndex.get(index);
  if (!s) {
    s = { candidates: new CandidateScratch(index.nameCount), similarities: new SimilarityCache(index.vocabulary.size), listed: new ListedTokenScratch(), groups: new EntityGroups(index.entities.length) };
    scratchByIndex.set(index, s);
  }
  return s;
}

/** `bySound`: the query's words in Hangul or Chinese characters read as a foreign name written by sound (name-tokenizer.ts). */
export function queryTokens(index: MatchIndexData, query: MatchQuery, bySound = false): ScoringToken[] {
  const raw = query.kind === 'person' ? tokenizePersonQuery(query.name_first, query.name_last, bySound) : tokenizeOrganisationName(query.business_name, bySound);
  return raw.map((t) => ({ info: index.vocabulary.lookup(t.folded), role: t.role, particle: t.particle, fromScript: t.fromScript, abjad: t.abjad, consonantal: t.consonantal, hangul: t.hangul === true, korean: t.korean, spellings: t.spellings }));
}

type ListedToken = ScoringToken & { id: number };

/**
 * The tokens of one listed name at a time, read from the index's typed arrays into records reused
 * from name to name (one array of records per name length): a query scores a few hundred names, and
 * fresh records per token, with their garbage, cost a few per cent of a search (README, Screening →
 * Measured). A returned array is valid until
 * the next `read`; nothing keeps it (compareNames returns numbers and kinds, the similarity cache
 * keys on the token id). One per index and thread, like the other scratch (search is synchronous).
 */
class ListedTokenScratch {
  private readonly byLength: ListedToken[][] = [];

  read(index: MatchIndexData, nameIdx: number): ListedToken[] {
    const start = index.nameTokenStart[nameIdx] as number;
    const length = (index.nameTokenStart[nameIdx + 1] as number) - start;
    let out = this.byLength[length];
    if (out === undefined) {
      out = [];
      for (let k = 0; k < length; k += 1) out.push({ id: 0, info: index.vocabulary.info(0), role: 0 as TokenRole, particle: false, fromScript: false, abjad: false, consonantal: false, hangul: false });
      this.byLength[length] = out;
    }
    for (let k = 0; k < length; k += 1) {
      const t = out[k] as ListedToken;
      const id = index.tokenIds[start + k] as number;
      const flags = index.tokenFlags[start + k] as number;
      t.id = id;
      t.info = index.vocabulary.info(id);
      t.role = (flags & ROLE_MASK) as TokenRole;
      t.particle = (flags & FLAG_PARTICLE) !== 0;
      t.fromScript = (flags & FLAG_FROM_SCRIPT) !== 0;
      t.abjad = (flags & FLAG_ABJAD) !== 0;
      t.consonantal = (flags & FLAG_CONSONANTAL) !== 0;
      t.hangul = (flags & FLAG_HANGUL) !== 0;
    }
    return out;
  }
}

/**
 * A query's candidate names grouped by entity — entities in the order first reached, the names of
 * one in the order given — in typed arrays reused from query to query instead of a Map holding an
 * array per entity. `slotStart` −1: every name of the entity (one found by registration number).
 * One per index and thread, like the other scratch.
 */
export class EntityGroups {
  /** Per entity: the query (epoch) its slot belongs to, and the slot. */
  private readonly mark: Uint32Array;
  private readonly slotOf: Int32Array;
  private epoch = 0;
  /** Per slot: the entity, and where its names start and end in `names`. */
  slotEntity = new Int32Array(64);
  slotStart = new Int32Array(64);
  slotEnd = new Int32Array(64);
  names = new Int32Array(64);
  count = 0;

  constructor(entityCount: number) {
    this.mark = new Uint32Array(entityCount);
    this.slotOf = new Int32Array(entityCount);
  }

  group(index: MatchIndexData, names: ArrayLike<number>, everyName: readonly number[]): void {
    this.epoch += 1;
    if (this.epoch >= 0xffffffff) {
      this.mark.fill(0);
      this.epoch = 1;
    }
    const most = names.length + everyName.length;
    if (this.slotEntity.length < most) {
      this.slotEntity = new Int32Array(most);
      this.slotStart = new Int32Array(most);
      this.slotEnd = new Int32Array(most);
    }
    if (this.names.length < names.length) this.names = new Int32Array(names.length);
    const { mark, slotOf, slotEntity, slotStart, slotEnd, epoch } = this;
    let count = 0;
    // Count each entity's names, then lay them out entity after entity (a counting sort).
    for (let k = 0; k < names.length; k += 1) {
      const e = index.nameEntity[names[k] as number] as number;
      if (mark[e] !== epoch) {
        mark[e] = epoch;
        slotOf[e] = count;
        slotEntity[count] = e;
        slotStart[count] = 0;
        count += 1;
      }
      const slot = slotOf[e] as number;
      slotStart[slot] = (slotStart[slot] as number) + 1;
    }
    let offset = 0;
    for (let slot = 0; slot < count; slot += 1) {
      const size = slotStart[slot] as number;
      slotStart[slot] = offset;
      slotEnd[slot] = offset;
      offset += size;
    }
    for (let k = 0; k < names.length; k += 1) {
      const n = names[k] as number;
      const slot = slotOf[index.nameEntity[n] as number] as number;
      const at = slotEnd[slot] as number;
      this.names[at] = n;
      slotEnd[slot] = at + 1;
    }
    for (const e of everyName) {
      if (mark[e] !== epoch) {
        mark[e] = epoch;
        slotOf[e] = count;
        slotEntity[count] = e;
        count += 1;
      }
      slotStart[slotOf[e] as number] = -1;
    }
    this.count = count;
  }
}

/**
 * The least query coverage a name needs to possibly reach `threshold`: score ≤ share·qCov +
 * (1 − share)·1 + evidence bonus.
 */
// Off: at 1M entities pruning saved no time (p50 9.8 → 8.3 ms without it, same names scored) and
// lost 12 real hits, some exact (particle-heavy names such as "RAHMAN, Abu El"). A missed match is
// the worst outcome, so every candidate is scored. Kept switchable for the scale benchmark.
let pruning = false;

/** Diagnostics only (benchmarks compare pruned and exhaustive candidate sets). */
export function setCandidatePruning(enabled: boolean): void {
  pruning = enabled;
}

function minQueryCoverage(threshold: number): number {
  if (!pruning) return 0;
  return Math.max(0, (threshold - (1 - QUERY_SHARE) - MAX_PERSON_EVIDENCE_BONUS) / QUERY_SHARE);
}

export function search(matchIndex: MatchIndex, query: MatchQuery, options: SearchOptions = {}): MatchHit[] {
  return screen(matchIndex, query, options).hits;
}

const round = (score: number) => Math.round(score * 1000) / 1000;

const HANGUL_SYLLABLE = /[\uac00-\ud7a3]/;
/** Hangul syllables or conjoining letters (decomposed Hangul, composed by NFC). */
const HANGUL_OR_JAMO = /[\u1100-\u11ff\uac00-\ud7a3]/;

const LATIN_LETTER = /\p{Script=Latin}/u;
/** The interpunct (and its look-alikes) the Chinese press writes between a foreign name's parts. */
const INTERPUNCT = /[·・‧･•．]/;
/** Longer texts are not read by sound (a name in Hangul or Chinese characters is short; a second reading of a long text costs much). */
const MOST_BY_SOUND = 40;

/**
 * Whether a query is also read as a foreign name written by sound: it holds Hangul or Chinese
 * characters (only those the press writes foreign names with: mayBeTransliterated), no Latin letter
 * (Kim 정은 is Korean) and at most MOST_BY_SOUND characters, and, for a person, does not read as a
 * Korean or Chinese name (readsAsKoreanName, readsAsChineseName: a surname of the language, two to
 * four syllables), whose foreign reading would meet many names.
 */
function readBySound(query: MatchQuery): boolean {
  const written = query.kind === 'person' ? [query.name_first, query.name_last] : [query.business_name];
  // (Most queries hold neither script: they are not normalised. Decomposed Hangul is conjoining letters.)
  const raw = written.join(' ');
  if (!HANGUL_OR_JAMO.test(raw) && !HAN_CHARACTER.test(raw)) return false;
  const fields = written.map((f) => f.normalize('NFC'));
  const text = fields.join(' ');
  const hangul = HANGUL_SYLLABLE.test(text);
  const han = HAN_CHARACTER.test(text);
  if ((!hangul && !han) || LATIN_LETTER.test(text) || [...text].length > MOST_BY_SOUND) return false;
  // Chinese characters only where each is one the press writes foreign names with (not 王伟, 吉田).
  if (han && !mayBeTransliterated(text)) return false;
  if (query.kind !== 'person') return true;
  const [first, last] = fields as [string, string];
  return !(hangul && readsAsKoreanName(first, last)) && !(han && !INTERPUNCT.test(text) && readsAsChineseName(first, last));
}

/**
 * Hits at or above the threshold, and the name hits a clear birth-date conflict removed (both best
 * first, each up to `limit`). A query holding Hangul or Chinese characters is read twice, as a
 * Korean or Chinese name (hangul-romanization.ts, pinyin) and as a foreign name written by sound
 * (hangul-spellings.ts: 블라디미르 푸틴; han-spellings.ts: 弗拉基米尔·普京), and each entity keeps its
 * better reading's hit: the letters do not say which it is (readBySound).
 */
export function screen(matchIndex: MatchIndex, query: MatchQuery, options: SearchOptions = {}): ScreenResult {
  const index = matchIndex as MatchIndexData;
  const limit = options.limit ?? 50;
  const first = screenTokens(index, query, queryTokens(index, query), options, limit);
  if (!readBySound(query)) return first;
  const bySound = screenTokens(index, query, queryTokens(index, query, true), options, limit);
  const hits = bestOfReadings(first.hits, bySound.hits, limit);
  const isHit = new Set(hits.map((h) => h.entity.id));
  const nearMatches = bestOfReadings(first.nearMatches, bySound.nearMatches, limit).filter((n) => !isHit.has(n.entity.id));
  return { hits, nearMatches };
}

/** Each entity once, with the higher of its scores in two readings (the first's on a tie), best first, up to `limit`. */
function bestOfReadings<T extends { score: number; entity: IndexedEntity }>(a: T[], b: T[], limit: number): T[] {
  const best = new Map<string, T>();
  for (const item of [...a, ...b]) {
    const known = best.get(item.entity.id);
    if (!known || item.score > known.score) best.set(item.entity.id, item);
  }
  return [...best.values()].sort(byScore).slice(0, limit);
}

const byScore = (a: { score: number; entity: IndexedEntity }, b: { score: number; entity: IndexedEntity }) => b.score - a.score || a.entity.id.localeCompare(b.entity.id);

function screenTokens(index: MatchIndexData, query: MatchQuery, qTokens: ScoringToken[], options: SearchOptions, limit: number): ScreenResult {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const isOrganisation = query.kind === 'business';
  const kinds = options.entityKinds ?? (isOrganisation ? BUSINESS_KINDS : PERSON_KINDS);
  const allowed = new Uint8Array(8);
  for (const k of kinds) allowed[KIND_CODES[k]] = 1;

  const scratch = scratchFor(index);
  const { names, touched } = qTokens.length > 0
    ? generateCandidates(index, scratch.candidates, qTokens, isOrganisation, allowed, minQueryCoverage(threshold))
    : { names: [], touched: 0 };
  // Only the names candidate generation kept are scored: the others cannot reach the threshold.
  // An entity found by registration number has all its names scored.
  const regNumber = query.kind === 'business' ? query.registration_number : undefined;
  const registered = regNumber ? (index.registrations.get(normaliseRegistrationNumber(regNumber)) ?? []).filter((e) => allowed[index.entityKind[e] as number]) : [];
  const groups = scratch.groups;
  groups.group(index, names, registered);
  lastSearchStats.candidateNames = names.length;
  lastSearchStats.touchedNames = touched;
  lastSearchStats.candidateEntities = groups.count;

  // Token similarities: query word × listed token id × script relation, compared once per query.
  const cache = scratch.similarities;
  cache.begin(qTokens.length);
  const nicknames = queryNicknames(index.nicknames, qTokens, isOrganisation);
  const similarity = (qi: number, listed: ScoringToken) => {
    const l = listed as ListedToken;
    const q = qTokens[qi] as ScoringToken;
    const relation = scriptRelation(q, l);
    let m = cache.get(qi, l.id, relation);
    if (!m) {
      m = compareTokens(q, l, l.info, relation);
      cache.set(qi, l.id, relation, m);
    }
    // Roles and particle flags decide these two, and the cache key has neither: checked per pair.
    return nicknameMatch(nicknames[qi], l, particleMatch(q, l, m));
  };

  // A name scoring below this cannot be a hit or a near match however its entity's evidence weighs
  // (see the check after the names), so its match kinds are not worked out.
  const kindsFloor = regNumber ? Number.NEGATIVE_INFINITY : threshold - MAX_PERSON_EVIDENCE_BONUS - 1e-9;
  const birth = query.kind === 'person' ? parseQueryDate(query.birthdate) : undefined;
  const country = query.kind === 'person' ? query.country_code : query.country;
  const hits: MatchHit[] = [];
  const nearMatches: NearMatch[] = [];
  for (let slot = 0; slot < groups.count; slot += 1) {
    const e = groups.slotEntity[slot] as number;
    const entity = index.entities[e] as IndexedEntity;
    let bestScore = 0;
    let bestName = -1;
    let bestKinds: string[] = [];
    // The entity's candidate names (positions in groups.names), or every name of it (name indexes).
    const every = (groups.slotStart[slot] as number) < 0;
    const from = every ? (index.entityNameStart[e] as number) : (groups.slotStart[slot] as number);
    const to = every ? (index.entityNameStart[e + 1] as number) : (groups.slotEnd[slot] as number);
    for (let k = from; k < to; k += 1) {
      const n = every ? k : (groups.names[k] as number);
      const listed = scratch.listed.read(index, n);
      const cmp = compareNames(qTokens, listed, isOrganisation, similarity, kindsFloor);
      const strength = index.nameStrength[n] as number;
      const score = cmp.score - (strength === STRENGTH_CODES.weak ? WEAK_ALIAS_PENALTY : 0);
      // On a tie, show the name written in the query's script.
      const sameScript = listed[0]?.fromScript === qTokens[0]?.fromScript;
      if (score > bestScore || (score === bestScore && score > 0 && sameScript)) {
        bestScore = score;
        bestName = n;
        bestKinds = cmp.kinds;
        if (strength === STRENGTH_CODES.weak) bestKinds = [...bestKinds, 'weak_alias'];
        else if (strength === STRENGTH_CODES.strong) bestKinds = [...bestKinds, 'alias'];
      }
    }
    // Birth date and country add at most MAX_PERSON_EVIDENCE_BONUS: a name that cannot reach the
    // threshold even so is neither a hit nor a near match, and its evidence need not be weighed
    // (a registration number can lift any name, so with one every candidate is weighed).
    if (!regNumber && bestScore + MAX_PERSON_EVIDENCE_BONUS + 1e-9 < threshold) continue;
    const birthEvidence = query.kind === 'person' ? birthDateEvidence(birth, entity.birth_dates) : { adjustment: 0 };
    const evidence: Evidence[] = [birthEvidence];
    evidence.push(countryEvidence(country, entity.countries));
    const reg = registrationEvidence(regNumber, entity.identifiers);
    evidence.push(reg);
    let score = bestScore + evidence.reduce((sum, ev) => sum + ev.adjustment, 0);
    if (reg.matchType) score = Math.max(score, 0.9);
    score = Math.min(1, Math.max(0, score));
    if (score < threshold) continue;
    const types = new Set<string>(bestKinds);
    for (const ev of evidence) if (ev.matchType && ev !== birthEvidence) types.add(ev.matchType);
    const matchedName = bestName >= 0
      ? entity.names[index.nameSource[bestName] as number] as EntityName
      : (entity.names[0] as EntityName);
    if (birthEvidence.conflict && birth) {
      nearMatches.push({
        entity, name_score: round(bestScore), score: round(score), matched_name: matchedName, match_types: [...types] as MatchType[],
        rule: 'birthdate_conflict', query_birthdate: birth, conflicting_birthdates: entity.birth_dates, tolerance_years: BIRTH_YEAR_TOLERANCE,
      });
      continue;
    }
    if (birthEvidence.matchType) types.add(birthEvidence.matchType);
    hits.push({ entity, score: round(score), matched_name: matchedName, match_types: [...types] as MatchType[] });
  }
  hits.sort(byScore);
  nearMatches.sort(byScore);
  return { hits: hits.slice(0, limit), nearMatches: nearMatches.slice(0, limit) };
}
