/**
 * Turns a name written in any script into Latin text, word by word. Cyrillic, Arabic-script and
 * Greek use this module's own tables (their romanization conventions matter for matching);
 * Han names are romanized syllable by syllable with any-ascii (pinyin) and grouped as "surname
 * given-name"; Hangul as the lists write Korean names (hangul-romanization.ts); Hebrew with its
 * likeliest spelling; Hebrew, Greek and katakana words also note the Latin spellings their letters
 * can stand for (word-spellings.ts); any other script (Devanagari, Thai, Armenian, Georgian,
 * hiragana ...) goes through any-ascii as it is. Latin text
 * is returned unchanged. Read `foreign`, Hangul and Chinese characters are foreign names written by
 * sound instead (hangul-spellings.ts, han-spellings.ts; search.ts reads such a query both ways).
 */
import anyAscii from 'any-ascii';
import { isArabicScript, transliterateArabicWord } from './arabic-transliteration.js';
import { isCyrillic, transliterateCyrillicWord } from './cyrillic-transliteration.js';
import { isHangulSyllable, romanizeHangulPieces, type HangulReading } from './hangul-romanization.js';
import { isGreek, transliterateGreekWord } from './greek-transliteration.js';
import { romanizeHebrewWord } from './hebrew-romanization.js';
import { foldLatin } from './text-fold.js';
import { greekSpellings } from './greek-spellings.js';
import { hasKatakana, katakanaSpellings } from './katakana-spellings.js';
import { hangulForeignSpellings } from './hangul-spellings.js';
import { HAN_CHARACTER, hanForeignSpellings } from './han-spellings.js';
import type { WordSpellings } from './word-spellings.js';

/** How a text's Hangul is read (hangul-romanization.ts HangulReading), or `foreign`: Hangul and Chinese characters by sound. */
export type TextReading = HangulReading | 'foreign';

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
   * For a text holding Hebrew, Greek or katakana: each Latin word written for such a word, and its
   * spellings (word-spellings.ts), one entry per occurrence in the text's order, the tokenizer taking
   * them in turn; null for an occurrence of the same word in Latin letters ("Avi אבי": the first avi
   * has none).
   */
  wordSpellings?: Map<string, Array<WordSpellings | null>>;
}

const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;
/** A run of Hebrew letters with their points and a geresh (ג׳, ג'); the maqaf ־ is read as a hyphen first. */
const HEBREW_RUN = /[\u05d0-\u05ea\u05f0-\u05f2\ufb1d-\ufb4f][\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4-\u05c7\u05d0-\u05ea\u05f0-\u05f4\ufb1d-\ufb4f'’‘`´"]*/g;

/** A run of letters and marks: a word's part between hyphens, apostrophes and other signs. */
const LETTER_RUN = /[\p{L}\p{M}]+/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * A word holding Greek: each part between hyphens (or other signs) in its ELOT reading
 * (greek-transliteration.ts; a part after a hyphen starts a word: αλ-Μπαγκντάντι "al-bagkntanti"),
 * and where the part is all Greek, its spellings noted under that reading (greek-spellings.ts). A
 * Latin look-alike letter typed inside (Aντώνης with a Latin A) stays part of the word.
 */
function transliterateGreekRuns(word: string, notes: Note[]): string {
  return word.replace(LETTER_RUN, (run) => {
    const latin = transliterateGreekWord(run);
    const found = /^[a-z]+$/.test(latin) && !LATIN_LETTER.test(run) ? greekSpellings(run) : undefined;
    if (found) notes.push([latin, found]);
    return latin;
  });
}

/**
 * A word holding katakana (`composed`: half-width forms and decomposed voicing marks composed, NFKC): each
 * part between signs (アル＝バグダディ) in any-ascii's reading, the spellings it can stand for noted
 * under that reading (katakana-spellings.ts).
 */
function transliterateKatakanaWord(composed: string, notes: Note[]): string {
  return composed.replace(LETTER_RUN, (run) => {
    const latin = anyAscii(run).toLowerCase();
    const found = /^[a-z]+$/.test(latin) && hasKatakana(run) ? katakanaSpellings(run) : undefined;
    if (found) notes.push([latin, found]);
    return latin;
  });
}

/**
 * A word holding Hangul or Chinese characters read as a foreign name written by sound
 * (hangul-spellings.ts, han-spellings.ts): each part between signs (알-아사드) in its likeliest Latin
 * reading, the spellings it can stand for noted under that reading; a part of other letters through
 * any-ascii.
 */
function transliterateBySound(word: string, notes: Note[], read: (run: string) => { reading: string; spellings: WordSpellings } | undefined): string {
  return word.replace(LETTER_RUN, (run) => {
    const found = read(run);
    if (!found) return anyAscii(run).toLowerCase();
    notes.push([found.reading, found.spellings]);
    return found.reading;
  });
}

/** A Latin word written for a word of another script, and that word's spellings. */
type Note = [string, WordSpellings];

/**
 * The notes of every piece, in the text's order, by Latin word; the words of the other pieces (as
 * written in Latin letters, folded as the tokenizer folds them) that are also noted words take their
 * place in the order as null.
 */
function spellingsInOrder(written: string[], notes: Array<Note[] | undefined>): Map<string, Array<WordSpellings | null>> {
  const byWord = new Map<string, Array<WordSpellings | null>>();
  for (const list of notes) for (const [latin] of list ?? []) byWord.set(latin, []);
  written.forEach((piece, i) => {
    const noted = notes[i];
    if (noted) {
      for (const [latin, spellings] of noted) byWord.get(latin)?.push(spellings);
    } else {
      for (const word of foldLatin(piece).replace(/['’‘`´ʹ]/g, '').match(/[\p{L}\p{N}]+/gu) ?? []) byWord.get(word)?.push(null);
    }
  });
  return byWord;
}

/** A word holding Hebrew: each run of Hebrew letters romanized (hebrew-romanization.ts), its spellings noted under the Latin word. */
function transliterateHebrewWord(word: string, notes: Note[]): string {
  return word.replace(/\u05be/g, '-').replace(HEBREW_RUN, (run) => {
    const r = romanizeHebrewWord(run.replace(/["\u05f4]+$/, ''));
    if (r.text) notes.push([r.text, r]);
    return r.text;
  });
}

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
    if (HAN_CHARACTER.test(ch) || HANGUL.test(ch)) return 'cjk';
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
    if (HAN_CHARACTER.test(ch) || HANGUL.test(ch)) {
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
 * as the words of any other name; or, `foreign`, each word as a foreign name written by sound
 * (hangul-spellings.ts: 블라디미르 푸틴), its spellings noted as a katakana word's are — and then Chinese
 * characters too (han-spellings.ts: 弗拉基米尔·普京).
 */
export function transliterate(text: string, hangul: TextReading = 'name'): TransliterationResult {
  let transliterated = false;
  let abjad = false;
  // Hangul written as conjoining letters (decomposed, NFD) is composed into syllables first.
  const pieces = (CONJOINING_JAMO.test(text) ? text.normalize('NFC') : text).split(/(\s+|[·・‧･,;/()]+)/u);
  // Hangul is read across the text's words (which word holds the surname, voicing across them).
  let korean: string[] | undefined;
  let koreanKeys: Map<string, string> | undefined;
  const notes: Array<Note[] | undefined> = [];
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
        return transliterateGreekRuns(word, (notes[i] = []));
      case 'hangul':
        if (hangul === 'foreign') return transliterateBySound(word, (notes[i] = []), hangulForeignSpellings);
        koreanKeys ??= new Map();
        korean ??= romanizeHangulPieces(pieces, hangul, anyAscii, koreanKeys);
        return korean[i] as string;
      case 'cjk':
        if (hangul === 'foreign' && HAN_CHARACTER.test(word)) return transliterateBySound(word, (notes[i] = []), hanForeignSpellings);
        return transliterateCjkWord(word);
      default: {
        if (HEBREW.test(word)) {
          abjad = true;
          return anyAscii(transliterateHebrewWord(word, (notes[i] = [])));
        }
        const composed = word.normalize('NFKC');
        if (hasKatakana(composed)) return transliterateKatakanaWord(composed, (notes[i] = []));
        return anyAscii(word);
      }
    }
  });
  const result: TransliterationResult = koreanKeys === undefined ? { text: out.join(''), transliterated, abjad, hangul: false } : { text: out.join(''), transliterated, abjad, hangul: true, koreanKeys };
  if (notes.some((n) => n !== undefined && n.length > 0)) result.wordSpellings = spellingsInOrder(out, notes);
  return result;
}
