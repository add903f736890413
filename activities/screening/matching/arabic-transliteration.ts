/**
 * Arabic-script (Arabic, Persian, Urdu, Pashto) → Latin for names, one word at a time.
 * Arabic script leaves short vowels unwritten, so the output is mostly consonants plus long vowels
 * (صدام حسين → sdam husin). Comparison with Latin spellings therefore relies on the consonant
 * skeleton (phonetic-key.ts), which is what this output is shaped for: و and ي become vowels between
 * consonants and consonants at the start, ع becomes "a" (it is usually written as a vowel in Latin).
 */

const LETTERS: Record<string, string> = {
  ا: 'a', أ: 'a', إ: 'i', آ: 'a', ٱ: 'a', ء: '', ؤ: 'u', ئ: 'i', ب: 'b', ت: 't', ث: 'th', ج: 'j',
  ح: 'h', خ: 'kh', د: 'd', ذ: 'dh', ر: 'r', ز: 'z', س: 's', ش: 'sh', ص: 's', ض: 'd', ط: 't',
  ظ: 'z', ع: 'a', غ: 'gh', ف: 'f', ق: 'q', ك: 'k', ل: 'l', م: 'm', ن: 'n', ه: 'h', ى: 'a', ة: 'a',
  // Persian, Urdu, Pashto letters
  پ: 'p', چ: 'ch', ژ: 'zh', گ: 'g', ک: 'k', ے: 'e', ٹ: 't', ڈ: 'd', ڑ: 'r', ں: 'n', ھ: 'h', ۀ: 'a',
  ۃ: 'a', ټ: 't', ځ: 'dz', څ: 'ts', ډ: 'd', ړ: 'r', ږ: 'zh', ښ: 'sh', ګ: 'g', ڼ: 'n', ۍ: 'i', ې: 'e',
  // Harakat (rarely written in lists, but when they are they carry the vowels)
  '\u064e': 'a', '\u0650': 'i', '\u064f': 'u', '\u064b': '', '\u064c': '', '\u064d': '', '\u0652': '',
  '\u0670': 'a', 'ـ': '',
};

const WAW = new Set(['و']);
const YA = new Set(['ي', 'ی', 'ې']);
const ARABIC_LETTER = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

export function isArabicScript(ch: string): boolean {
  return ARABIC_LETTER.test(ch);
}

function isVowelish(latin: string): boolean {
  return latin === '' || /[aeiou]$/.test(latin);
}

/**
 * Transliterates one Arabic-script word. A leading definite article ال is returned as a separate
 * "al" word (so "التكريتي" → "al tkriti"), except in the word الله (Allah).
 */
export function transliterateArabicWord(input: string): string {
  // Presentation forms (ﻣ ﺤ ...) fold to the base letters under NFKC.
  const word = input.normalize('NFKC');
  if (word === 'الله') return 'allah';
  let prefix = '';
  let rest = word;
  if (rest.length > 3 && rest.startsWith('ال')) {
    prefix = 'al ';
    rest = rest.slice(2);
  }
  let out = '';
  let prevLatin = '';
  const chars = [...rest];
  chars.forEach((ch, i) => {
    let latin: string;
    const atStart = i === 0;
    if (ch === '\u0651') {
      // Shadda doubles the previous consonant.
      latin = /[a-z]$/.test(out) ? out.slice(-1) : '';
    } else if (WAW.has(ch)) {
      latin = atStart || isVowelish(prevLatin) ? 'w' : 'u';
    } else if (YA.has(ch)) {
      latin = atStart || (isVowelish(prevLatin) && i < chars.length - 1) ? 'y' : 'i';
    } else {
      latin = LETTERS[ch] ?? ch;
    }
    out += latin;
    if (latin !== '') prevLatin = latin;
  });
  return prefix + out;
}
