/**
 * Turns a name written in any script into Latin text, word by word. Cyrillic, Arabic-script and
 * Greek use this module's own tables (their romanization conventions matter for matching);
 * Han names are romanized syllable by syllable with any-ascii (pinyin) and grouped as "surname
 * given-name"; Hangul as the lists write Korean names (hangul-romanization.ts); Hebrew with its
 * likeliest spelling and every skeleton its letters can stand for (hebrew-romanization.ts); any other
 * script (Devanagari, Thai, Armenian, Georgian, kana ...) goes through any-ascii as it is. Latin text
 * is returned unchanged.
 */
import anyAscii from 'any-ascii';
import { isArabicScript, transliterateArabicWord } from './arabic-transliteration.js';
import { isCyrillic, transliterateCyrillicWord } from './cyrillic-transliteration.js';
import { isHangulSyllable, romanizeHangulPieces, type HangulReading } from './hangul-romanization.js';
import { isGreek, transliterateGreekWord } from './greek-transliteration.js';
import { romanizeHebrewWord } from './hebrew-romanization.js';
import { greekSpellings } from './greek-spellings.js';
import { katakanaSpellings } from './katakana-spellings.js';
import type { WordSpellings } from './word-spellings.js';

export interface TransliterationResult {
  text: string;
  /** True when any non-Latin letter was transliterated. */
  transliterated: boolean;
  /** True when the source script leaves vowels unwritten (Arabic, Hebrew): only the consonant skeleton is reliable. */
  abjad: boolean;
  /** True when the text holds Hangul: a Korean name, whose syllables (bin, al, el ...) are no Arabic particles. */
  hangul: boolean;
  /** For a text holding Hangul: each Latin word written for it, and the Korean key of its Hangul (hangul-romanization.ts hangulKey; '' when unknown). */
  koreanKeys?: ReadonlyMap<string, string>;
  /**
   * For a text holding Hebrew or Greek: each Latin word written for such a word, and its spellings
   * (word-spellings.ts), one entry per occurrence in the text's order (the tokenizer takes them in turn).
   */
  wordSpellings?: Map<string, WordSpellings[]>;
}

const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;
/** A run of Hebrew letters with their points and a geresh (ג׳, ג'); the maqaf ־ is read as a hyphen first. */
const HEBREW_RUN = /[\u05d0-\u05ea\ufb1d-\ufb4f][\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4-\u05c7\u05d0-\u05ea\u05f3\u05f4\ufb1d-\ufb4f'’‘`´"]*/g;

/** A run of Greek letters with their accents. */
const GREEK_RUN = /[\u0386-\u03ff\u1f00-\u1fff][\u0300-\u036f\u0386-\u03ff\u1f00-\u1fff]*/g;

/**
 * A word holding Greek: each run of Greek letters in its ELOT reading (greek-transliteration.ts; a run
 * after a hyphen starts a word: αλ-Μπαγκντάντι "al-bagkntanti"), its spellings noted under it (greek-spellings.ts).
 */
function transliterateGreekRuns(word: string, spellings: Map<string, WordSpellings[]>): string {
  return word.replace(GREEK_RUN, (run) => {
    const latin = transliterateGreekWord(run);
    const found = /^[a-z]+$/.test(latin) ? greekSpellings(run) : undefined;
    if (found) noteSpellings(spellings, latin, found);
    return latin;
  });
}

const KATAKANA = /[\u30a1-\u30fa\u30fc]/;

/** A katakana word: any-ascii's reading as text, the spellings it can stand for noted under it (katakana-spellings.ts). */
function transliterateKatakanaWord(word: string, spellings: Map<string, WordSpellings[]>): string {
  const latin = anyAscii(word).toLowerCase();
  const found = /^[a-z]+$/.test(latin) ? katakanaSpellings(word) : undefined;
  if (found) noteSpellings(spellings, latin, found);
  return latin;
}

function noteSpellings(map: Map<string, WordSpellings[]>, latin: string, spellings: WordSpellings): void {
  const list = map.get(latin);
  if (list) list.push(spellings);
  else map.set(latin, [spellings]);
}

/** A word holding Hebrew: each run of Hebrew letters romanized (hebrew-romanization.ts), its spellings noted under the Latin word. */
function transliterateHebrewWord(word: string, spellings: Map<string, WordSpellings[]>): string {
  return word.replace(/\u05be/g, '-').replace(HEBREW_RUN, (run) => {
    const r = romanizeHebrewWord(run.replace(/["\u05f4]+$/, ''));
    if (r.text) noteSpellings(spellings, r.text, r);
    return r.text;
  });
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]/u;
const CONJOINING_JAMO = /[\u1100-\u11ff]/;
const HANGUL = /[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]/;
const NON_LATIN_LETTER = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

type WordScript = 'latin' | 'cyrillic' | 'arabic' | 'greek' | 'hangul' | 'cjk' | 'other';

function scriptOf(word: string): WordScript {
  for (const ch of word) {
    if (isCyrillic(ch)) return 'cyrillic';
    if (isArabicScript(ch)) return 'arabic';
    if (isGreek(ch)) return 'greek';
    if (isHangulSyllable(ch)) return 'hangul';
    if (HAN.test(ch) || HANGUL.test(ch)) return 'cjk';
    if (NON_LATIN_LETTER.test(ch)) return 'other';
  }
  return 'latin';
}

/**
 * Han names are written without spaces: 习近平. Lists romanize them as "Xi Jinping", so a 2-4
 * syllable word becomes surname + joined given name; longer runs (organisation names) keep one token
 * per syllable. (Loose Hangul letters, without a syllable, go the same way.)
 */
function transliterateCjkWord(word: string): string {
  const syllables: string[] = [];
  let other = '';
  for (const ch of word) {
    if (HAN.test(ch) || HANGUL.test(ch)) {
      if (other) syllables.push(anyAscii(other));
      other = '';
      syllables.push(anyAscii(ch).toLowerCase());
    } else {
      other += ch;
    }
  }
  if (other) syllables.push(anyAscii(other));
  if (syllables.length >= 2 && syllables.length <= 4) {
    return `${syllables[0]} ${syllables.slice(1).join('')}`;
  }
  return syllables.join(' ');
}

/**
 * `hangul`: how Hangul words in the text are read (hangul-romanization.ts HangulReading): as a
 * person's whole name (the default), as given names only (a first-name field beside a surname), or
 * as the words of any other name.
 */
export function transliterate(text: string, hangul: HangulReading = 'name'): TransliterationResult {
  let transliterated = false;
  let abjad = false;
  // Hangul written as conjoining letters (decomposed, NFD) is composed into syllables first.
  const pieces = (CONJOINING_JAMO.test(text) ? text.normalize('NFC') : text).split(/(\s+|[·・‧･,;/()]+)/u);
  // Hangul is read across the text's words (which word holds the surname, voicing across them).
  let korean: string[] | undefined;
  let koreanKeys: Map<string, string> | undefined;
  let wordSpellings: Map<string, WordSpellings[]> | undefined;
  const out = pieces.map((word, i) => {
    const script = scriptOf(word);
    if (script === 'latin') return word;
    transliterated = true;
    switch (script) {
      case 'cyrillic':
        return transliterateCyrillicWord(word);
      case 'arabic':
        abjad = true;
        return transliterateArabicWord(word);
      case 'greek':
        return transliterateGreekRuns(word, wordSpellings ??= new Map());
      case 'hangul':
        koreanKeys ??= new Map();
        korean ??= romanizeHangulPieces(pieces, hangul, anyAscii, koreanKeys);
        return korean[i] as string;
      case 'cjk':
        return transliterateCjkWord(word);
      default:
        if (HEBREW.test(word)) {
          abjad = true;
          wordSpellings ??= new Map();
          return anyAscii(transliterateHebrewWord(word, wordSpellings));
        }
        if (KATAKANA.test(word)) return transliterateKatakanaWord(word, wordSpellings ??= new Map());
        return anyAscii(word);
    }
  });
  const result: TransliterationResult = koreanKeys === undefined ? { text: out.join(''), transliterated, abjad, hangul: false } : { text: out.join(''), transliterated, abjad, hangul: true, koreanKeys };
  if (wordSpellings !== undefined) result.wordSpellings = wordSpellings;
  return result;
}
