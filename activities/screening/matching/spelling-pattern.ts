/**
 * The Latin spellings of a word written in another script, as a sequence of parts a Latin word must
 * spell out whole, in order: each part is one of a few literal spellings (ב: b, bb, v, vv, w) or a run
 * of vowel letters within a range of lengths (a vowel the script left unwritten). Matched by a
 * memoised walk over (part, position): at most parts × (letters + 1) states, each tried once, so a
 * long word or one full of optional parts costs no more than its size (a regular expression of the
 * same shape backtracks exponentially on a run of optional vowels).
 *
 * A query word is tested against every listed word and every run of listed words joined that its
 * candidates hold (hundreds of names a query), and nearly all fail: the lengths the pattern can
 * spell and the letters it can start and end with, worked out once, answer most of them without
 * the walk.
 */
export interface VowelRun {
  readonly letters: string;
  readonly min: number;
  readonly max: number;
}

export type PatternPart = readonly string[] | VowelRun;

/** The walk's states, shared by every test on this thread (a test runs to its end before the next). */
let scratch = new Uint8Array(256);

export class SpellingPattern {
  private readonly minLength: number;
  private readonly maxLength: number;
  /** Letters a non-empty spelling can start / end with. */
  private readonly firstLetters: string;
  private readonly lastLetters: string;

  constructor(readonly parts: readonly PatternPart[]) {
    let min = 0;
    let max = 0;
    for (const part of parts) {
      if (isRun(part)) {
        min += part.min;
        max += part.max;
      } else {
        min += Math.min(...part.map((s) => s.length));
        max += Math.max(0, ...part.map((s) => s.length));
      }
    }
    this.minLength = min;
    this.maxLength = max;
    this.firstLetters = edgeLetters(parts, (s) => s[0] as string);
    this.lastLetters = edgeLetters([...parts].reverse(), (s) => s[s.length - 1] as string);
  }

  /** Whether `word` (folded Latin) is one of the spellings, whole. */
  test(word: string): boolean {
    const length = word.length;
    if (length < this.minLength || length > this.maxLength) return false;
    if (length > 0 && (!this.firstLetters.includes(word[0] as string) || !this.lastLetters.includes(word[length - 1] as string))) return false;
    const size = (this.parts.length + 1) * (length + 1);
    if (scratch.length < size) scratch = new Uint8Array(Math.max(size, scratch.length * 2));
    else scratch.fill(0, 0, size);
    return this.walk(word, scratch, 0, 0);
  }

  /** States: 0 not tried, 1 fails, 2 matches; keyed part × (word length + 1) + position. */
  private walk(word: string, state: Uint8Array, p: number, at: number): boolean {
    const parts = this.parts;
    if (p === parts.length) return at === word.length;
    const key = p * (word.length + 1) + at;
    const known = state[key] as number;
    if (known !== 0) return known === 2;
    let ok = false;
    const part = parts[p] as PatternPart;
    if (!isRun(part)) {
      for (const spelling of part) {
        if (word.startsWith(spelling, at) && this.walk(word, state, p + 1, at + spelling.length)) {
          ok = true;
          break;
        }
      }
    } else {
      for (let k = 0; k <= part.max && !ok; k += 1) {
        if (k > 0 && (at + k > word.length || !part.letters.includes(word[at + k - 1] as string))) break;
        if (k >= part.min && this.walk(word, state, p + 1, at + k)) ok = true;
      }
    }
    state[key] = ok ? 2 : 1;
    return ok;
  }
}

function isRun(part: PatternPart): part is VowelRun {
  return !Array.isArray(part);
}

/**
 * The letters a non-empty spelling can have at one end: the parts from that end, each adding the
 * letters it can show there, until one that cannot be left empty.
 */
function edgeLetters(parts: readonly PatternPart[], edge: (spelling: string) => string): string {
  const letters = new Set<string>();
  for (const part of parts) {
    if (isRun(part)) {
      if (part.max > 0) for (const c of part.letters) letters.add(c);
      if (part.min > 0) break;
    } else {
      for (const s of part) if (s.length > 0) letters.add(edge(s));
      if (!part.includes('')) break;
    }
  }
  return [...letters].join('');
}
