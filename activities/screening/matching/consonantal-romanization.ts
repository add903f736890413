/**
 * Arabic (or Hebrew) names romanized letter for letter without vowels, the way Unidecode, Buckwalter-style
 * converters and many KYC front ends write them: صدام حسين التكريتي → "Sdm Hsyn ltkryty", عبد الرحمن →
 * "`bd lrHmn". Such a name is recognised by most of its words having no vowel letter, and its words are
 * then read the way the matcher reads Arabic script (arabic-transliteration.ts):
 *   - a word-initial ayn / hamza mark (` ' ʿ ʾ) stands for the unwritten first vowel: `bd → abd;
 *   - و / ي between consonants are long vowels: mHmwd → mhmud, Hsyn → hsin;
 *   - the article written without its alif is split off after the first word: ltkryty → al tkryty,
 *     l`ny → al `ny (before an ayn or hamza mark: al-`ani),
 *     bdlrHmn → abd al rhmn, `bd lwHd → abd al whd; llh → allah. When the l was the name's own letter
 *     (lHbws = Lahbous), the comparison still finds the name: a skeleton that differs by a leading L
 *     matches (token-similarity.ts);
 *   - every word is marked as coming from an abjad, so it is compared on its consonant skeleton.
 * A Latin name with a vowel in most words, or two words whose only vowel letter is y (Glynn Smyth),
 * is never read this way.
 */

const VOWEL = /[aeiou]/;
/** Apostrophe-like marks that stand for ayn or hamza. */
const MARKS = /['’‘`´ʹʻʼʽʾʿ]/g;

export interface ConsonantalWord {
  folded: string;
  hyphenAfter: boolean;
}

/**
 * Unidecode's renderings of Arabic letters that Latin names do not use, in a word without vowels: `
 * for ayn inside the word (lq`d@), @ for ta marbuta and ~ for alif maqsura at its end (jm`@, yHy~). A
 * backtick typed for an apostrophe sits in a word with vowels (O`Neill) or before a final s (TJ`s).
 */
export function hasUnidecodeArabicSign(text: string): boolean {
  // Called for every name read (index builds too): most hold none of the three marks.
  if (!/[`@~]/.test(text)) return false;
  for (const word of text.split(/[^\p{L}\p{N}'’‘`´ʹʻʼʽʾʿ@~]+/u)) {
    if (VOWEL.test(word.toLowerCase())) continue;
    if ((/\p{L}`\p{L}/u.test(word) && !/`s$/i.test(word)) || /\p{L}[@~]$/u.test(word)) return true;
  }
  return false;
}

/**
 * True when a name's Latin words are mostly written without vowels (two such words at least; one
 * three-letter skeleton alone is too weak a reading: "lq`d@" would meet LOGAID). `signed`: the text
 * carries one of Unidecode's Arabic signs (hasUnidecodeArabicSign), so short words count too
 * ("`Sb@ l'nSr", Usbat al-Ansar, in an organisation name where words under four letters are acronyms).
 * `marked`: the words with their apostrophe-like marks. `minLength`: the shortest word that counts as vowelless (organisation names hold short acronyms:
 * JSC, NPO, CST); `ignore` leaves words out altogether (legal forms).
 */
export function isConsonantalRomanization(marked: readonly string[], minLength = 2, ignore: (w: string) => boolean = () => false, signed = false): boolean {
  // A word-initial ayn / hamza mark before a consonant (`bd, 'bw) is itself a sign of this romanization.
  const ayn = marked.some((w) => /^['’‘`´ʹʻʼʽʾʿ][^aeiou'’‘`´ʹʻʼʽʾʿ]/.test(w));
  const words = marked.map((w) => w.replace(MARKS, ''));
  const letters = words.filter((w) => /[a-z]/.test(w) && !/^\d+$/.test(w) && !ignore(w));
  const vowelless = letters.filter((w) => w.length >= (signed ? 2 : minLength) && !VOWEL.test(w));
  // English and Welsh names write a vowel as y (Glynn Smyth, Lynch): with only two such words, one
  // must have no vowel letter at all, not even y or w (Sdm, mHmd, bkr).
  const bare = signed || ayn || vowelless.some((w) => !/[yw]/.test(w));
  return vowelless.length >= 2 && vowelless.length * 3 >= letters.length * 2 && (bare || vowelless.length >= 3);
}

/** w / y between consonants (or after one at the end) are the long vowels u / i. */
function longVowels(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i += 1) {
    const ch = word[i] as string;
    const prev = word[i - 1];
    // After a word-initial glide too: ywb (ايوب, the alif left out) = y + u + b.
    if (i > 0 && prev !== undefined && !VOWEL.test(prev) && (ch === 'w' || ch === 'y') && ((prev !== 'w' && prev !== 'y') || i === 1)) {
      out += ch === 'w' ? 'u' : 'i';
    } else out += ch;
  }
  return out;
}

/**
 * Reads the words of a consonantal romanization. `raw` is one word as folded, with its marks still in it;
 * `position` is its index in the name (the article is split off only after the first word: given names
 * rarely carry one, while ل-initial given names exist: Latif, Luqman); `articleAtStart` splits it off
 * the first word too (organisation names: "ljm`@ lslmy@" = al-Jama`a al-Islamiya).
 */
export function readConsonantalWord(raw: string, position: number, previous = '', articleAtStart = false): string[] {
  const articleHere = position > 0 || articleAtStart;
  // The article before a word starting with ayn or hamza (l`ny = al-`ani, l'mn = al-amin).
  const markedArticle = /^l(['’‘`´ʹʻʼʽʾʿ][a-z]{2,})$/.exec(raw);
  if (articleHere && markedArticle) return ['al', ...readConsonantalWord(markedArticle[1] as string, position + 1, 'al')];
  const initialMark = /^['’‘`´ʹʻʼʽʾʿ]/.test(raw);
  let word = raw.replace(MARKS, '');
  if (word.length === 0) return [];
  if (initialMark && !VOWEL.test(word[0] as string)) word = `a${word}`;
  if (word === 'llh' || (word === 'lh' && position > 0)) return ['allah'];
  const abd = /^(abd)l([a-z]{2,})$/.exec(word);
  if (abd) return [abd[1] as string, 'al', longVowels(abd[2] as string)];
  // After "abd" (servant of ...) the next word always carries the article: `bd lwHd = abd al-wahid.
  const article = previous === 'abd' ? /^l[a-z]{2,}$/ : /^l[^aeiouwy][a-z]{1,}$/;
  if (articleHere && article.test(word) && word.length >= 4) return ['al', longVowels(word.slice(1))];
  return [longVowels(word)];
}

/**
 * The word with every "kh" read as k. Unidecode writes the Persian keheh ک — the k of Afghan and
 * Pakistani names in Arabic script — as "kh", the spelling of خ too, so in a vowelless romanization
 * "mlkh" may be Malik, "khrm" Ikram and "chkhzy" Achekzai. The word itself when it holds no kh.
 * token-similarity.ts compares on this reading only where one side is such a romanization.
 */
export function kehehSpelling(folded: string): string {
  return folded.includes('kh') ? folded.replace(/kh/g, 'k') : folded;
}
