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
import { ScriptRelation, tokenSimilarity, type TokenMatch, type TokenMatchKind } from './token-similarity.js';
import { canonicalParticle, isAlwaysParticle } from './name-particles.js';
import { PARTICLE_WEIGHT } from './token-weights.js';

export interface ScoringToken {
  info: TokenInfo;
  role: TokenRole;
  particle: boolean;
  fromScript: boolean;
  abjad: boolean;
}

/** How two tokens relate across scripts (see tokenSimilarity). */
export function scriptRelation(a: ScoringToken, b: ScoringToken): ScriptRelation {
  if (a.fromScript === b.fromScript) return ScriptRelation.Same;
  return a.abjad || b.abjad ? ScriptRelation.FromAbjad : ScriptRelation.Transliterated;
}

export type NameMatchKind = Exclude<TokenMatchKind, 'exact' | 'none'> | 'exact_name' | 'name_reordered' | 'name_compound' | 'partial_name';

export interface NameComparison {
  score: number;
  kinds: NameMatchKind[];
}

export const QUERY_SHARE = 0.6;
const MIN_PAIR_SCORE = 0.7;
const MIN_COMPOUND_SCORE = 0.93;

export const QUERY_MISSING_FACTOR: Record<TokenRole, number> = { 0: 1, 1: 0.5, 2: 1, 3: 0.6, 4: 1 };
const LISTED_MISSING_FACTOR: Record<TokenRole, number> = { 0: 1, 1: 0.3, 2: 1, 3: 0.5, 4: 1 };

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
  const [particle, word] = a.particle ? [a, b] : [b, a];
  return isAlwaysParticle(word.info.folded) && canonicalParticle(word.info.folded) === particle.info.folded ? { score: 1, kind: 'exact' } : current;
}

/** Callback so the caller can cache token similarities across many candidate names. */
export type TokenSimilarityFn = (queryIndex: number, listed: ScoringToken) => TokenMatch;

export function defaultSimilarity(query: ScoringToken[]): TokenSimilarityFn {
  return (i, listed) => {
    const q = query[i] as ScoringToken;
    return particleMatch(q, listed, tokenSimilarity(q.info, listed.info, scriptRelation(q, listed)));
  };
}

interface Pair {
  qi: number;
  cj: number;
  match: TokenMatch;
}

function coverage(tokens: ScoringToken[], scores: Float64Array, factors: Record<TokenRole, number>, isOrg: boolean): number {
  let got = 0;
  let total = 0;
  tokens.forEach((t, k) => {
    const w = weightOf(t, isOrg);
    const s = scores[k] as number;
    got += w * s;
    total += s > 0 ? w : w * factors[t.role];
  });
  return total > 0 ? got / total : 0;
}

/** The spelling of particle `canonical` (al, bin, abu ...) that `word` starts with, if any (el-, ul-, ibn-, ben-). */
function particlePrefix(word: string, canonical: string): string | undefined {
  for (let k = 2; k <= 4 && k < word.length - 2; k += 1) {
    if (canonicalParticle(word.slice(0, k)) === canonical) return word.slice(0, k);
  }
  return undefined;
}

/**
 * Tries each weakly matched token on one side (score < 0.9) against runs of 2-3 adjacent tokens on
 * the other side that are unmatched or matched only to that same token; keeps the run when better.
 */
function matchCompounds(single: ScoringToken[], singleScores: Float64Array, singlePartner: Int32Array, runs: ScoringToken[], runScores: Float64Array, runPartner: Int32Array): boolean {
  let found = false;
  single.forEach((s, i) => {
    const current = singleScores[i] as number;
    if (current >= 0.9 || s.particle || s.info.folded.length < 4) return;
    for (let start = 0; start < runs.length; start += 1) {
      for (let len = 2; len <= 3 && start + len <= runs.length; len += 1) {
        let free = true;
        for (let k = start; k < start + len; k += 1) {
          // A particle may also stand in a compound while it matches a particle elsewhere
          // ("Nur Aldin al-Dibiski" / "Nur al-Din al-Dibiski": one "al" pairs with either).
          if ((runScores[k] as number) > 0 && runPartner[k] !== i && !(runs[k] as ScoringToken).particle) free = false;
        }
        if (!free) continue;
        const run = runs.slice(start, start + len);
        // A particle written into the next word keeps its own spelling there ("Elbouhali" = el + bouhali,
        // listed "al"): join with the spelling the single word starts with.
        const parts = run.map((t) => t.info.folded);
        const head = run[0] as ScoringToken;
        if (head.particle) parts[0] = particlePrefix(s.info.folded, head.info.folded) ?? parts[0] as string;
        // Cheap pre-checks before building the joined word: a compound match needs (nearly)
        // the same length and the same first letter.
        let joinedLength = 0;
        for (const part of parts) joinedLength += part.length;
        if (Math.abs(joinedLength - s.info.folded.length) > 2) continue;
        if ((parts[0] as string)[0] !== s.info.folded[0] && head.info.variant[0] !== s.info.variant[0]) continue;
        const joined = makeTokenInfo(parts.join(''));
        const m = tokenSimilarity(s.info, joined, scriptRelation(s, run[0] as ScoringToken));
        if (m.score >= MIN_COMPOUND_SCORE && m.score > current) {
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
          return;
        }
      }
    }
  });
  return found;
}

const content = (tokens: ScoringToken[]) => tokens.filter((t) => !t.particle).map((t) => t.info.folded);

/**
 * Word boundaries placed differently on both sides (Myongc-Hin / Myong-Chin): compare the whole
 * names written together, in the query's order against the listed order and against the listed
 * order with the surname moved last. Only an exact join counts (one edit already lets
 * "Il Muhammad" join like "Al Muhammad").
 */
function joinedNameScore(query: ScoringToken[], listed: ScoringToken[]): number {
  const q = content(query);
  const l = content(listed);
  if (q.length < 2 || l.length < 2 || q.length > 5 || l.length > 5) return 0;
  const surnameFirst = listed.findIndex((t) => !t.particle) === listed.findIndex((t) => t.role === Role.Surname);
  const orders = [l.join('')];
  if (surnameFirst) orders.push([...l.slice(1), l[0]].join(''));
  const qJoined = q.join('');
  let best = 0;
  for (const lJoined of orders) {
    if (qJoined === lJoined) best = 0.97;
  }
  return best;
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

export function compareNames(query: ScoringToken[], listed: ScoringToken[], isOrganisation: boolean, similarity: TokenSimilarityFn = defaultSimilarity(query)): NameComparison {
  if (query.length === 0 || listed.length === 0) return { score: 0, kinds: [] };
  const candidates: Pair[] = [];
  query.forEach((_, qi) => {
    listed.forEach((c, cj) => {
      const match = similarity(qi, c);
      // A single letter in a company name is part of the name ("M INVEST", "K TECHNOLOGIES"), not the initial of a word.
      if (isOrganisation && match.kind === 'initials') return;
      if (match.score >= MIN_PAIR_SCORE) candidates.push({ qi, cj, match });
    });
  });
  candidates.sort((x, y) => y.match.score - x.match.score || Math.abs(x.qi - x.cj) - Math.abs(y.qi - y.cj));
  const qScores = new Float64Array(query.length);
  const cScores = new Float64Array(listed.length);
  const qPartner = new Int32Array(query.length).fill(-1);
  const cPartner = new Int32Array(listed.length).fill(-1);
  let pairs: Pair[] = [];
  for (const p of candidates) {
    if ((qScores[p.qi] as number) > 0 || (cScores[p.cj] as number) > 0) continue;
    qScores[p.qi] = p.match.score;
    cScores[p.cj] = p.match.score;
    qPartner[p.qi] = p.cj;
    cPartner[p.cj] = p.qi;
    pairs.push(p);
  }
  const kinds = new Set<NameMatchKind>();
  const compoundA = matchCompounds(query, qScores, qPartner, listed, cScores, cPartner);
  const compoundB = matchCompounds(listed, cScores, cPartner, query, qScores, qPartner);
  // Pairs undone by a compound match no longer count.
  pairs = pairs.filter((p) => qPartner[p.qi] === p.cj && cPartner[p.cj] === p.qi);
  if (compoundA || compoundB) kinds.add('name_compound');

  const strongContent = pairs.some((p) => p.match.score >= 0.75 && !(query[p.qi] as ScoringToken).particle && !(query[p.qi] as ScoringToken).info.isInitial)
    || compoundA || compoundB;
  if (!strongContent) return { score: 0, kinds: [] };

  const qCov = coverage(query, qScores, QUERY_MISSING_FACTOR, isOrganisation);
  const cCov = coverage(listed, cScores, LISTED_MISSING_FACTOR, isOrganisation);
  let score = QUERY_SHARE * qCov + (1 - QUERY_SHARE) * cCov;
  if (score < 0.9) {
    const joined = joinedNameScore(query, listed);
    if (joined > score) {
      score = joined;
      kinds.add('name_compound');
    }
  }

  for (const p of pairs) if (p.match.kind !== 'exact' && p.match.kind !== 'none') kinds.add(p.match.kind);
  if (isReordered(query, listed, pairs)) kinds.add('name_reordered');
  // Any name part without a counterpart (given name, surname, or middle names the other side lacks),
  // so a hit always says why it is not exact.
  const unmatchedPart = (tokens: ScoringToken[], scores: Float64Array) => tokens.some((t, k) => (scores[k] as number) === 0 && !t.particle);
  if (unmatchedPart(query, qScores) || unmatchedPart(listed, cScores)) kinds.add('partial_name');
  const allExact = (tokens: ScoringToken[], scores: Float64Array) => tokens.every((t, k) => t.particle || (scores[k] as number) === 1);
  if (allExact(query, qScores) && allExact(listed, cScores) && !compoundA && !compoundB) kinds.add('exact_name');
  return { score, kinds: [...kinds] };
}
