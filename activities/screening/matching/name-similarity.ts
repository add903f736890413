/**
 * Similarity of two whole names, order-insensitive. Tokens are aligned one-to-one, best pairs
 * first; words left over on either side may still match a run of two or three adjacent words on
 * the other side written together (Jean-Pierre / Jeanpierre, Bashir ud Din / Bashiruddin).
 * The score blends how much of the query is explained (60%) and how much of the listed name is
 * (40%), each weighted by token informativeness; a missing middle name or second surname costs
 * less than a missing given name or surname.
 */
import { makeTokenInfo, type TokenInfo } from './token-vocabulary.js';
import { Role, type TokenRole } from './name-tokenizer.js';
import { isAbjadRelation, KOREAN_KEY_SCORE, koreanKeysOfMeet, READ_A, READ_B, ScriptRelation, tokenSimilarity, type TokenMatch, type TokenMatchKind } from './token-similarity.js';
import { canonicalParticle, isAlwaysParticle } from './name-particles.js';
import { PARTICLE_WEIGHT } from './token-weights.js';
import { boundedMemo } from './bounded-memo.js';
import type { WordSpellings } from './word-spellings.js';
import { SpellingPattern, type PatternPart } from './spelling-pattern.js';
import { phoneticKey } from './phonetic-key.js';

export interface ScoringToken {
  info: TokenInfo;
  role: TokenRole;
  particle: boolean;
  fromScript: boolean;
  abjad: boolean;
  /** A vowelless Latin romanization of an abjad word (RawToken.consonantal); absent: no. */
  consonantal?: boolean;
  /** Romanized from Hangul (RawToken.hangul); absent: no. */
  hangul?: boolean;
  /** Romanized from Hangul: its Hangul's Korean key (RawToken.korean); absent: read from the Latin spelling. */
  korean?: string | undefined;
  /** Written in Hebrew, Greek or katakana: its Latin spellings (RawToken.spellings); absent: none. */
  spellings?: WordSpellings | undefined;
}

/**
 * How two tokens relate across scripts (see tokenSimilarity). A vowelless Latin romanization against
 * a name written in an abjad compares on the consonant skeleton, as an abjad word against a Latin one
 * does. Two names both written in Arabic script do not: their letters, long vowels included, are
 * compared as written (Said / Zaid, Ali / Aliya keep apart). A romanization against a Latin word is
 * Romanized: compared like an abjad word against a Latin one, its "kh" also read as k (tokenSimilarity).
 * A word romanized from Hangul against a Latin word is FromHangul: compared also under the Korean key.
 */
export function scriptRelation(a: ScoringToken, b: ScoringToken): ScriptRelation {
  if (a.fromScript === b.fromScript) return a.abjad && b.abjad && !a.consonantal !== !b.consonantal ? ScriptRelation.BothAbjad : ScriptRelation.Same;
  if (a.consonantal || b.consonantal) return ScriptRelation.Romanized;
  if (a.abjad || b.abjad) return ScriptRelation.FromAbjad;
  return a.hangul || b.hangul ? ScriptRelation.FromHangul : ScriptRelation.Transliterated;
}

/**
 * tokenSimilarity of two tokens (with `bInfo` standing for b's word: a joined run's), the vowelless
 * romanization first where there is one: its own readings are weighed (token-similarity.ts).
 */
export function compareTokens(a: ScoringToken, b: ScoringToken, bInfo: TokenInfo = b.info, relation: ScriptRelation = scriptRelation(a, b), bKorean: string | undefined = b.korean): TokenMatch {
  if (relation === ScriptRelation.FromHangul) return tokenSimilarity(a.info, bInfo, relation, 0, a.korean, bKorean);
  const romanizedSecond = romanizedSecondOf(a, b, relation);
  // Which word is written in an abjad: only its letters are read two ways (token-similarity.ts abjadReadingMatch).
  const firstAbjad = romanizedSecond ? b.abjad : a.abjad;
  const secondAbjad = romanizedSecond ? a.abjad : b.abjad;
  const sides = (firstAbjad ? READ_A : 0) | (secondAbjad ? READ_B : 0);
  return romanizedSecond ? tokenSimilarity(bInfo, a.info, relation, sides) : tokenSimilarity(a.info, bInfo, relation, sides, undefined, undefined, a.spellings);
}

/** Whether compareTokens reads b first, as the vowelless romanization of the two. */
function romanizedSecondOf(a: ScoringToken, b: ScoringToken, relation: ScriptRelation): boolean {
  return (relation === ScriptRelation.Romanized || relation === ScriptRelation.BothAbjad) && b.consonantal === true && !a.consonantal;
}

/**
 * Whether compareTokens(a, b) compares a by its spellings alone (a Hebrew word: token-similarity.ts
 * tokenSimilarity): then it matches a word other than its own transliteration only when one of its
 * patterns spells that word.
 */
function comparedBySpellingsAlone(a: ScoringToken, b: ScoringToken, relation: ScriptRelation): boolean {
  return a.spellings?.exclusive === true && relation !== ScriptRelation.FromHangul && !romanizedSecondOf(a, b, relation);
}

export type NameMatchKind = Exclude<TokenMatchKind, 'exact' | 'none'> | 'exact_name' | 'name_reordered' | 'name_compound' | 'partial_name';

export interface NameComparison {
  score: number;
  kinds: NameMatchKind[];
}

export const QUERY_SHARE = 0.6;
const MIN_PAIR_SCORE = 0.7;
const MIN_COMPOUND_SCORE = 0.93;
/**
 * Across an abjad, a compound written as one word on one side and two on the other compares on the
 * consonant skeleton, which scores 0.9 (token-similarity.ts): Hamdullah / حمد الله ("hmd allah"),
 * Habibullah / حبیب الله. It is accepted from that score (as is a one-edit typo of a joined word of
 * six or seven letters, 0.9 too) ...
 */
const MIN_ABJAD_COMPOUND_SCORE = 0.9;
/** ... when the joined word has three consonant classes or more: "al sasi" and عالیزی are both LS. */
const MIN_ABJAD_COMPOUND_CLASSES = 3;

export const QUERY_MISSING_FACTOR: Record<TokenRole, number> = { 0: 1, 1: 0.5, 2: 1, 3: 0.6, 4: 1 };
const LISTED_MISSING_FACTOR: Record<TokenRole, number> = { 0: 1, 1: 0.3, 2: 1, 3: 0.5, 4: 1 };
/**
 * A word of kind or place (bank, company, state, corporation, Europe ...) that an organisation's
 * listed name has beyond the query costs like a listed middle name does, once the match rests on a
 * distinctive word matched as written or as a spelling variant (a typo-level match never anchors)
 * and every word of the query found its counterpart: "Novikombank" explains "JOINT
 * STOCK COMMERCIAL BANK NOVIKOMBANK" as well as "Ivan Petrov" explains "Ivan Sergeyevich Petrov".
 * Matches on kind and place words alone, and queries with words the listed name lacks ("Sherman
 * Universal-Avia" / "STATE ENTERPRISE UNIVERSAL-AVIA", "Marshall Holding" / "MARSHALL CAPITAL"),
 * keep the full cost.
 */
const LISTED_GENERIC_MISSING_FACTOR = 0.3;
/** A word at least this informative, matched at least this well (same word or spelling variant, not a typo), anchors an organisation match. */
const DISTINCTIVE_WEIGHT = 0.6;
const FIRM_MATCH = 0.95;

function weightOf(t: ScoringToken, isOrganisation: boolean): number {
  if (t.particle) return PARTICLE_WEIGHT;
  return isOrganisation ? t.info.weightOrganisation : t.info.weightPerson;
}

/**
 * A particle on one side written as its own word on the other: a name field holding only "El" is
 * not taken for a particle by the tokenizer, while "EL HIELERO" listed is ("al" canonically).
 * Only words that are always particles count (not "do" or "la", which are also Asian names).
 */
export function particleMatch(a: ScoringToken, b: ScoringToken, current: TokenMatch): TokenMatch {
  if (a.particle === b.particle || current.score >= 1) return current;
  const particle = a.particle ? a : b;
  const word = a.particle ? b : a;
  return isAlwaysParticle(word.info.folded) && canonicalParticle(word.info.folded) === particle.info.folded ? PARTICLE_AS_WORD : current;
}

const PARTICLE_AS_WORD: TokenMatch = Object.freeze({ score: 1, kind: 'exact' });

/** Callback so the caller can cache token similarities across many candidate names. */
export type TokenSimilarityFn = (queryIndex: number, listed: ScoringToken) => TokenMatch;

export function defaultSimilarity(query: ScoringToken[]): TokenSimilarityFn {
  return (i, listed) => {
    const q = query[i] as ScoringToken;
    return particleMatch(q, listed, compareTokens(q, listed));
  };
}

interface Pair {
  qi: number;
  cj: number;
  match: TokenMatch;
}

function coverage(tokens: ScoringToken[], scores: Float64Array, factors: Record<TokenRole, number>, isOrg: boolean, genericMissingFactor = 1): number {
  let got = 0;
  let total = 0;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k] as ScoringToken;
    const w = weightOf(t, isOrg);
    const s = scores[k] as number;
    got += w * s;
    const missing = isOrg && !t.particle && t.info.kindOrPlace ? Math.min(genericMissingFactor, factors[t.role]) : factors[t.role];
    total += s > 0 ? w : w * missing;
  }
  return total > 0 ? got / total : 0;
}

/** Every word of the query but its particles found a counterpart: the listed name contains the query. */
function everyQueryWordMatched(query: ScoringToken[], scores: Float64Array): boolean {
  for (let k = 0; k < query.length; k += 1) {
    if ((scores[k] as number) === 0 && !(query[k] as ScoringToken).particle) return false;
  }
  return true;
}

/** Some firmly matched word of a listed organisation name is distinctive (not of kind or place, not a particle, not an initial). */
function anchoredOnDistinctiveWord(listed: ScoringToken[], scores: Float64Array): boolean {
  for (let k = 0; k < listed.length; k += 1) {
    const t = listed[k] as ScoringToken;
    if ((scores[k] as number) >= FIRM_MATCH && !t.particle && !t.info.kindOrPlace && t.info.weightOrganisation >= DISTINCTIVE_WEIGHT) return true;
  }
  return false;
}

/**
 * The canonical particle (al, bin, abu ...) of each of the word's first 2, 3 and 4 letters (el-, ul-,
 * ibn-, ben-), as far as three letters remain after it. Read once per word (bounded memo, 25,000
 * words: 14,043 after a portfolio of 40,000 names).
 */
const particlePrefixes = boundedMemo((word: string): Array<string | undefined> => {
  const out: Array<string | undefined> = [];
  for (let k = 2; k <= 4 && k < word.length - 2; k += 1) out.push(canonicalParticle(word.slice(0, k)));
  return out;
}, 25_000);

/** Both strings start with the same letter (or both are empty). */
function sameFirstLetter(a: string, b: string): boolean {
  return a.length === 0 ? b.length === 0 : a.charCodeAt(0) === b.charCodeAt(0);
}

/**
 * Tries each weakly matched token on one side (score < 0.9) against runs of 2-3 adjacent tokens on
 * the other side that are unmatched or matched only to that same token; keeps the run when better.
 */
function matchCompounds(single: ScoringToken[], singleScores: Float64Array, singlePartner: Int32Array, runs: ScoringToken[], runScores: Float64Array, runPartner: Int32Array): boolean {
  let found = false;
  for (let i = 0; i < single.length; i += 1) {
    const s = single[i] as ScoringToken;
    const current = singleScores[i] as number;
    const word = s.info.folded;
    // (A word read by sound that may not meet joined words: word-spellings.ts joinsRuns.)
    if (current >= 0.9 || s.particle || word.length < 4 || s.spellings?.joinsRuns === false) continue;
    let matched = false;
    // The particle spellings the word starts with, read once per word (see particlePrefixes).
    let prefixes: Array<string | undefined> | undefined;
    for (let start = 0; start + 2 <= runs.length && !matched; start += 1) {
      const head = runs[start] as ScoringToken;
      // A particle written into the next word keeps its own spelling there ("Elbouhali" = el + bouhali,
      // listed "al"): join with the spelling the single word starts with.
      let headPart = head.info.folded;
      if (head.particle) {
        prefixes ??= particlePrefixes(word);
        const at = prefixes.indexOf(head.info.folded);
        if (at >= 0) headPart = word.slice(0, 2 + at);
      }
      // A compound match needs the same first letter (checked first: it rules out most runs, at
      // every length) and (nearly) the same length, both before the joined word is built.
      // (A single word with spellings, from another script, is checked by them instead: its transliteration's
      // first letter and length say little, モハンマドジャバド "mohanmadojiyabado".)
      const spelledWord = s.spellings !== undefined;
      if (!spelledWord && !sameFirstLetter(headPart, word) && !sameFirstLetter(head.info.variant, s.info.variant)) continue;
      for (let len = 2; len <= 3 && start + len <= runs.length; len += 1) {
        let free = true;
        for (let k = start; k < start + len; k += 1) {
          // A particle may also stand in a compound while it matches a particle elsewhere
          // ("Nur Aldin al-Dibiski" / "Nur al-Din al-Dibiski": one "al" pairs with either).
          if ((runScores[k] as number) > 0 && runPartner[k] !== i && !(runs[k] as ScoringToken).particle) free = false;
        }
        if (!free) continue;
        let joinedLength = headPart.length;
        for (let k = start + 1; k < start + len; k += 1) joinedLength += (runs[k] as ScoringToken).info.folded.length;
        if (!spelledWord && Math.abs(joinedLength - word.length) > 2) continue;
        let joinedWord = headPart;
        for (let k = start + 1; k < start + len; k += 1) joinedWord += (runs[k] as ScoringToken).info.folded;
        const relation = scriptRelation(s, head);
        // Words written in Hebrew, Greek or katakana join their spellings (עבד אל-מלך against Abdulmalik), and
        // meet the single word by them alone (not by their transliterations joined). The classes
        // counted are the Latin word's as written: the Hebrew's likeliest spelling drops some ("avdal"),
        // and the variant key some more (Abdul is keyed "abd").
        const spelledRun = head.spellings !== undefined ? joinedSpelling(runs, start, len) : undefined;
        // (A single word with spellings, against listed words joined, counts from the spellings' score when
        // the joined words are one of its spellings: ジョンウン / Jong Un.)
        const spelledSingle = spelledWord && spelledRun === undefined && s.spellings?.pattern?.test(joinedWord) === true;
        // A Hebrew word meets the joined words only where its spellings do (most runs of a name do not):
        // answered before the joined word's record is made.
        if (spelledWord && spelledRun === undefined && !spelledSingle && joinedWord !== word && comparedBySpellingsAlone(s, head, relation)
          && s.spellings?.loosePattern?.test(joinedWord) !== true) continue;
        const joined = makeTokenInfo(joinedWord);
        // Syllables romanized from Hangul join their Hangul keys too (석 + 열 against Sukyeol).
        // ('' where a syllable has none: the joined word's Latin spelling is keyed instead, never the head's key alone.)
        const joinedKorean = relation === ScriptRelation.FromHangul ? (joinedKoreanKey(runs, start, len) ?? '') : undefined;
        const m = spelledRun === undefined ? compareTokens(s, head, joined, relation, joinedKorean) : spelledRun.test(s.info.folded) ? SPELLED_COMPOUND : NO_MATCH;
        const classes = spelledRun !== undefined ? phoneticKey(s.info.folded).length : joined.phonetic.length;
        const enough = m.score >= MIN_COMPOUND_SCORE || ((isAbjadRelation(relation) || spelledRun !== undefined || spelledSingle) && m.score >= MIN_ABJAD_COMPOUND_SCORE && classes >= MIN_ABJAD_COMPOUND_CLASSES)
          || (relation === ScriptRelation.FromHangul && m.score >= KOREAN_KEY_SCORE && koreanKeysOfMeet(s.info, joined, s.korean, joinedKorean));
        if (enough && m.score > current) {
          const old = singlePartner[i] as number;
          if (old >= 0) {
            runScores[old] = 0;
            runPartner[old] = -1;
          }
          singleScores[i] = m.score;
          singlePartner[i] = -2;
          for (let k = start; k < start + len; k += 1) {
            runScores[k] = m.score;
            runPartner[k] = -2;
          }
          found = true;
          matched = true;
          break;
        }
      }
    }
  }
  return found;
}

const SPELLED_COMPOUND: TokenMatch = { score: MIN_ABJAD_COMPOUND_SCORE, kind: 'transliteration' };
const NO_MATCH: TokenMatch = { score: 0, kind: 'none' };

/**
 * The spellings of `len` tokens from `start` written together, as one pattern (word-spellings.ts
 * pattern): a particle "al" as any vowel before its l (al, el, ul: Abdulmalik), any other word without
 * spellings as it is.
 */
function joinedSpelling(runs: ScoringToken[], start: number, len: number): SpellingPattern {
  const parts: PatternPart[] = [];
  for (let k = start; k < start + len; k += 1) {
    const t = runs[k] as ScoringToken;
    const pattern = t.spellings?.pattern;
    if (pattern) parts.push(...pattern.parts);
    else parts.push(t.particle && t.info.folded === 'al' ? JOINED_ARTICLE : [t.info.folded]);
  }
  return new SpellingPattern(parts);
}
/** The article written into a compound: Abdulmalik, Abdelmalek, Nasrallah. */
const JOINED_ARTICLE: readonly string[] = ['l', 'al', 'el', 'il', 'ul', 'oul'];

/** The Hangul keys of `len` tokens from `start` joined, when every one of them has one. */
function joinedKoreanKey(runs: ScoringToken[], start: number, len: number): string | undefined {
  let key = '';
  for (let k = start; k < start + len; k += 1) {
    const part = (runs[k] as ScoringToken).korean;
    if (!part) return undefined;
    key += part;
  }
  return key;
}

/** The folded words of the tokens that are not particles. */
function content(tokens: ScoringToken[]): string[] {
  const out: string[] = [];
  for (const t of tokens) if (!t.particle) out.push(t.info.folded);
  return out;
}

/**
 * Word boundaries placed differently on both sides (Myongc-Hin / Myong-Chin): compare the whole
 * names written together, in the query's order against the listed order and against the listed
 * order with the surname moved last. Only an exact join counts (one edit already lets
 * "Il Muhammad" join like "Al Muhammad").
 */
function joinedNameScore(query: ScoringToken[], listed: ScoringToken[]): number {
  // Both joins have the listed content's length: names whose content differs in length or word
  // count outside 2..5 cannot join equal, and are answered before building any string.
  let qWords = 0;
  let qLength = 0;
  for (const t of query) if (!t.particle) { qWords += 1; qLength += t.info.folded.length; }
  let lWords = 0;
  let lLength = 0;
  for (const t of listed) if (!t.particle) { lWords += 1; lLength += t.info.folded.length; }
  if (qWords < 2 || lWords < 2 || qWords > 5 || lWords > 5 || qLength !== lLength) return 0;
  const q = content(query);
  const l = content(listed);
  let firstContent = -1;
  let firstSurname = -1;
  for (let k = 0; k < listed.length; k += 1) {
    const t = listed[k] as ScoringToken;
    if (firstContent < 0 && !t.particle) firstContent = k;
    if (firstSurname < 0 && t.role === Role.Surname) firstSurname = k;
  }
  const surnameFirst = firstContent === firstSurname;
  const qJoined = q.join('');
  if (qJoined === l.join('')) return 0.97;
  if (surnameFirst && qJoined === [...l.slice(1), l[0]].join('')) return 0.97;
  return 0;
}

function isReordered(query: ScoringToken[], listed: ScoringToken[], pairs: Pair[]): boolean {
  const swapped = pairs.some(({ qi, cj }) => {
    const a = (query[qi] as ScoringToken).role;
    const b = (listed[cj] as ScoringToken).role;
    return (a === Role.Given && (b === Role.Surname || b === Role.Surname2)) || (a === Role.Surname && b === Role.Given);
  });
  if (swapped) return true;
  const anyOrder = pairs.some(({ qi, cj }) => (query[qi] as ScoringToken).role === Role.Any || (listed[cj] as ScoringToken).role === Role.Any);
  if (!anyOrder) return false;
  const sorted = [...pairs].filter((p) => !(query[p.qi] as ScoringToken).particle).sort((x, y) => x.qi - y.qi);
  return sorted.some((p, k) => k > 0 && p.cj < (sorted[k - 1] as Pair).cj);
}

let bufferSize = 64;
let qScoreBuffer = new Float64Array(bufferSize);
let cScoreBuffer = new Float64Array(bufferSize);
let qPartnerBuffer = new Int32Array(bufferSize);
let cPartnerBuffer = new Int32Array(bufferSize);

function growBuffers(size: number): void {
  bufferSize = size;
  qScoreBuffer = new Float64Array(size);
  cScoreBuffer = new Float64Array(size);
  qPartnerBuffer = new Int32Array(size);
  cPartnerBuffer = new Int32Array(size);
}

/** Pair records reused by compareNames (one comparison at a time per thread); its first entries are the call's. */
const candidateBuffer: Pair[] = [];
const pairBuffer: Pair[] = [];

function byPairOrder(x: Pair, y: Pair): number {
  return y.match.score - x.match.score || Math.abs(x.qi - x.cj) - Math.abs(y.qi - y.cj);
}

/** A name part without a counterpart (not a particle). */
function hasUnmatchedPart(tokens: ScoringToken[], scores: Float64Array): boolean {
  for (let k = 0; k < tokens.length; k += 1) if ((scores[k] as number) === 0 && !(tokens[k] as ScoringToken).particle) return true;
  return false;
}

function allExact(tokens: ScoringToken[], scores: Float64Array): boolean {
  for (let k = 0; k < tokens.length; k += 1) if (!(tokens[k] as ScoringToken).particle && (scores[k] as number) !== 1) return false;
  return true;
}

const NO_KINDS = Object.freeze([]) as unknown as NameMatchKind[];
/** Most listed names a query meets share no strong word with it: one answer for all of them. */
const NO_NAME_MATCH: NameComparison = Object.freeze({ score: 0, kinds: NO_KINDS });

/**
 * `floor`: a score below it is returned without its kinds (the caller has no use for them: search
 * weighs only names that may reach its threshold). The score itself is the same.
 */
export function compareNames(
  query: ScoringToken[], listed: ScoringToken[], isOrganisation: boolean, similarity: TokenSimilarityFn = defaultSimilarity(query), floor = Number.NEGATIVE_INFINITY,
): NameComparison {
  if (query.length === 0 || listed.length === 0) return { score: 0, kinds: [] };
  // The word pairs worth pairing, best first (byPairOrder; among equals in the order found, as a
  // stable sort leaves them), in records reused from call to call: a query compares hundreds of
  // names, most of them with no pair at all.
  const candidates = candidateBuffer;
  let candidateCount = 0;
  for (let qi = 0; qi < query.length; qi += 1) {
    for (let cj = 0; cj < listed.length; cj += 1) {
      const match = similarity(qi, listed[cj] as ScoringToken);
      // A single letter in a company name is part of the name ("M INVEST", "K TECHNOLOGIES"), not the initial of a word.
      if (isOrganisation && match.kind === 'initials') continue;
      // (Written so that a NaN score is dropped, as it was before.)
      if (!(match.score >= MIN_PAIR_SCORE)) continue;
      if (candidateCount === candidates.length) candidates.push({ qi: 0, cj: 0, match });
      const pair = candidates[candidateCount] as Pair;
      pair.qi = qi;
      pair.cj = cj;
      pair.match = match;
      // Insertion in order: a pair goes after every pair it does not rank above.
      let at = candidateCount;
      while (at > 0 && byPairOrder(candidates[at - 1] as Pair, pair) > 0) {
        candidates[at] = candidates[at - 1] as Pair;
        at -= 1;
      }
      candidates[at] = pair;
      candidateCount += 1;
    }
  }
  // Reused buffers (one comparison at a time per thread); only the first length entries are read.
  if (bufferSize < query.length || bufferSize < listed.length) growBuffers(Math.max(query.length, listed.length));
  // Cleared in a loop: names have a handful of words, for which four typed-array fill calls cost more.
  const qScores = qScoreBuffer;
  const cScores = cScoreBuffer;
  const qPartner = qPartnerBuffer;
  const cPartner = cPartnerBuffer;
  for (let k = 0; k < query.length; k += 1) {
    qScores[k] = 0;
    qPartner[k] = -1;
  }
  for (let k = 0; k < listed.length; k += 1) {
    cScores[k] = 0;
    cPartner[k] = -1;
  }
  // The pairs taken, best first: the first pairCount entries of a reused array.
  const pairs = pairBuffer;
  let pairCount = 0;
  for (let k = 0; k < candidateCount; k += 1) {
    const p = candidates[k] as Pair;
    if ((qScores[p.qi] as number) > 0 || (cScores[p.cj] as number) > 0) continue;
    qScores[p.qi] = p.match.score;
    cScores[p.cj] = p.match.score;
    qPartner[p.qi] = p.cj;
    cPartner[p.cj] = p.qi;
    pairs[pairCount] = p;
    pairCount += 1;
  }
  const compoundA = matchCompounds(query, qScores, qPartner, listed, cScores, cPartner);
  const compoundB = matchCompounds(listed, cScores, cPartner, query, qScores, qPartner);
  // Pairs undone by a compound match no longer count.
  if (compoundA || compoundB) {
    let kept = 0;
    for (let k = 0; k < pairCount; k += 1) {
      const p = pairs[k] as Pair;
      if (qPartner[p.qi] !== p.cj || cPartner[p.cj] !== p.qi) continue;
      pairs[kept] = p;
      kept += 1;
    }
    pairCount = kept;
  }

  let strongContent = compoundA || compoundB;
  for (let k = 0; k < pairCount && !strongContent; k += 1) {
    const p = pairs[k] as Pair;
    const q = query[p.qi] as ScoringToken;
    if (p.match.score >= 0.75 && !q.particle && !q.info.isInitial) strongContent = true;
  }
  if (!strongContent) return NO_NAME_MATCH;

  const qCov = coverage(query, qScores, QUERY_MISSING_FACTOR, isOrganisation);
  const genericMissing = isOrganisation && anchoredOnDistinctiveWord(listed, cScores) && everyQueryWordMatched(query, qScores) ? LISTED_GENERIC_MISSING_FACTOR : 1;
  const cCov = coverage(listed, cScores, LISTED_MISSING_FACTOR, isOrganisation, genericMissing);
  let score = QUERY_SHARE * qCov + (1 - QUERY_SHARE) * cCov;
  let joinedName = false;
  if (score < 0.9) {
    const joined = joinedNameScore(query, listed);
    if (joined > score) {
      score = joined;
      joinedName = true;
    }
  }
  if (score < floor) return { score, kinds: NO_KINDS };

  const kinds = new Set<NameMatchKind>();
  if (compoundA || compoundB || joinedName) kinds.add('name_compound');

  const taken = pairs.slice(0, pairCount);
  for (const p of taken) if (p.match.kind !== 'exact' && p.match.kind !== 'none') kinds.add(p.match.kind);
  if (isReordered(query, listed, taken)) kinds.add('name_reordered');
  // Any name part without a counterpart (given name, surname, or middle names the other side lacks),
  // so a hit always says why it is not exact.
  if (hasUnmatchedPart(query, qScores) || hasUnmatchedPart(listed, cScores)) kinds.add('partial_name');
  if (allExact(query, qScores) && allExact(listed, cScores) && !compoundA && !compoundB) kinds.add('exact_name');
  return { score, kinds: [...kinds] };
}
