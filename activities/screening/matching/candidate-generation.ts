/**
 * Finds the few hundred listed names worth scoring precisely, out of millions. Each query word is
 * expanded on the vocabulary (same variant key, one-deletion neighbours for typos, same phonetic
 * key, nicknames of a given name, splits of a glued word and joins of adjacent words), then the postings of those variants are
 * accumulated per name, rarest word first, weighted by word weight × expansion quality.
 * Frequency cap: a word whose postings exceed POSTINGS_CAP (think "muhammad" at OpenSanctions
 * scale) only adds to names already found by a rarer word, unless no rarer word found any.
 * The best MAX_CANDIDATE_NAMES names by accumulated weight are returned.
 */
import { deletionKeys, type MatchIndexData } from './match-index.js';
import { QUERY_MISSING_FACTOR, type ScoringToken } from './name-similarity.js';
import { PARTICLE_WEIGHT } from './token-weights.js';
import { canonicalParticle } from './name-particles.js';
import { mayBeNickname, NICKNAME_SCORE } from './nickname-match.js';
import { boundedMemo } from './bounded-memo.js';
import { variantKey } from './name-variants.js';
import { kehehReadable, koreanKeyOfWord } from './token-similarity.js';
import { abjadReadingsOf, koreanKeyOf } from './token-vocabulary.js';
import { coarseKoreanKey } from './hangul-romanization.js';

export const POSTINGS_CAP = 25_000;
export const MAX_CANDIDATE_NAMES = 1_500;

interface Expansion {
  weight: number;
  /** Query weight this expansion accounts for (two words for a joined pair), plain and role-factored. */
  reach: number;
  reachFactored: number;
  /** variant id → quality of the expansion that reached it. */
  variants: Map<number, number>;
  postingsTotal: number;
}

/**
 * Variant keys of the spellings looked up beyond the query's own words (the pieces of a glued word,
 * two words joined, OCR readings, nicknames): only the key is needed, not a whole token record
 * (token-vocabulary.ts makeTokenInfo), and most pieces are no word at all. Bounded like the
 * token records: at most 50,000 keys, each no longer than the query word it came from.
 */
const variantOf = boundedMemo(variantKey, 50_000);

/** The longest listed word looked up under its Korean key: a syllable's spelling is at most six letters ("hyeong"). */
const KOREAN_SYLLABLE_MAX = 6;

/**
 * Per index: the listed words of up to six letters by their Korean key with every vowel class as one
 * letter (hangul-romanization.ts coarseKoreanKey; scoring tells the vowels apart), as variant ids.
 * Built on the first query romanized from Hangul, and only then: its syllables ("sok") look their
 * other spellings up here (Suk, Seok), which their variant and phonetic keys do not reach (two-class
 * skeletons are not looked up, and ㅈ's ch is another class than j). Only a query's Hangul is looked
 * up so; a name listed in Hangul is reached through its own spelling's keys.
 */
const koreanWords = new WeakMap<MatchIndexData, Map<string, number[]>>();

function koreanWordsOf(index: MatchIndexData): Map<string, number[]> {
  let byKey = koreanWords.get(index);
  if (!byKey) {
    byKey = new Map();
    for (let id = 0; id < index.vocabulary.size; id += 1) {
      const info = index.vocabulary.info(id);
      if (info.folded.length > KOREAN_SYLLABLE_MAX) continue;
      const v = index.variantIds.get(info.variant);
      if (v === undefined) continue;
      const key = coarseKoreanKey(koreanKeyOf(info));
      if (key.length === 0) continue;
      const ids = byKey.get(key);
      if (!ids) byKey.set(key, [v]);
      else if (!ids.includes(v)) ids.push(v);
    }
    koreanWords.set(index, byKey);
  }
  return byKey;
}

function addVariant(map: Map<number, number>, v: number | undefined, quality: number): void {
  if (v === undefined) return;
  if ((map.get(v) ?? 0) < quality) map.set(v, quality);
}

/**
 * The listed variants a spelling reaches (its own, its one-deletion neighbours', its phonetic key's),
 * each once, where it is first reached and with the best quality it is reached at, as [id, quality,
 * id, quality, …]: added to a map in this order (addVariant), they leave it exactly as the lookups
 * themselves would. Per index, bounded like the other memos (50,000 spellings): a portfolio's
 * queries repeat their words (given names above all), and a word's deletion keys cost a string each.
 */
const WORD_REACH_LIMIT = 50_000;
const reachMemos = new WeakMap<MatchIndexData, (key: string) => number[]>();

export function reachOf(index: MatchIndexData, variant: string, phonetic: string): readonly number[] {
  let memo = reachMemos.get(index);
  if (!memo) {
    memo = boundedMemo((key) => computeReach(index, key), WORD_REACH_LIMIT);
    reachMemos.set(index, memo);
  }
  // (A variant key holds no NUL.)
  return memo(phonetic.length >= 2 ? `${variant}\u0000${phonetic}` : variant);
}

/** reachOf's lookups for one key (the variant, and the phonetic key after a NUL where it has one). */
function computeReach(index: MatchIndexData, key: string): number[] {
  const cut = key.indexOf('\u0000');
  const variant = cut < 0 ? key : key.slice(0, cut);
  const found = new Map<number, number>();
  addVariant(found, index.variantIds.get(variant), 1);
  for (const k of deletionKeys(variant)) {
    for (const v of index.deletionVariants.get(k) ?? []) addVariant(found, v, 0.85);
  }
  if (cut >= 0) {
    for (const v of index.phoneticVariants.get(key.slice(cut + 1)) ?? []) addVariant(found, v, 0.8);
  }
  const reach: number[] = [];
  for (const [v, quality] of found) reach.push(v, quality);
  return reach;
}

function expandWord(index: MatchIndexData, variant: string, phonetic: string, map: Map<number, number>, scale: number): void {
  const reach = reachOf(index, variant, phonetic);
  for (let k = 0; k < reach.length; k += 2) addVariant(map, reach[k] as number, (reach[k + 1] as number) * scale);
}

function postingsOf(index: MatchIndexData, variants: Map<number, number>): number {
  let total = 0;
  for (const v of variants.keys()) total += (index.postingStart[v + 1] as number) - (index.postingStart[v] as number);
  return total;
}

function tokenWeightOf(t: ScoringToken, isOrganisation: boolean): number {
  if (t.particle) return PARTICLE_WEIGHT;
  return isOrganisation ? t.info.weightOrganisation : t.info.weightPerson;
}

function expansions(index: MatchIndexData, query: ScoringToken[], isOrganisation: boolean): Expansion[] {
  const out: Expansion[] = [];
  query.forEach((t, i) => {
    if (t.particle) return;
    const variants = new Map<number, number>();
    const { info } = t;
    if (info.isInitial) return;
    // The word's own phonetic key, where it is looked up (a Latin key of two classes reaches too much).
    const ownPhonetic = t.abjad || info.phonetic.length >= 3 ? info.phonetic : '';
    expandWord(index, info.variant, ownPhonetic, variants, 1);
    // Variant rules can move a typo further away (Printprouct → printprukt); the raw spelling's
    // deletion neighbours catch those.
    if (info.folded !== info.variant) expandWord(index, info.folded, '', variants, 0.9);
    // A word read with OCR confusions (5ALIM, IVIYINT, Ayrnan) is looked up as its OCR readings too
    // (some digits have a second one: 1V1ALALA is malala, 0ENIZ deniz; ocr-confusions.ts).
    if (info.ocr !== info.folded) expandWord(index, variantOf(info.ocr), '', variants, 0.85);
    if (info.ocrSecond !== info.ocr) expandWord(index, variantOf(info.ocrSecond), '', variants, 0.85);
    // A vowelless romanization's kh may be a k (Unidecode's keheh: "mlkh" is Malik; TokenInfo
    // phoneticKeheh; token-similarity.ts scores it only against words that write a k).
    const keheh = t.consonantal && kehehReadable(info);
    if (keheh) for (const v of index.phoneticVariants.get(info.phoneticKeheh) ?? []) addVariant(variants, v, 0.8);
    // An abjad-derived word may carry the article glued on (ltkryty): look up the rest too.
    for (const key of keheh ? [info.phonetic, info.phoneticKeheh] : [info.phonetic]) {
      if (t.abjad && key.length >= 3 && key[0] === 'L') for (const v of index.phoneticVariants.get(key.slice(1)) ?? []) addVariant(variants, v, 0.75);
    }
    // Its other readings (token-similarity.ts abjadReadingMatch): مروان ("mruan") finds a Latin Marwan.
    if (t.abjad) for (const r of abjadReadingsOf(info)) for (const v of index.phoneticVariants.get(r.key) ?? []) addVariant(variants, v, 0.8);
    if (t.abjad && info.phonetic.length === 1) {
      for (const v of index.phoneticVariants.get(info.phonetic) ?? []) addVariant(variants, v, 0.6);
    }
    // A Hebrew, Greek or katakana word finds the words of every skeleton its letters can stand for (word-spellings.ts).
    if (t.spellings) {
      for (const key of t.spellings.skeletons) {
        // (Its own reading's key is already looked up above.)
        if (key === ownPhonetic) continue;
        for (const v of index.phoneticVariants.get(key) ?? []) addVariant(variants, v, key.length >= 2 ? 0.8 : 0.6);
      }
    }
    // A syllable romanized from Hangul finds its other spellings (token-similarity.ts scores them).
    if (t.hangul) {
      const key = coarseKoreanKey(koreanKeyOfWord(info, t.korean));
      for (const v of koreanWordsOf(index).get(key) ?? []) addVariant(variants, v, 0.8);
    }
    // Bernie → bernard, Mitchell → mitch (given names of persons only, as in scoring).
    if (!isOrganisation && mayBeNickname(t)) {
      for (const relative of index.nicknames.relativesOf(info.folded)) {
        addVariant(variants, index.variantIds.get(variantOf(relative)), NICKNAME_SCORE);
      }
    }
    // A glued word may be two listed words (Jeanpierre → jean + pierre): the rest is looked up
    // first, the head only when the rest is a listed word.
    const folded = info.folded;
    for (let cut = 2; folded.length >= 6 && cut <= folded.length - 3; cut += 1) {
      const b = index.variantIds.get(variantOf(folded.slice(cut)));
      if (b === undefined) continue;
      const head = folded.slice(0, cut);
      const a = index.variantIds.get(variantOf(head));
      // Particles are not indexed: "alqaeda" = al + qaeda finds qaeda alone.
      if (a !== undefined || canonicalParticle(head) !== undefined) {
        addVariant(variants, a, 0.8);
        addVariant(variants, b, 0.8);
      }
    }
    const weight = tokenWeightOf(t, isOrganisation);
    out.push({ weight, reach: weight, reachFactored: weight * QUERY_MISSING_FACTOR[t.role], variants, postingsTotal: postingsOf(index, variants) });
    // Two adjacent query words may be one listed word (Al Qaeda → alqaeda).
    const next = query[i + 1];
    if (next) {
      const joinedVariants = new Map<number, number>();
      expandWord(index, variantOf(folded + next.info.folded), '', joinedVariants, 0.9);
      if (joinedVariants.size > 0) {
        const nextWeight = tokenWeightOf(next, isOrganisation);
        out.push({
          weight, reach: weight + nextWeight, reachFactored: weight * QUERY_MISSING_FACTOR[t.role] + nextWeight * QUERY_MISSING_FACTOR[next.role],
          variants: joinedVariants, postingsTotal: postingsOf(index, joinedVariants),
        });
      }
    }
  });
  // Initials only when nothing else is there to search with.
  if (out.length === 0) {
    for (const t of query) {
      const variants = new Map<number, number>();
      addVariant(variants, index.variantIds.get(t.info.variant), 1);
      out.push({ weight: 1, reach: 0, reachFactored: 0, variants, postingsTotal: postingsOf(index, variants) });
    }
  }
  return out.sort((a, b) => a.postingsTotal - b.postingsTotal);
}

/** Scratch buffers reused across queries (search is synchronous, so one set per index suffices). */
export class CandidateScratch {
  readonly score: Float32Array;
  readonly reach: Float32Array;
  readonly reachFactored: Float32Array;
  readonly mark: Uint32Array;
  /** The names a query touched, in the order first touched (its first entries are the query's). */
  touched: Int32Array = new Int32Array(1024);
  /** An expansion's variants and their qualities, best first. */
  orderIds = new Int32Array(64);
  orderQualities = new Float64Array(64);
  private epoch = 0;

  constructor(nameCount: number) {
    this.score = new Float32Array(nameCount);
    this.reach = new Float32Array(nameCount);
    this.reachFactored = new Float32Array(nameCount);
    this.mark = new Uint32Array(nameCount);
  }

  growTouched(): Int32Array {
    const grown = new Int32Array(this.touched.length * 2);
    grown.set(this.touched);
    this.touched = grown;
    return grown;
  }

  /**
   * The expansion's variants by quality, best first, and in the map's order among equal qualities
   * (as a stable sort leaves them); returns how many.
   */
  order(variants: Map<number, number>): number {
    if (this.orderIds.length < variants.size) {
      this.orderIds = new Int32Array(variants.size * 2);
      this.orderQualities = new Float64Array(variants.size * 2);
    }
    const ids = this.orderIds;
    const qualities = this.orderQualities;
    let count = 0;
    variants.forEach((quality, v) => {
      let at = count;
      while (at > 0 && (qualities[at - 1] as number) < quality) {
        ids[at] = ids[at - 1] as number;
        qualities[at] = qualities[at - 1] as number;
        at -= 1;
      }
      ids[at] = v;
      qualities[at] = quality;
      count += 1;
    });
    return count;
  }

  nextEpoch(): number {
    this.epoch += 1;
    if (this.epoch >= 0xffffffff) {
      this.mark.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }
}

export interface CandidateResult {
  /** Valid until the next query on the same scratch. */
  names: ArrayLike<number>;
  /** Names touched before the cut to MAX_CANDIDATE_NAMES (for measurement). */
  touched: number;
}

/**
 * `minQueryCoverage`: names whose best possible query coverage (every reached query word counted
 * as a perfect match, particles and initials assumed matched) is below this cannot reach the
 * threshold and are not returned. 0 disables the cut.
 */
export function generateCandidates(index: MatchIndexData, scratch: CandidateScratch, query: ScoringToken[], isOrganisation: boolean, allowedKinds: Uint8Array, minQueryCoverage = 0): CandidateResult {
  let touched = scratch.touched;
  let touchedCount = 0;
  const { score, reach, reachFactored, mark } = scratch;
  let freeWeight = 0;
  let totalFactored = 0;
  for (const t of query) {
    const w = tokenWeightOf(t, isOrganisation);
    totalFactored += w * QUERY_MISSING_FACTOR[t.role];
    if (t.particle || t.info.isInitial) freeWeight += w;
  }
  const exps = expansions(index, query, isOrganisation);
  // (Postings are read in place: a view per variant was an allocation per variant and query.)
  const { postings, postingStart } = index;
  for (const exp of exps) {
    const epoch = scratch.nextEpoch();
    const boostOnly = exp.postingsTotal > POSTINGS_CAP && touchedCount > 0;
    // Best-quality expansions first, so a name reached twice by one word keeps the better quality.
    const count = scratch.order(exp.variants);
    for (let o = 0; o < count; o += 1) {
      const v = scratch.orderIds[o] as number;
      const add = exp.weight * (scratch.orderQualities[o] as number);
      const end = postingStart[v + 1] as number;
      for (let k = postingStart[v] as number; k < end; k += 1) {
        const n = postings[k] as number;
        if (mark[n] === epoch) continue;
        if (allowedKinds[index.entityKind[index.nameEntity[n] as number] as number] === 0) continue;
        const fresh = (score[n] as number) === 0;
        if (fresh && boostOnly) continue;
        mark[n] = epoch;
        if (fresh) {
          if (touchedCount === touched.length) touched = scratch.growTouched();
          touched[touchedCount] = n;
          touchedCount += 1;
        }
        score[n] = (score[n] as number) + add;
        reach[n] = (reach[n] as number) + exp.reach;
        reachFactored[n] = (reachFactored[n] as number) + exp.reachFactored;
      }
    }
  }
  const freeFactored = freeWeight; // particles and initials: role factors bounded by 1
  const bound = (n: number) => {
    const got = freeWeight + (reach[n] as number);
    const missing = Math.max(0, totalFactored - freeFactored - (reachFactored[n] as number));
    return got / Math.max(1e-9, got + missing);
  };
  const touchedNames = touched.subarray(0, touchedCount);
  let names: ArrayLike<number> = minQueryCoverage > 0 ? touchedNames.filter((n) => bound(n) >= minQueryCoverage) : touchedNames;
  if (names.length > MAX_CANDIDATE_NAMES) {
    // Ranks by position in `names` (a typed array, not a Map: a common word's thousands of names
    // are compared many times over); the sort is stable, so equal ranks keep their order.
    const rank = new Float64Array(names.length);
    const positions: number[] = [];
    for (let k = 0; k < names.length; k += 1) {
      const n = names[k] as number;
      rank[k] = bound(n) * 10 + (score[n] as number);
      positions.push(k);
    }
    const all = names;
    names = positions.sort((a, b) => (rank[b] as number) - (rank[a] as number)).slice(0, MAX_CANDIDATE_NAMES).map((k) => all[k] as number);
  }
  for (let k = 0; k < touchedCount; k += 1) {
    const n = touched[k] as number;
    score[n] = 0;
    reach[n] = 0;
    reachFactored[n] = 0;
  }
  return { names, touched: touchedCount };
}
