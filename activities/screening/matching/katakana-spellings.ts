/**
 * The Latin spellings a word written in katakana can stand for. Japanese writes foreign names in
 * katakana, a syllable (a consonant and a vowel) per letter, so the Latin name's lone consonants get
 * a vowel (ル ru for r or l, ク ku for k, ト to for t) and several Latin sounds share a letter (ラ la or
 * ra, バ ba or va, シ shi or si, ジ ji or zi, チ chi or ti): ウラジーミル プーチン is Vladimir Putin,
 * ラムザン カディロフ Ramzan Kadyrov. any-ascii's one reading ("urajimiru puchin") meets neither. Each
 * letter is one of its spellings (word-spellings.ts pattern, matched whole): the consonant with its
 * vowel or, where katakana adds the vowel only to carry the consonant, without it; a small letter
 * (ャ ュ ョ ァ ィ ゥ ェ ォ) changes the vowel of the one before; ッ doubles the next consonant or not;
 * ー lengthens the vowel before (nothing, the vowel again, an r or h after it: ピーター Peter); ン is n
 * or m. The skeletons of its likeliest readings are where its candidates are looked up.
 */
import { SpellingPattern, type PatternPart } from './spelling-pattern.js';
import { oneSpellingPerClass, readingSkeletons, type WordSpellings } from './word-spellings.js';

const KATAKANA = /[\u30a1-\u30fa\u30fc]/;

/** Whether the text holds a katakana letter (or the long-vowel mark ー). */
export function hasKatakana(text: string): boolean {
  return KATAKANA.test(text);
}

/** Consonant spellings by row (the letter's consonant), and for the i-column where it differs (シ, チ, ジ). */
const ROWS: Record<string, readonly string[]> = {
  '': [''], k: ['k', 'c', 'q', 'kh', 'ck'], g: ['g', 'gh', 'gu'], s: ['s', 'th', 'c', 'ss', 'z'], z: ['z', 's', 'dz', 'th'],
  t: ['t', 'th', 'tt', 'dt'], d: ['d', 'dh', 'dd'], n: ['n', 'nn'], h: ['h', 'kh'], f: ['f', 'h', 'ph', 'v'], b: ['b', 'v', 'bb'],
  p: ['p', 'pp'], m: ['m', 'mm'], y: ['y', 'i', 'j'], r: ['r', 'l', 'rr', 'll'], w: ['w', 'v', 'u', ''], v: ['v', 'b', 'w'],
  sh: ['sh', 's', 'ch', 'sch'], ch: ['ch', 't', 'tch', 'c'], j: ['j', 'z', 'd', 'dj', 'g', 'zh', 'dzh'], ts: ['ts', 'tz', 'z', 't'],
};
/** Each full-size katakana letter: its row and vowel. */
const LETTERS: Record<string, [string, string]> = {};
const TABLE: Array<[string, string, string]> = [
  ['アイウエオ', '', 'aiueo'], ['カキクケコ', 'k', 'aiueo'], ['ガギグゲゴ', 'g', 'aiueo'], ['サシスセソ', 's', 'aiueo'],
  ['ザジズゼゾ', 'z', 'aiueo'], ['タチツテト', 't', 'aiueo'], ['ダヂヅデド', 'd', 'aiueo'], ['ナニヌネノ', 'n', 'aiueo'],
  ['ハヒフヘホ', 'h', 'aiueo'], ['バビブベボ', 'b', 'aiueo'], ['パピプペポ', 'p', 'aiueo'], ['マミムメモ', 'm', 'aiueo'],
  ['ヤユヨ', 'y', 'auo'], ['ラリルレロ', 'r', 'aiueo'], ['ワヰヱヲ', 'w', 'aieo'],
];
for (const [letters, row, vowels] of TABLE) [...letters].forEach((l, i) => { LETTERS[l] = [row, vowels[i] as string]; });
// Letters whose consonant is another row's: シ shi, チ chi, ツ tsu, ジ ヂ ji, ヅ zu, フ fu, ヴ vu.
Object.assign(LETTERS, { シ: ['sh', 'i'], チ: ['ch', 'i'], ツ: ['ts', 'u'], ジ: ['j', 'i'], ヂ: ['j', 'i'], ヅ: ['z', 'u'], フ: ['f', 'u'], ヴ: ['v', 'u'] });
// The v-row written with the w-row's letters and a dakuten (ヷ va, ヸ vi, ヹ ve, ヺ vo): rare in print,
// but what some transliterators write (ICU: ヸタリェヴナ Vitalyevna, ネズーダノヷ Nezhdanova).
Object.assign(LETTERS, { ヷ: ['v', 'a'], ヸ: ['v', 'i'], ヹ: ['v', 'e'], ヺ: ['v', 'o'] });
/** Small letters: the vowel they give the letter before (ャ ュ ョ keep its y after a consonant: キャ kya or ka). */
const SMALL: Record<string, string> = { ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o', ャ: 'ya', ュ: 'yu', ョ: 'yo', ヮ: 'wa' };

/** Latin spellings of a vowel (Latin writes a foreign vowel several ways: Hunter ハンター, Hussein フセイン). */
const VOWELS: Record<string, readonly string[]> = {
  a: ['a', 'e', 'u', 'o', 'ah'], i: ['i', 'y', 'e', 'ee', 'ie'], u: ['u', 'oo', 'ou', 'o', 'w'], e: ['e', 'a', 'ai', 'ay', 'ei'], o: ['o', 'u', 'a', 'au', 'aw', 'ou', 'oh'],
  ye: ['e', 'ye', 'ie'], ya: ['ya', 'ia', 'a', 'ja'], yu: ['yu', 'iu', 'u', 'ju', 'you'], yo: ['yo', 'io', 'o', 'jo', 'yeo', 'e'], wa: ['wa', 'ua', 'va'],
};
/** At a word's end a carried ク ト プ also writes g, d, b (a German name's end said without its voice: ベルク -berg), ヒ ch (ハインリヒ Heinrich). */
const AT_THE_END: Record<string, readonly string[]> = { k: ['g'], t: ['d'], p: ['b'], h: ['ch'] };
/** Rows whose u (and t / d's o) katakana adds only to carry a lone Latin consonant. */
const CARRIER_U = new Set(['k', 'g', 's', 'z', 'ts', 'n', 'f', 'b', 'p', 'm', 'r', 'v', 'h', 'sh', 'ch', 'j']);

interface Syllable {
  row: string;
  vowel: string;
  /** A small ャ ュ ョ after an i-column letter: its y may be written or not. */
  palatal: boolean;
}

function syllablesOf(word: string): Array<Syllable | 'n' | 'long' | 'double'> {
  const out: Array<Syllable | 'n' | 'long' | 'double'> = [];
  for (const ch of word.normalize('NFKC')) {
    const last = out[out.length - 1];
    if (ch === 'ン') out.push('n');
    else if (ch === 'ー') out.push('long');
    else if (ch === 'ッ') out.push('double');
    else if (SMALL[ch] !== undefined && last !== undefined && typeof last !== 'string') {
      const small = SMALL[ch] as string;
      const before = last.vowel;
      // キャ: the y of a small ャ after an i-column letter; ファ, ティ: the small vowel replaces the vowel.
      if (small.startsWith('y') && last.vowel === 'i') {
        last.vowel = small;
        last.palatal = !['sh', 'ch', 'j'].includes(last.row);
      } else if (small === 'e' && last.vowel === 'i' && !['', 'sh', 'ch', 'j'].includes(last.row)) {
        // リェ, ニェ, ヴィェ: the Russian ye after a consonant (Vitalyevna, Yuryevich), written with its y or
        // not — e, ye or ie, instead of the plain e's spellings (a, ai, ay, ei: nobody writes ニェ "na").
        last.vowel = 'ye';
      } else last.vowel = small;
      // A bare vowel letter before a small vowel is a glide: ウィ ウェ ウォ w, イェ y (イェフゲニー Yevgeny).
      if (last.row === '' && !'ャュョ'.includes(ch)) last.row = before === 'i' ? 'y' : 'w';
    } else if (SMALL[ch] !== undefined) {
      out.push({ row: '', vowel: SMALL[ch] as string, palatal: false });
    } else if (LETTERS[ch] !== undefined) {
      const [row, vowel] = LETTERS[ch] as [string, string];
      out.push({ row, vowel, palatal: false });
    }
  }
  return out;
}

/** The spellings of one word in katakana; undefined when it holds none. */
export function katakanaSpellings(word: string): WordSpellings | undefined {
  if (!KATAKANA.test(word)) return undefined;
  const units = syllablesOf(word);
  if (units.length === 0) return undefined;
  const parts: PatternPart[] = [];
  const likeliest: string[][] = [];
  units.forEach((u, i) => {
    const next = units[i + 1];
    const prev = units[i - 1];
    if (u === 'n') {
      parts.push(['n', 'm', 'nn', 'ng']);
      likeliest.push(['n', 'm']);
    } else if (u === 'long') {
      const v = prev !== undefined && typeof prev !== 'string' ? (prev.vowel.at(-1) as string) : '';
      // A Latin r after a or o (ピーター Peter, ジョージ George), -iy after i (ドミトリー Dmitriy), else the vowel again or an h.
      const r = v === 'a' || v === 'o' ? ['r', `${v}r`, 'er'] : [];
      parts.push(['', v, 'h', ...r, ...(v === 'i' ? ['y', 'iy'] : []), ...(v === 'e' ? ['y', 'i'] : [])]);
      likeliest.push(r.length > 0 ? ['', 'r'] : ['']);
    } else if (u === 'double') {
      const row = next !== undefined && typeof next !== 'string' ? (ROWS[next.row] ?? ['']) : [''];
      parts.push(['', ...row.filter((c) => c !== '')]);
      likeliest.push(['']);
    } else {
      const consonants = ROWS[u.row] ?? [''];
      const vowels = VOWELS[u.vowel] ?? [u.vowel];
      // A u or o only carrying the consonant (ル r, ト t), at the word's end or before another consonant.
      // (And the i of シ チ ジ: アブラモビッチ Abramovich.)
      // (And the i of シ チ ジ, アブラモビッチ Abramovich; リ's i, イーゴリ Igor; シュ's u, ブッシュ Bush; ハ / ヒ's vowel, アハマド Ahmad.)
      const carrier = (u.vowel === 'u' && CARRIER_U.has(u.row)) || (u.vowel === 'o' && (u.row === 't' || u.row === 'd'))
        || (u.vowel === 'i' && (u.row === 'sh' || u.row === 'ch' || u.row === 'j' || u.row === 'r'))
        || (u.vowel === 'yu' && u.row === 'sh') || (u.row === 'h' && (u.vowel === 'a' || u.vowel === 'i'));
      // An initial bare エ is also ye (エフゲニー Yevgeniy, エレーナ Yelena).
      if (u.row === '' && u.vowel === 'e' && i === 0) {
        parts.push(['e', 'ye', 'a', 'ai', 'ei']);
        likeliest.push(['e']);
        return;
      }
      // A bare ウ is also the v or w of a foreign name (ウラジーミル Vladimir, ウィリアム William).
      if (u.row === '' && u.vowel === 'u') {
        parts.push(['u', 'oo', 'ou', 'o', 'w', 'v', 'wu', 'vu']);
        likeliest.push(['u', 'v']);
        return;
      }
      const withVowel = consonants.flatMap((c) => vowels.map((v) => (u.palatal && v.startsWith('y') ? [c + v, c + v.slice(1)] : [c + v])).flat());
      const spellings = carrier ? [...withVowel, ...consonants.filter((c) => c !== ''), ...(i === units.length - 1 ? (AT_THE_END[u.row] ?? []) : [])] : withVowel;
      // クス, クサ, クシ: an x (マクシム Maxim, アレクサンドル Alexandr): ク is x, the s-row letter its vowel alone.
      const syllableNext = next !== undefined && typeof next !== 'string' ? next : undefined;
      const syllablePrev = prev !== undefined && typeof prev !== 'string' ? prev : undefined;
      if (carrier && u.row === 'k' && (syllableNext?.row === 's' || syllableNext?.row === 'sh')) spellings.push('x');
      if ((u.row === 's' || u.row === 'sh') && syllablePrev?.row === 'k' && syllablePrev.vowel === 'u') spellings.push(...vowels);
      parts.push([...new Set(spellings)]);
      // For the skeletons: one spelling per consonant class of the row (チ ch or t, ジ j, z or d, フ f or v),
      // with the vowel's first spelling; and the consonant alone where its vowel only carries it.
      const classes = oneSpellingPerClass(consonants, 3);
      const few = classes.map((c) => c + (vowels[0] ?? ''));
      // (A carried フ is f or v: Petrov's final v is dropped from its key, an f is not.)
      const alone = u.row === 'f' ? ['f', 'v'] : classes.slice(0, 2);
      likeliest.push(carrier ? [...few.slice(0, 2), ...alone] : few);
    }
  });
  // An initial vowel may follow a silent Latin h (エルナンデス Hernández).
  const first = units[0];
  if (first !== undefined && typeof first !== 'string' && first.row === '' && parts[0] !== undefined) {
    const own = parts[0] as readonly string[];
    parts[0] = [...own, ...own.map((spelling) => `h${spelling}`)];
  }
  const pattern = new SpellingPattern(parts);
  // Within MAX_READINGS, the word's end keeps its readings first (a surname's -ov, -ev, -in).
  return { skeletons: readingSkeletons(likeliest, true), pattern, loosePattern: undefined, exclusive: false };
}
