/**
 * Edit-distance measures on short strings (name tokens): optimal-string-alignment Damerau-Levenshtein
 * with an early cut-off, and Jaro-Winkler. Both work on UTF-16 code units, which is exact for the
 * folded ASCII tokens the matcher compares.
 */

// Rows reused across calls (the matcher calls these many thousands of times a query; one thread each).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);
let seenA = new Uint8Array(64);
let seenB = new Uint8Array(64);

const letterCounts = new Int32Array(128);

/**
 * Whether the bag distance (letters one word has beyond the other, the larger side) exceeds `max`:
 * a lower bound of the edit distance (a transposition moves no letter; every other edit changes one
 * letter on each side at most), read in one pass. Words outside ASCII are not bounded here (false).
 */
function bagDistanceExceeds(a: string, b: string, max: number): boolean {
  for (let i = 0; i < a.length; i += 1) {
    const c = a.charCodeAt(i);
    if (c >= 128) {
      for (let k = 0; k < i; k += 1) letterCounts[a.charCodeAt(k)] = 0;
      return false;
    }
    letterCounts[c] = (letterCounts[c] as number) + 1;
  }
  let onlyB = 0;
  let ascii = true;
  for (let j = 0; j < b.length; j += 1) {
    const c = b.charCodeAt(j);
    if (c >= 128) {
      ascii = false;
      break;
    }
    const left = (letterCounts[c] as number) - 1;
    letterCounts[c] = left;
    if (left < 0) onlyB += 1;
  }
  // Letters of a left unmatched: the sum of the positive counts.
  let onlyA = 0;
  for (let i = 0; i < a.length; i += 1) {
    const c = a.charCodeAt(i);
    const left = letterCounts[c] as number;
    if (left > 0) onlyA += left;
    letterCounts[c] = 0;
  }
  for (let j = 0; j < b.length; j += 1) {
    const c = b.charCodeAt(j);
    if (c < 128) letterCounts[c] = 0;
  }
  return ascii && Math.max(onlyA, onlyB) > max;
}

/**
 * The letters of a word as a set in one 31-bit number: a–z one bit each, other characters sharing
 * bits by code. Stored with each token record (token-vocabulary.ts) for letterSetDistance. Read in
 * UTF-16 code units, as osaDistance counts its edits: were that to count code points, one astral
 * character substituted would be one edit but two letters here, and the bound would no longer hold.
 */
export function letterSet(word: string): number {
  let set = 0;
  for (let i = 0; i < word.length; i += 1) set |= 1 << (word.charCodeAt(i) % 31);
  return set;
}

function bitCount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A lower bound of the edit distance of two words from their letterSets, in a few integer steps:
 * each bit one word has and the other lacks stands for at least one letter that the other word lacks
 * entirely, and each such letter takes an edit of its own (a substitution removes one letter and adds
 * one; a transposition neither). The larger count of the two sides bounds the distance. A weaker
 * relative of bagDistanceExceeds (which counts repeated letters too, in a pass over both words),
 * read without looking at the words: tokenSimilarity asks it first.
 */
export function letterSetDistance(a: number, b: number): number {
  const onlyA = bitCount(a & ~b);
  const onlyB = bitCount(b & ~a);
  return onlyA > onlyB ? onlyA : onlyB;
}

/**
 * osaDistance(a, b, max), answered max + 1 at once when the words' letter sets (their letterSets,
 * `aLetters` and `bLetters`) already put them more than `max` apart.
 */
export function osaDistanceWithin(a: string, aLetters: number, b: string, bLetters: number, max: number): number {
  return letterSetDistance(aLetters, bLetters) > max ? max + 1 : osaDistance(a, b, max);
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent transpositions).
 * Returns `max + 1` as soon as the distance is known to exceed `max`.
 */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0) return lb;
  if (lb === 0) return la;
  if (max < la && max < lb && bagDistanceExceeds(a, b, max)) return max + 1;
  if (rowA.length <= lb) {
    rowA = new Int32Array(lb + 1);
    rowB = new Int32Array(lb + 1);
    rowC = new Int32Array(lb + 1);
  }
  let prevPrev = rowA.fill(0, 0, lb + 1);
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j += 1) prev[j] = j;
  for (let i = 1; i <= la; i += 1) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= lb; j += 1) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = (prev[j] as number) + 1;
      const ins = (cur[j - 1] as number) + 1;
      if (ins < v) v = ins;
      const sub = (prev[j - 1] as number) + cost;
      if (sub < v) v = sub;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && caBefore === cb) {
        const tr = (prevPrev[j - 2] as number) + 1;
        if (tr < v) v = tr;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = cur;
    cur = spare;
  }
  return prev[lb] as number;
}

/** Jaro-Winkler similarity in [0, 1] (prefix scale 0.1, prefix up to 4). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (seenA.length < la) seenA = new Uint8Array(la);
  if (seenB.length < lb) seenB = new Uint8Array(lb);
  const aMatched = seenA.fill(0, 0, la);
  const bMatched = seenB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i += 1) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    for (let j = lo; j <= hi; j += 1) {
      if (bMatched[j] === 0 && a.charCodeAt(i) === b.charCodeAt(j)) {
        aMatched[i] = 1;
        bMatched[j] = 1;
        matches += 1;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i += 1) {
    if (aMatched[i] === 0) continue;
    while (bMatched[k] === 0) k += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions += 1;
    k += 1;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}
