/**
 * The Latin spellings of a word written in another script, as a sequence of parts a Latin word must
 * spell out whole, in order: each part is one of a few literal spellings (ב: b, bb, v, vv, w) or a run
 * of vowel letters within a range of lengths (a vowel the script left unwritten). Matched by a
 * memoised walk over (part, position): at most parts × (letters + 1) states, each tried once, so a
 * long word or one full of optional parts costs no more than its size (a regular expression of the
 * same shape backtracks exponentially on a run of optional vowels).
 */
export interface VowelRun {
  readonly letters: string;
  readonly min: number;
  readonly max: number;
}

export type PatternPart = readonly string[] | VowelRun;

export class SpellingPattern {
  constructor(readonly parts: readonly PatternPart[]) {}

  /** Whether `word` (folded Latin) is one of the spellings, whole. */
  test(word: string): boolean {
    const parts = this.parts;
    const width = word.length + 1;
    // 0: not tried; 1: fails; 2: matches.
    const state = new Uint8Array((parts.length + 1) * width);
    const walk = (p: number, at: number): boolean => {
      if (p === parts.length) return at === word.length;
      const key = p * width + at;
      const known = state[key] as number;
      if (known !== 0) return known === 2;
      let ok = false;
      const part = parts[p] as PatternPart;
      if (Array.isArray(part)) {
        for (const spelling of part as readonly string[]) {
          if (word.startsWith(spelling, at) && walk(p + 1, at + spelling.length)) {
            ok = true;
            break;
          }
        }
      } else {
        const run = part as VowelRun;
        for (let k = 0; k <= run.max && !ok; k += 1) {
          if (k > 0 && (at + k > word.length || !run.letters.includes(word[at + k - 1] as string))) break;
          if (k >= run.min && walk(p + 1, at + k)) ok = true;
        }
      }
      state[key] = ok ? 2 : 1;
      return ok;
    };
    return walk(0, 0);
  }
}
