/**
 * Hebrew → Latin for names, one word at a time. Hebrew writes few vowels and several letters stand
 * for two sounds each, which Latin spellings of the same name tell apart: ב b or v (Ben, Sharvit),
 * כ k or ch (Kahane, Zicherman), פ p or f (Pazi, Yosef), ו the consonant v or the vowels o / u (Levi,
 * Yinon, Gopstein), י y or i / e / ei (Yosef, Levi, Gopstein), ש sh or s (Shalom, Israel), ח ch, h or
 * kh (Chasdai, Hasdai), צ tz, ts or z (Tzvi, Zvi), ת t or s. So a word gets (word-spellings.ts):
 *  - its Latin spellings, as a pattern a listed Latin word must match whole (hebrewSpellingPattern):
 *    scoring compares a Hebrew word by this pattern alone (token-similarity.ts), 0.9 when only an a or
 *    e was left unwritten and 0.8 when any vowel was (`loosePattern`: משה Moshe);
 *  - every consonant skeleton its letters can stand for (phonetic-key.ts over each reading, at most
 *    word-spellings.ts MAX_READINGS of them): where its candidates are looked up;
 *  - one spelling, the likeliest (a word-initial ב כ פ is b k p, a later one v ch f; ו and י between
 *    consonants are o and i): ינון "ynon", לוי "loi", the token's text.
 * Vowel points (niqqud), where written, give the vowels (in the spelling and in the pattern), and the
 * dagesh and the shin / sin dots settle the letter's sound. A geresh marks the sounds of foreign names
 * (ג׳ j, ז׳ zh, צ׳ ch, ת׳ th, ע׳ gh, ח׳ kh). The definite article and prepositions glued to a word
 * (ה־, ו־, ב־, אל) are not split off: names rarely carry them.
 */
import { phoneticKey } from './phonetic-key.js';
import { variantKey } from './name-variants.js';
import { forEachReading, type WordSpellings } from './word-spellings.js';
import { SpellingPattern, type PatternPart, type VowelRun } from './spelling-pattern.js';


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
  /** Carries a holam (U+05B9 / U+05BA): on a ו, the vowel o itself (וֹ), not v + o. */
  holam: boolean;
  /** The vowel its points give after it, '' when none is written; undefined when the word has no points. */
  vowel: string | undefined;
}

/** Splits a word into letters with their marks; presentation forms (שּׁ, בּ) decomposed first. */
function lettersOf(word: string): Letter[] {
  const out: Letter[] = [];
  // Compatibility forms too: the wide letters (U+FB20–FB28) and the alef-lamed ligature (U+FB4F).
  // The Yiddish ligatures װ ױ ײ are their two letters.
  const plain = word.normalize('NFKD').replace(/\u05f0/g, 'וו').replace(/\u05f1/g, 'וי').replace(/\u05f2/g, 'יי');
  // Pointed when at least half its letters carry a vowel point: then a letter without one has no vowel.
  // Otherwise a point still gives its own letter's vowel, and the others are read as unpointed (חַסן).
  const points = plain.match(/[\u05b0-\u05bb\u05c7]/g)?.length ?? 0;
  const letterCount = plain.match(/[\u05d0-\u05ea]/g)?.length ?? 0;
  const pointed = points > 0 && points * 2 >= letterCount;
  for (const ch of plain) {
    const last = out[out.length - 1];
    if (ch >= '\u05d0' && ch <= '\u05ea') {
      out.push({ base: ch, dagesh: false, shin: false, sin: false, geresh: false, holam: false, vowel: pointed ? '' : undefined });
    } else if (last === undefined) {
      // A vowel point before any letter (a vowel written on nothing, as letter-for-letter converters
      // write an initial vowel: ַבדֻל) stands where Hebrew writes an א.
      if (pointed && VOWEL_POINTS[ch] !== undefined) out.push({ base: 'א', dagesh: false, shin: false, sin: false, geresh: false, holam: false, vowel: VOWEL_POINTS[ch] });
    } else if (ch === DAGESH) last.dagesh = true;
    else if (ch === SHIN_DOT) last.shin = true;
    else if (ch === SIN_DOT) last.sin = true;
    else if (GERESH.test(ch)) last.geresh = true;
    // In a word most of whose letters carry no point, a point still gives its own letter's vowel (חַסן).
    else if (VOWEL_POINTS[ch] !== undefined) {
      last.vowel = (last.vowel ?? '') + VOWEL_POINTS[ch];
      if (ch === '\u05b9' || ch === '\u05ba') last.holam = true;
    }
  }
  return out;
}

const FINAL_FORMS: Record<string, string> = { ך: 'כ', ם: 'מ', ן: 'נ', ף: 'פ', ץ: 'צ' };
const PLAIN: Record<string, string[]> = {
  ד: ['d'], ל: ['l'], מ: ['m'], נ: ['n'], ס: ['s'], ק: ['k', 'q'], ר: ['r'],
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
      // ע׳ is the Arabic غ (gh); else a vowel's carrier: the vowel is written by the point, else read as a (initial) or e / a.
      if (base === 'ע' && l.geresh) return ['gh', 'g'];
      return pointed ? [''] : first ? ['a', 'e', 'i', 'o'] : ['', 'a', 'e'];
    case 'ב':
      return l.dagesh ? ['b'] : l.geresh ? ['v'] : first ? ['b', 'v'] : ['v', 'b'];
    case 'ג':
      return l.geresh ? ['j', 'g'] : ['g'];
    case 'ה':
      // A final ה after a consonant is a vowel (משה Moshe, נריה Neriya; in the spelling, nothing after a written point); elsewhere h.
      if (final && !first) return pointed ? ['', 'h'] : ['a', 'e', 'h', ''];
      return ['h', ''];
    case 'ו': {
      if (next?.base === 'ו') return ['v', 'w'];
      if (prev?.base === 'ו') return [''];
      // With points: וּ is u, וֹ o, and a ו with any other vowel (or none, in a pointed word) the consonant v.
      // A dagesh with a vowel of its own doubles the consonant (חַוָּה Chavah); without one it is the vowel u.
      if (l.dagesh && !first) return pointed && l.vowel !== '' ? ['v'] : ['u'];
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
      return l.geresh ? ['ch', 'tch', 'd'] : ['tz', 'ts', 'z'];
    case 'ש':
      return l.sin ? ['s'] : l.shin ? ['sh'] : ['sh', 's'];
    case 'ת':
      return l.geresh ? ['th'] : ['t', 's', 'th'];
    case 'ט':
      return l.geresh ? ['z', 'dh'] : ['t'];
    default:
      return PLAIN[base] ?? [''];
  }
}

export interface HebrewRomanization extends WordSpellings {
  /** The likeliest Latin spelling. */
  text: string;
}

/**
 * A vowel Hebrew leaves unwritten, after a consonant: a or e (פזי Pazi, נריה Neriya). Long i, o and u
 * are written with י and ו in modern spellings of names, foreign ones above all (פוטין Putin, מוסא Musa);
 * old names leave them out too (משה Moshe, יצחק Yitzhak, שלמה Shlomo): the `loose` pattern allows that.
 */
const UNWRITTEN: VowelRun = { letters: 'ae', min: 0, max: 2 };
const UNWRITTEN_LOOSE: VowelRun = { letters: 'aeiou', min: 0, max: 2 };
/** The vowel a written point gives after its letter (VOWEL_POINTS), or none; '' for a sheva: at most a short e. */
const POINTED: Record<string, readonly string[]> = { a: ['a'], e: ['e', 'a'], i: ['i', 'e', 'y'], o: ['o', 'u'], u: ['u', 'o'], '': ['', 'e'] };
/**
 * The spellings of the vowels a letter's points give: one vowel (POINTED), or several points on one
 * letter (ICU writes זֻלֳִ for Julio), in either order: Unicode normalization sorts a letter's points by
 * their combining class (hiriq before patah), whatever order they were typed in.
 */
function pointedSpellings(vowels: string): readonly string[] {
  if (vowels.length <= 1) return POINTED[vowels] ?? [''];
  const orders = vowels.length === 2 ? [vowels, `${vowels[1]}${vowels[0]}`] : [vowels];
  const out = new Set<string>();
  for (const order of orders) {
    let spelled: string[] = [''];
    for (const v of order) spelled = spelled.flatMap((head) => (POINTED[v] ?? ['']).map((tail) => head + tail));
    for (const x of spelled) out.add(x);
  }
  return [...out];
}

/** Latin spellings of each letter (a consonant's doubled form, its digraphs), by base letter. */
const SPELLINGS: Record<string, readonly string[]> = {
  ב: ['b', 'bb', 'v', 'vv'], ג: ['g', 'gg', 'gh'], ד: ['d', 'dd', 'dh'], ז: ['z', 'zz', 's'], ח: ['ch', 'kh', 'h', 'hh'],
  ט: ['t', 'tt', 'th'], כ: ['k', 'c', 'ck', 'kk', 'ch', 'kh'], ל: ['l', 'll'], מ: ['m', 'mm'], נ: ['n', 'nn'],
  ס: ['s', 'ss', 'c', 'z'], פ: ['p', 'pp', 'f', 'ff', 'ph'], צ: ['tz', 'ts', 'z', 'c', 'tc', 's', 'cz', 'tsch'],
  ק: ['k', 'q', 'c', 'ck', 'kk'], ר: ['r', 'rr', 'rh'], ש: ['sh', 's', 'ss', 'sch', 'sz'], ת: ['t', 'tt', 'th', 's'],
};
/** With a dagesh (בּ כּ פּ), or a geresh: ג׳ j, ז׳ zh, צ׳ ch (ض d in Arabic names), ת׳ th, ד׳ dh, ט׳ ظ z, ע׳ غ gh, ח׳ خ kh. */
const DAGESH_SPELLINGS: Record<string, readonly string[]> = { ב: ['b', 'bb'], כ: ['k', 'c', 'ck', 'kk'], פ: ['p', 'pp'] };
const GERESH_SPELLINGS: Record<string, readonly string[]> = {
  ג: ['j', 'dj', 'dzh', 'g'], ד: ['th', 'dh', 'd', 'z'], ז: ['zh', 'j', 'g', 's'], צ: ['ch', 'tch', 'tsch', 'c', 'j', 'd', 'dh'],
  ת: ['th', 't'], ט: ['z', 'dh', 'th'], ע: ['gh', 'g', 'r'], ח: ['kh', 'ch', 'h'],
};
/** א or ע: at a word's start any vowel (or an h), inside it as many vowels as a vowel slot allows. */
const CARRIER_FIRST: VowelRun = { letters: 'aeiouy', min: 0, max: 3 };
/** ... before a consonant: some vowel, or an h (עבאס Abbas is not Baz): one or two vowel letters, each with an h before it or not. */
const VOWEL_LETTERS = ['a', 'e', 'i', 'o', 'u', 'y'];
const CARRIER_FIRST_SPELLED: readonly string[] = (() => {
  const one = VOWEL_LETTERS;
  const two = one.flatMap((a) => one.map((b) => a + b));
  return [...one, ...two, 'h', ...one.map((v) => `h${v}`)];
})();
const CARRIER: VowelRun = { letters: 'ae', min: 0, max: 3 };
const CARRIER_LOOSE: VowelRun = { letters: 'aeiouy', min: 0, max: 3 };

/**
 * The Latin spellings of a Hebrew word (spelling-pattern.ts). Each consonant is one of its letter's
 * spellings (ב b or v, כ k, c or ch, ש sh or s ...), optionally followed by a vowel Hebrew did not write
 * (`unwritten`; where points are written, the vowel they give); א and ע stand for vowels (at the
 * word's start any, inside it as `unwritten` allows) or an h, ו for o, u or v (w), י for i, e or y (j),
 * a doubled וו / יי for v / ei, a final ה for a vowel (and an h after it), כס / קס also for x. A
 * written vowel letter must meet a vowel or its consonant, and a Latin vowel must sit where Hebrew
 * could leave one unwritten: Avraham is not Rahim, Yosef is not Safavi, משה is not Mash. A run of
 * א / ע is one part.
 */
function hebrewSpellingPattern(letters: Letter[], loose: boolean): SpellingPattern {
  const unwritten = loose ? UNWRITTEN_LOOSE : UNWRITTEN;
  const parts: PatternPart[] = [];
  // (A word with points on two letters or more, as letter-for-letter converters write, may write ch as
  // קה; one stray point, כהֵן, does not make כ + ה a digraph.)
  const pointedWord = letters.filter((l) => l.vowel !== undefined && l.vowel !== '').length >= 2;
  const slotAfter = (l: Letter): PatternPart => (l.vowel !== undefined ? pointedSpellings(l.vowel) : unwritten);
  for (let i = 0; i < letters.length; i += 1) {
    const l = letters[i] as Letter;
    const base = FINAL_FORMS[l.base] ?? l.base;
    const first = i === 0;
    const final = i === letters.length - 1;
    const prev = letters[i - 1];
    const next = letters[i + 1];
    let spelling: PatternPart;
    let vowelAfter = true;
    switch (base) {
      case 'א':
      case 'ע':
        if (l.geresh && base === 'ע') { spelling = GERESH_SPELLINGS.ע as readonly string[]; break; }
        // A run of them is one part.
        while (i + 1 < letters.length && /[אע]/.test((letters[i + 1] as Letter).base) && !(letters[i + 1] as Letter).geresh) i += 1;
        // At the start, before a consonant, it must be spelled (a vowel or an h); before ו or י those give the vowel.
        if (first) parts.push(/[וי]/.test(letters[i + 1]?.base ?? '') ? CARRIER_FIRST : CARRIER_FIRST_SPELLED);
        else parts.push(loose ? CARRIER_LOOSE : CARRIER);
        continue;
      case 'ה':
        // A final ה after a consonant is a vowel, with an h after it or not (Sarah): never nothing, never an h alone.
        spelling = final && !first ? ['a', 'e', 'o', 'ah', 'eh', 'oh'] : ['h'];
        // In a pointed word, after a consonant without a point, it is an h written into a Latin digraph
        // by a letter-for-letter converter (קה ch, סה sh, כה kh at the end of a word).
        if (final && !first && l.vowel !== undefined && prev?.vowel === '' && !/[אעהוי]/.test(prev.base)) spelling = [...spelling, 'h'];
        // After a written vowel point it is silent (מֹשֶׁה Moshe), or an h (שָׂרָה Sarah).
        if (final && !first && prev !== undefined && prev.vowel !== '' && prev.vowel !== undefined) spelling = ['', 'h'];
        vowelAfter = !final;
        break;
      case 'ו':
        if (prev?.base === 'ו') continue;
        if (next?.base === 'ו') { spelling = ['v', 'vv', 'w', 'wv', 'u']; break; }
        // With its own point: וֹ and וּ are the vowel itself, nothing after it; another point makes it the consonant v.
        if (l.vowel !== undefined && !first && (l.holam || (l.dagesh && l.vowel === ''))) { spelling = l.holam ? ['o', 'u', 'ou', 'oo'] : ['u', 'oo', 'ou', 'o']; vowelAfter = false; break; }
        spelling = first ? ['v', 'w', 'u', 'o'] : ['o', 'u', 'ou', 'oo', 'ow', 'ov', 'v', 'w', 'uo'];
        vowelAfter = first || next === undefined || !/[ויאע]/.test(next.base);
        break;
      case 'י':
        if (prev?.base === 'י') continue;
        if (next?.base === 'י') { spelling = ['ei', 'ey', 'ai', 'ay', 'aj', 'ej', 'y', 'yy', 'i', 'ie', 'ee', 'ij']; break; }
        // In a pointed word a י without a point of its own lengthens the vowel before it (לֵוִי Levi).
        // So does one after a letter pointed i or e in a word with few points (עלִי Ali).
        if (!first && (l.vowel === '' || (l.vowel === undefined && /^[ie]$/.test(prev?.vowel ?? '')))) { spelling = ['', 'i', 'y']; vowelAfter = false; break; }
        spelling = first ? ['y', 'i', 'e', 'j', 'ye', 'yi'] : final ? ['i', 'y', 'ie', 'ee', 'ey', 'ai', 'ay', 'e', 'iy', 'ii', 'yi']
          : ['i', 'e', 'y', 'ee', 'ie', 'ei', 'ai', 'ey', 'ay', 'j', 'iy', 'ii', 'yi', 'ya'];
        break;
      default: {
        const letter = (l.geresh ? GERESH_SPELLINGS[base] : undefined) ?? (l.dagesh ? DAGESH_SPELLINGS[base] : undefined)
          ?? (base === 'ש' && l.shin ? ['sh', 'sch'] : base === 'ש' && l.sin ? ['s', 'ss'] : undefined)
          ?? (base === 'ז' && first && l.vowel === undefined ? ['z'] : undefined)
          // A letter-for-letter converter (a pointed word) writes a Latin j as ז.
          ?? (base === 'ז' && l.vowel !== undefined ? ['z', 'zz', 's', 'j'] : undefined) ?? SPELLINGS[base] ?? [''];
        // כס / קס: also an x (אלכסנדר Alexander, מקסים Maxim).
        if ((base === 'כ' || base === 'ק') && !l.geresh && next !== undefined && next.base === 'ס' && !next.geresh) {
          parts.push(letter.flatMap((k) => (SPELLINGS.ס as readonly string[]).flatMap((sv) => (l.vowel !== undefined ? pointedSpellings(l.vowel) : ['', 'a', 'e']).map((v) => k + v + sv))).concat(['x']));
          parts.push(slotAfter(next));
          i += 1;
          continue;
        }
        spelling = letter;
      }
    }
    parts.push(spelling);
    // Before a ה inside the word an unpointed consonant has a vowel after it: כהן is Kohen or Kahan, not Khan.
    const beforeH = !pointedWord && next !== undefined && next.base === 'ה' && i + 1 < letters.length - 1 && !/[אעהוי]/.test(base);
    if (vowelAfter) parts.push(beforeH ? { ...unwritten, min: 1 } : slotAfter(l));
  }
  return new SpellingPattern(parts);
}

/**
 * One Hebrew word in Latin letters, and its possible skeletons. Letters of no Hebrew sound (marks,
 * cantillation) are dropped; a Latin or digit character inside the word is kept as written.
 */
export function romanizeHebrewWord(word: string): HebrewRomanization {
  const letters = lettersOf(word);
  if (letters.length === 0) return { text: word.normalize('NFD').replace(/[\u0591-\u05c7]/g, ''), skeletons: [], pattern: undefined, loosePattern: undefined, exclusive: true };
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
  // Every combination of readings within MAX_READINGS (word-spellings.ts forEachReading).
  const skeletons = new Set<string>([phoneticKey(variantKey(text))]);
  forEachReading(options, false, (choice) => {
    skeletons.add(phoneticKey(variantKey(spelling(choice))));
    // With an unwritten vowel between two consonants too: k + h is no "kh" in כהן (Kahan, Cohen).
    skeletons.add(phoneticKey(variantKey(spelling(choice, true))));
  });
  skeletons.delete('');
  return { text, skeletons: [...skeletons], pattern: hebrewSpellingPattern(letters, false), loosePattern: hebrewSpellingPattern(letters, true), exclusive: true };
}
