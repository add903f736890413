/**
 * Turns a name written in any script into Latin text, word by word. Cyrillic, Arabic-script and
 * Greek use this module's own tables (their romanization conventions matter for matching);
 * Han and Hangul names are romanized syllable by syllable with any-ascii (Han → pinyin) and grouped
 * as "surname given-name"; any other script (Devanagari, Thai, Hebrew, Armenian, Georgian, kana ...)
 * goes through any-ascii as it is. Latin text is returned unchanged.
 */
import anyAscii from 'any-ascii';
import { isArabicScript, transliterateArabicWord } from './arabic-transliteration.js';
import { isCyrillic, transliterateCyrillicWord } from './cyrillic-transliteration.js';
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

type WordScript = 'latin' | 'cyrillic' | 'arabic' | 'greek' | 'cjk' | 'other';

function scriptOf(word: string): WordScript {
  for (const ch of word) {
    if (isCyrillic(ch)) return 'cyrillic';
    if (isArabicScript(ch)) return 'arabic';
    if (isGreek(ch)) return 'greek';
    if (HAN.test(ch) || HANGUL.test(ch)) return 'cjk';
    if (NON_LATIN_LETTER.test(ch)) return 'other';
  }
  return 'latin';
}

/**
 * Han and Hangul names are written without spaces: 习近平, 김정은. Lists romanize them as
 * "Xi Jinping" / "Kim Jong Un", so a 2-4 syllable word becomes surname + joined given name;
 * longer runs (organisation names) keep one token per syllable.
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

export function transliterate(text: string): TransliterationResult {
  let transliterated = false;
  let abjad = false;
  const out = text.split(/(\s+|[·・‧･,;/()]+)/u).map((word) => {
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
      case 'cjk':
        return transliterateCjkWord(word);
      default:
        if (HEBREW.test(word)) abjad = true;
        return anyAscii(word);
    }
  });
  return { text: out.join(''), transliterated, abjad };
}
