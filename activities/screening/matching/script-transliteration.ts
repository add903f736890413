/**
 * Turns a name written in any script into Latin text, word by word. Cyrillic, Arabic-script and
 * Greek use this module's own tables (their romanization conventions matter for matching);
 * Han names are romanized syllable by syllable with any-ascii (pinyin) and grouped as "surname
 * given-name"; Hangul as the lists write Korean names (hangul-romanization.ts); any other script (Devanagari, Thai, Hebrew, Armenian, Georgian, kana ...)
 * goes through any-ascii as it is. Latin text is returned unchanged.
 */
import anyAscii from 'any-ascii';
import { isArabicScript, transliterateArabicWord } from './arabic-transliteration.js';
import { isCyrillic, transliterateCyrillicWord } from './cyrillic-transliteration.js';
import { hangulSyllableCount, isHangulSyllable, romanizeHangulWord } from './hangul-romanization.js';
import { isGreek, transliterateGreekWord } from './greek-transliteration.js';

export interface TransliterationResult {
  text: string;
  /** True when any non-Latin letter was transliterated. */
  transliterated: boolean;
  /** True when the source script leaves vowels unwritten (Arabic, Hebrew): only the consonant skeleton is reliable. */
  abjad: boolean;
}

const HEBREW = /[\u0590-\u05ff]/;

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]/u;
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
 * `givenNames`: the text is a person's given name(s) (a query's or a list's first-name field), so a
 * Hangul word of one or two syllables in it is a given name, not a surname and a given name
 * (hangul-romanization.ts); a longer one still starts with the surname (the whole name written in
 * the first field: Korean given names are one or two syllables).
 */
export function transliterate(text: string, givenNames = false): TransliterationResult {
  let transliterated = false;
  let abjad = false;
  const pieces = text.split(/(\s+|[·・‧･,;/()]+)/u);
  // A Korean name written in several words ("정은 김") has its given name as a word of its own.
  const hangulWords = pieces.filter((w) => hangulSyllableCount(w) > 0).length;
  const out = pieces.map((word) => {
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
        return transliterateGreekWord(word);
      case 'hangul': {
        const syllables = hangulSyllableCount(word);
        return romanizeHangulWord(word, anyAscii, (givenNames && syllables <= 2) || (hangulWords > 1 && syllables === 2));
      }
      case 'cjk':
        return transliterateCjkWord(word);
      default:
        if (HEBREW.test(word)) abjad = true;
        return anyAscii(word);
    }
  });
  return { text: out.join(''), transliterated, abjad };
}
