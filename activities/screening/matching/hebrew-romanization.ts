/**
 * Hebrew → Latin for names, one word at a time. Hebrew writes few vowels and several letters stand
 * for two sounds each, which Latin spellings of the same name tell apart: ב b or v (Ben, Sharvit),
 * כ k or ch (Kahane, Zicherman), פ p or f (Pazi, Yosef), ו the consonant v or the vowels o / u (Levi,
 * Yinon, Gopstein), י y or i / e / ei (Yosef, Levi, Gopstein), ש sh or s (Shalom, Israel), ח ch, h or
 * kh (Chasdai, Hasdai), צ tz, ts or z (Tzvi, Zvi), ת t or s. So a word gets:
 *  - one spelling, the likeliest (a word-initial ב כ פ is b k p, a later one v ch f; ו and י between
 *    consonants are vowels, at the start and doubled consonants): ינון "yinon", לוי "levi" ...;
 *  - and every consonant skeleton its letters can stand for (phonetic-key.ts over each reading, at
 *    most MAX_READINGS of them): a Latin word of the same skeleton as one of them is the same name
 *    written another way (token-similarity.ts, compared like an Arabic-script word's skeleton).
 * Vowel points (niqqud), where written, give the vowels, and the dagesh and the shin / sin dots settle
 * the letter's sound. A geresh (ג׳ j, ז׳ zh, צ׳ ch, ת׳ th) marks the sounds of foreign names. The
 * definite article and prepositions glued to a word (ה־, ו־, ב־) are not split off: names rarely
 * carry them.
 */
import { phoneticKey } from './phonetic-key.js';
import { variantKey } from './name-variants.js';

const HEBREW_LETTER = /[\u05d0-\u05ea\ufb1d-\ufb4f]/;

export function isHebrew(ch: string): boolean {
  return HEBREW_LETTER.test(ch);
}

/** At most this many readings of a word are keyed: the letters beyond them keep their likeliest sound. */
const MAX_READINGS = 256;

const DAGESH = '\u05bc';
const SHIN_DOT = '\u05c1';
const SIN_DOT = '\u05c2';
const GERESH = /['’‘`´׳]/;
const VOWEL_POINTS: Record<string, string> = {
  '\u05b0': '', '\u05b1': 'e', '\u05b2': 'a', '\u05b3': 'o', '\u05b4': 'i', '\u05b5': 'e', '\u05b6': 'e',
  '\u05b7': 'a', '\u05b8': 'a', '\u05b9': 'o', '\u05ba': 'o', '\u05bb': 'u', '\u05c7': 'o',
};

interface Letter {
  base: string;
  dagesh: boolean;
  shin: boolean;
  sin: boolean;
  geresh: boolean;
  /** The vowel its points give after it, '' when none is written; undefined when the word has no points. */
  vowel: string | undefined;
}

/** Splits a word into letters with their marks; presentation forms (שּׁ, בּ) decomposed first. */
function lettersOf(word: string): Letter[] {
  const out: Letter[] = [];
  const pointed = /[\u05b0-\u05bb\u05c7]/.test(word.normalize('NFD'));
  for (const ch of word.normalize('NFD')) {
    const last = out[out.length - 1];
    if (ch >= '\u05d0' && ch <= '\u05ea') {
      out.push({ base: ch, dagesh: false, shin: false, sin: false, geresh: false, vowel: pointed ? '' : undefined });
    } else if (last === undefined) {
      continue;
    } else if (ch === DAGESH) last.dagesh = true;
    else if (ch === SHIN_DOT) last.shin = true;
    else if (ch === SIN_DOT) last.sin = true;
    else if (GERESH.test(ch)) last.geresh = true;
    else if (VOWEL_POINTS[ch] !== undefined && last.vowel !== undefined) last.vowel += VOWEL_POINTS[ch];
  }
  return out;
}

const FINAL_FORMS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const PLAIN: Record<string, string[]> = {
  ד: ['d'], ט: ['t'], ל: ['l'], מ: ['m'], נ: ['n'], ס: ['s'], ק: ['k', 'q'], ר: ['r'],
};
/**
 * The Latin readings of the letter at `i`, likeliest first. `prev` / `next`: its neighbours (undefined
 * at the word's ends), by their base letter with final forms folded.
 */
function readingsOf(letters: Letter[], i: number): string[] {
  const l = letters[i] as Letter;
  const base = FINAL_FORMS[l.base] ?? l.base;
  const final = l.base in FINAL_FORMS || i === letters.length - 1;
  const first = i === 0;
  const prev = letters[i - 1];
  const next = letters[i + 1];
  const pointed = l.vowel !== undefined;
  switch (base) {
    case 'א':
    case 'ע':
      // A vowel's carrier: the vowel is written by the point, else read as a (initial) or e / a.
      return pointed ? [''] : first ? ['a', 'e', 'i', 'o'] : ['', 'a', 'e'];
    case 'ב':
      return l.dagesh ? ['b'] : l.geresh ? ['v'] : first ? ['b', 'v'] : ['v', 'b'];
    case 'ג':
      return l.geresh ? ['j', 'g'] : ['g'];
    case 'ה':
      // A final ה after a consonant is a vowel (משה Moshe, נריה Neriya), silent after a written point; elsewhere h.
      if (final && !first) return pointed ? ['', 'h'] : ['a', 'e', 'h', ''];
      return ['h', ''];
    case 'ו': {
      if (next?.base === 'ו') return ['v', 'w'];
      if (prev?.base === 'ו') return [''];
      // With points: וּ is u, וֹ o, and a ו with any other vowel (or none, in a pointed word) the consonant v.
      if (l.dagesh && !first) return ['u'];
      if (pointed) return l.vowel === 'o' && !first ? ['o'] : ['v'];
      if (first) return ['v', 'w'];
      return final ? ['o', 'v', 'u'] : ['o', 'u', 'v', 'w'];
    }
    case 'ז':
      return l.geresh ? ['zh', 'j', 'z'] : ['z'];
    case 'ח':
      return ['ch', 'h', 'kh'];
    case 'י': {
      if (next?.base === 'י') return first ? ['y'] : ['ei', 'y', 'ai', 'i'];
      if (prev?.base === 'י') return [''];
      // With points: a י with its own vowel is the consonant y; without one, the vowel before it lengthened (silent).
      if (pointed) return l.vowel !== '' || first ? ['y'] : [''];
      if (first) return ['y', 'i', 'e'];
      return final ? ['i', 'y', 'ai'] : ['i', 'e', 'y'];
    }
    case 'כ':
      return l.dagesh ? ['k'] : first && !final ? ['k', 'ch', 'kh'] : ['ch', 'kh', 'k'];
    case 'פ':
      return l.dagesh ? ['p'] : l.geresh ? ['f'] : first && !final ? ['p', 'f'] : l.base === 'ף' ? ['f', 'p'] : ['f', 'p'];
    case 'צ':
      return l.geresh ? ['ch', 'tch'] : ['tz', 'ts', 'z'];
    case 'ש':
      return l.sin ? ['s'] : l.shin ? ['sh'] : ['sh', 's'];
    case 'ת':
      return l.geresh ? ['th'] : ['t', 's', 'th'];
    default:
      return PLAIN[base] ?? [''];
  }
}

export interface HebrewRomanization {
  /** The likeliest Latin spelling. */
  text: string;
  /** Every consonant skeleton the word's letters can stand for (phonetic-key.ts), the spelling's first: where candidates are looked up. */
  skeletons: string[];
  /**
   * The Latin spellings of the word (hebrewSpellingPattern): a folded Latin word matching it is the
   * same name written another way. Undefined for a word without Hebrew letters.
   */
  pattern: RegExp | undefined;
  /** The same, with any vowel left unwritten (UNWRITTEN_LOOSE): the weaker sign. */
  loosePattern: RegExp | undefined;
}

/**
 * A vowel Hebrew leaves unwritten, after a consonant: a or e (פזי Pazi, נריה Neriya). Long i, o and u
 * are written with י and ו in modern spellings of names, foreign ones above all (פוטין Putin, מוסא Musa);
 * old names leave them out too (משה Moshe, יצחק Yitzhak, שלמה Shlomo): the `loose` pattern allows that.
 */
const UNWRITTEN = '[ae]{0,2}';
const UNWRITTEN_LOOSE = '[aeiou]{0,2}';
/** Latin spellings of each letter (a consonant's doubled form, its digraphs), by base letter. */
const SPELLINGS: Record<string, string> = {
  ב: 'bb?|vv?|w', ג: 'gg?|gh', ד: 'dd?|dh', ז: 'zz?|s', ח: 'ch|kh|hh?', ט: 'tt?|th', כ: 'k|c|ck|kk|ch|kh|h',
  ל: 'll?', מ: 'mm?', נ: 'nn?', ס: 'ss?|c|z', פ: 'pp?|ff?|ph', צ: 'tz|ts|z|c|tc|s|cz|tsch', ק: 'k|q|c|ck|kk',
  ר: 'rr?|rh', ש: 'sh|s|ss|sch|sz', ת: 'tt?|th|s',
};
/** With a dagesh (בּ כּ פּ), the shin / sin dot (שׁ שׂ), or a geresh (ג׳ ...). */
const DAGESH_SPELLINGS: Record<string, string> = { ב: 'bb?', כ: 'k|c|ck|kk', פ: 'pp?' };
const GERESH_SPELLINGS: Record<string, string> = { ג: 'j|dj|dzh|g', ד: 'th|dh|d', ז: 'zh|j|g|s', צ: 'ch|tch|tsch|c|j', ת: 'th|t' };

/**
 * The Latin spellings of a Hebrew word, as one pattern over a folded Latin word. Each consonant is
 * one of its letter's spellings (ב b or v, כ k, c or ch, ש sh or s ...), optionally followed by a
 * vowel Hebrew did not write; א and ע stand for a vowel or nothing, ו for o, u or v (w), י for i, e or
 * y (j), a doubled וו / יי for v / ei, a final ה for a vowel or h. Unlike the skeleton (vowels
 * dropped), a written vowel letter must meet a vowel or its consonant, and a Latin vowel must sit
 * where Hebrew could leave one unwritten: Avraham is not Rahim, Yosef is not Safavi.
 */
function hebrewSpellingPattern(letters: Letter[], unwritten: string): RegExp {
  let source = '^';
  letters.forEach((l, i) => {
    const base = FINAL_FORMS[l.base] ?? l.base;
    const first = i === 0;
    const final = i === letters.length - 1;
    const prev = letters[i - 1];
    const next = letters[i + 1];
    let spelling: string;
    let vowelAfter = true;
    switch (base) {
      case 'א':
      case 'ע':
        spelling = '[aeiouy]{0,3}|h';
        vowelAfter = false;
        break;
      case 'ה':
        spelling = final && !first ? '[aeo]h?|h|' : 'h';
        vowelAfter = !final;
        break;
      case 'ו':
        if (prev?.base === 'ו') { spelling = ''; vowelAfter = false; break; }
        if (next?.base === 'ו') { spelling = 'vv?|w|wv|u'; break; }
        spelling = first ? 'v|w|u|o' : 'o|u|ou|oo|ow|ov|v|w|uo';
        vowelAfter = first || next === undefined || !/[ויאע]/.test(next.base);
        break;
      case 'י':
        if (prev?.base === 'י') { spelling = ''; vowelAfter = false; break; }
        if (next?.base === 'י') { spelling = 'ei|ey|ai|ay|aj|ej|y|yy|i|ie|ee|ij'; break; }
        spelling = first ? 'y|i|e|j|ye|yi' : final ? 'i|y|ie|ee|ey|ai|ay|e|iy|ii|yi' : 'i|e|y|ee|ie|ei|ai|ey|ay|j|iy|ii|yi|ya';
        break;
      default:
        spelling = (l.geresh ? GERESH_SPELLINGS[base] : undefined) ?? (l.dagesh ? DAGESH_SPELLINGS[base] : undefined)
          ?? (base === 'ש' && l.shin ? 'sh|sch' : base === 'ש' && l.sin ? 'ss?' : undefined) ?? SPELLINGS[base] ?? '';
    }
    source += `(?:${spelling})`;
    if (vowelAfter) source += unwritten;
  });
  return new RegExp(`${source}$`);
}

/**
 * One Hebrew word in Latin letters, and its possible skeletons. Letters of no Hebrew sound (marks,
 * cantillation) are dropped; a Latin or digit character inside the word is kept as written.
 */
export function romanizeHebrewWord(word: string): HebrewRomanization {
  const letters = lettersOf(word);
  if (letters.length === 0) return { text: word.normalize('NFD').replace(/[\u0591-\u05c7]/g, ''), skeletons: [], pattern: undefined, loosePattern: undefined };
  const options = letters.map((_, i) => readingsOf(letters, i));
  // A point's vowel follows its letter's reading, unless that reading is itself the vowel (וֹ, וּ).
  // `voweled`: an a between two letters read as consonants, where Hebrew may leave a vowel unwritten.
  const spelling = (choice: (i: number) => string, voweled = false) => {
    let out = '';
    letters.forEach((l, i) => {
      const r = choice(i);
      const read = r !== '' && /^[aeiou]+$/.test(r) ? r : r + (l.vowel ?? '');
      if (voweled && read !== '' && out !== '' && !/[aeiou]$/.test(out) && !/^[aeiou]/.test(read)) out += 'a';
      out += read;
    });
    return out;
  };
  const text = spelling((i) => (options[i] as string[])[0] as string);
  // Every combination of readings, while their number stays within MAX_READINGS; later letters beyond it keep their first.
  let combos = 1;
  const kept = options.map((o) => {
    if (combos * o.length > MAX_READINGS) return [o[0] as string];
    combos *= o.length;
    return o;
  });
  const skeletons = new Set<string>([phoneticKey(variantKey(text))]);
  const pick = new Array<number>(letters.length).fill(0);
  for (let n = 0; n < combos; n += 1) {
    let rest = n;
    for (let i = 0; i < kept.length; i += 1) {
      const k = (kept[i] as string[]).length;
      pick[i] = rest % k;
      rest = Math.floor(rest / k);
    }
    const choice = (i: number) => (kept[i] as string[])[pick[i] as number] as string;
    skeletons.add(phoneticKey(variantKey(spelling(choice))));
    // With an unwritten vowel between two consonants too: k + h is no "kh" in כהן (Kahan, Cohen).
    skeletons.add(phoneticKey(variantKey(spelling(choice, true))));
  }
  skeletons.delete('');
  return { text, skeletons: [...skeletons], pattern: hebrewSpellingPattern(letters, UNWRITTEN), loosePattern: hebrewSpellingPattern(letters, UNWRITTEN_LOOSE) };
}
