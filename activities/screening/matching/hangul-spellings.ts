/**
 * The Latin spellings a word written in Hangul can stand for when it is a foreign name written by
 * sound: the Korean press writes 블라디미르 푸틴 (Vladimir Putin), 오사마 빈 라덴, 람잔 카디로프, and
 * the Korean reading of hangul-romanization.ts (a surname and given syllables, as the lists write
 * Korean names) meets none of them. Korean's loanword orthography (외래어 표기법, 1986) writes a
 * consonant without a vowel with the vowel ㅡ (브 b, 르 r, 스 s, 트 t, 프 p or f, 드 d), a v as ㅂ, an f
 * as ㅍ, an sh as ㅅ before i or a y-vowel (샤 sha, 시 shi), a final sh / ch / j with ㅣ (부시 Bush,
 * 비치 -vich, 조지 George), an l between vowels as ㄹㄹ (올리버 Oliver, 블라 bla), the schwa and
 * English er / ur / ir as ㅓ (피터 Peter); transliterators that write letter for letter (ICU) put a
 * consonant without a vowel in the syllable's final instead (빛 vich, 롭 rov, 밀 mir). Each syllable is
 * read as three parts a Latin word spells in turn (word-spellings.ts pattern, matched whole): its
 * initial consonant, its vowel, its final consonant, each one of a few Latin spellings, with ㅡ also
 * nothing (the consonant alone). A syllable's parts come from the Unicode Hangul syllable arithmetic
 * (The Unicode Standard, 3.12). The skeletons of its likeliest readings are where its candidates
 * are looked up.
 *
 * This reading is a second one (search.ts reads a query holding Hangul both ways and keeps each
 * entity's best): a name written in Hangul may be Korean or foreign, and nothing in the letters says
 * which.
 */
import { phoneticKey } from './phonetic-key.js';
import { variantKey } from './name-variants.js';
import { SpellingPattern, type PatternPart } from './spelling-pattern.js';
import { readingSkeletons, type WordSpellings } from './word-spellings.js';

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;

/**
 * The 19 initials in Unicode order (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ), likeliest first. ㄱ is
 * a g (k is ㅋ) but Korean-born spellings write it k; ㅂ is b or v; ㅅ is s, th (Smith 스미스) or z
 * (Lopez 로페스); ㅈ j, z or a soft g; ㅊ ch, ts or a German z; ㅎ h, or the kh of Russian and the j
 * of Spanish (미하일 Mikhail, 호세 José).
 */
const INITIAL: ReadonlyArray<readonly string[]> = [
  ['g', 'k', 'gh', 'gu', 'c'], ['k', 'kk', 'c', 'ck', 'g', 'q'], ['n', 'nn'], ['d', 't', 'dd', 'dh', 'th'], ['t', 'tt', 'd', 'dd'],
  ['r', 'l', 'rr', 'll', 'rh', 'lh'], ['m', 'mm'], ['b', 'v', 'bb', 'w', 'p', 'bh'], ['p', 'pp', 'b', 'bb'],
  ['s', 'ss', 'c', 'th', 'z', 'sc'], ['ss', 's', 'c', 'z', 'sz'], [''],
  ['j', 'z', 'g', 'dj', 'dzh', 'zh', 'dz', 'ds', 'dg', 'gi'], ['tz', 'ts', 'zz', 'jj', 'ch', 'z'],
  ['ch', 'ts', 'tch', 'c', 'tz', 'z', 'cz', 'tsch', 'tsh', 'tj'], ['k', 'c', 'ck', 'q', 'kh', 'ch', 'qu', 'cc', 'kk'],
  ['t', 'th', 'tt', 'dt'], ['p', 'f', 'ph', 'pp', 'ff'], ['h', 'kh', 'ch', 'j', 'hh'],
];
const INITIAL_IEUNG = 11;
const INITIAL_SIOS = 9;
/** ㅅ ㅆ ㅈ ㅉ ㅊ: before ㅣ, a y-vowel or ㅟ, ㅅ is also sh, and the y of a y-vowel may be left unwritten (샤 sha, 져 jer). */
const SIBILANTS = new Set([9, 10, 12, 13, 14]);

/**
 * The 21 vowels (ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ), likeliest first. ㅓ writes the
 * schwa and English er / ur / ir / or (피터 Peter, 버나드 Bernard), so any vowel letter; ㅣ also the y
 * and -iy of a name's end (해리 Harry, 드미트리 Dmitriy); ㅠ also a bare y (as ICU writes it: 비타류 Vitaly).
 * ㅡ writes no vowel: it carries a consonant (SILENT_VOWEL).
 */
const VOWEL: ReadonlyArray<readonly string[]> = [
  ['a', 'ah', 'aa', 'u'], ['ae', 'a', 'e', 'ai', 'ay', 'ea'], ['ya', 'ia', 'ja', 'iya'], ['yae', 'ya', 'ye', 'ia'],
  ['o', 'u', 'e', 'a', 'i', 'eo', 'er', 'ur', 'ir', 'ar', 'or', 'y'], ['e', 'ai', 'ay', 'ei', 'ey', 'ae', 'eh'],
  ['yo', 'ye', 'yeo', 'io', 'ie', 'yu', 'ya', 'yer'], ['ye', 'e', 'ie', 'je', 'ea'],
  ['o', 'oh', 'au', 'aw', 'ow', 'ou', 'oa', 'ao'], ['wa', 'ua', 'oa', 'va', 'wah'], ['wae', 'wa', 'wai', 'wha'],
  ['oe', 'o', 'we', 'oi', 'eu'], ['yo', 'io', 'jo', 'yoh'], ['u', 'oo', 'ou', 'o', 'w', 'ew', 'uh', 'ue'],
  ['wo', 'wa', 'uo', 'wu', 'war', 'wor', 'wer', 'vo'], ['we', 'wei', 'wai', 'wey', 'ue'], ['wi', 'ui', 'wee', 'wy', 'uy', 'u', 'ue'],
  ['yu', 'u', 'iu', 'ju', 'you', 'ew', 'eu', 'y', 'iy'], ['', 'e', 'u'], ['ui', 'i', 'ei', 'wi', 'ey'],
  ['i', 'y', 'ee', 'ie', 'iy', 'ii', 'ey', 'ea', 'ij'],
];
const VOWEL_EU = 18;
const VOWEL_I = 20;
const VOWEL_WI = 16;
const VOWEL_YU = 17;
/** The y-vowels ㅑ ㅒ ㅕ ㅖ ㅛ ㅠ and their vowel without the y (index → plain vowel's spellings). */
const Y_VOWELS: Record<number, readonly string[]> = {
  2: ['a'], 3: ['a', 'e'], 6: ['o', 'u', 'e', 'a', 'er', 'ur', 'ir'], 7: ['e'], 12: ['o'], 17: ['u', 'ue'],
};

/**
 * The 27 finals and none (ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ), as the
 * consonant their letter writes: the press's seven (ㄱ k, ㄴ n, ㄹ l, ㅁ m, ㅂ p, ㅅ t, ㅇ ng) and, for
 * letter-for-letter writing, every consonant there (ㅂ v: 롭 rov; ㅅ s: 롯 ros; ㅊ ch or c: 빛 vich,
 * 닟 Nic-; ㄹ r: 밀 mir).
 */
const FINAL: ReadonlyArray<readonly string[]> = [
  [], ['k', 'g', 'c', 'ck', 'q', 'kh'], ['k', 'kk', 'ck', 'c'], ['ks', 'x', 'cs', 'kes'], ['n', 'nn', 'ne'], ['nj', 'nz', 'nts', 'nge'],
  ['n', 'nh'], ['d', 't', 'dd', 'dh', 'th'], ['l', 'r', 'll', 'rr', 'le', 're', 'lh'], ['lk', 'rk', 'lg', 'rg'], ['lm', 'rm'],
  ['lb', 'rb', 'lv', 'rv', 'lp', 'rp'], ['ls', 'rs', 'lz', 'rz'], ['lt', 'rt', 'lth', 'rth'], ['lp', 'rp', 'lf', 'rf'], ['lh', 'rh'],
  ['m', 'mm', 'me'], ['p', 'b', 'v', 'pp', 'bb'], ['ps', 'bs', 'vs'], ['s', 't', 'z', 'ss', 'tt', 'th', 'd'], ['ss', 's', 't', 'z'],
  ['ng', 'n', 'nk'], ['j', 'z', 'dj', 'g', 'dg', 'dge', 'ge', 'zh', 'dz', 's'], ['ch', 'c', 'ts', 'tz', 'tch', 'cz', 'z', 'tsch'],
  ['k', 'c', 'ck', 'q', 'kh', 'ch'], ['t', 'th', 'tt', 'dt', 'te'], ['p', 'f', 'ph', 'pp', 'ff', 'v', 'pe'], ['h', 'kh', 'ch', 'gh', ''],
];
/** Finals ㄱ ㄲ ㅋ: a following ㅅ may be the s of their x (알렉산드르 Alexandr). */
const K_FINALS = new Set([1, 2, 24]);
/** A final and the initial written again after it for one Latin consonant (올리버 Oliver, 함마드, 안나): final → initial. */
const DOUBLED: Record<number, number> = { 1: 0, 4: 2, 8: 5, 16: 6, 17: 7, 19: 9, 21: 0 };

/** Initials ㅋ ㅌ ㅍ before ㅡ: the voiced consonants they also write. */
const DEVOICED: Record<number, readonly string[]> = { 15: ['g'], 16: ['d'], 17: ['v', 'b'] };

export function isHangulSyllableCode(code: number): boolean {
  return code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST;
}

interface Syllable {
  initial: number;
  vowel: number;
  final: number;
}

function syllablesOf(word: string): Syllable[] | undefined {
  const out: Syllable[] = [];
  for (const ch of word) {
    const code = ch.codePointAt(0) ?? 0;
    if (!isHangulSyllableCode(code)) return undefined;
    const s = code - SYLLABLE_FIRST;
    out.push({ initial: Math.floor(s / 588), vowel: Math.floor((s % 588) / 28), final: s % 28 });
  }
  return out.length > 0 ? out : undefined;
}

/** The initial's spellings after the syllable before (its final): a doubled consonant written once, ng + g, the s of an x. */
function initialSpellings(s: Syllable, previousFinal: number): string[] {
  const own = [...(INITIAL[s.initial] as readonly string[])];
  if (s.initial === INITIAL_SIOS && (s.vowel === VOWEL_I || s.vowel === VOWEL_WI || Y_VOWELS[s.vowel] !== undefined)) own.splice(1, 0, 'sh', 'sch');
  // With ㅡ, the voiced consonant a Russian or German name's end sounds without its voice: ㅍ v or b
  // (카디로프 Kadyrov), ㅋ g (벡셀베르크 Vekselberg), ㅌ d (베른하르트 Bernhard).
  if (s.vowel === VOWEL_EU) own.push(...(DEVOICED[s.initial] ?? []));
  const written = DOUBLED[previousFinal] === s.initial || (K_FINALS.has(previousFinal) && s.initial === INITIAL_SIOS);
  // An l between vowels is written ㄹㄹ: the second ㄹ is then no letter of its own (likeliest).
  return written ? (previousFinal === 8 ? ['', ...own] : [...own, '']) : own;
}

/** The vowel's spellings after its initial: ㅡ writes none, ㅣ carries a final sh / ch / j, a sibilant's y-vowel may drop its y. */
function vowelSpellings(s: Syllable): string[] {
  const own = [...(VOWEL[s.vowel] as readonly string[])];
  if (SIBILANTS.has(s.initial)) {
    const plain = Y_VOWELS[s.vowel];
    if (plain) own.push(...plain);
    if (s.vowel === VOWEL_I || s.vowel === VOWEL_YU) own.push('');
    // (조지 George, 지 as ge: a soft g before its e.)
    if (s.vowel === VOWEL_I && s.initial === 12) own.push('e');
  }
  return [...new Set(own)];
}

/** One spelling per consonant class of `options` (its phonetic key), at most `most`, likeliest first. */
function byClass(options: readonly string[], most: number): string[] {
  const seen = new Map<string, string>();
  for (const o of options) {
    const key = o === '' ? '' : phoneticKey(variantKey(`${o}a`));
    if (!seen.has(key)) seen.set(key, o);
  }
  return [...seen.values()].slice(0, most);
}

export interface HangulForeignReading {
  /** Its likeliest Latin spelling (the token's own word). */
  reading: string;
  spellings: WordSpellings;
}

/** A word of Hangul syllables read as a foreign name written by sound; undefined when it holds anything else. */
export function hangulForeignSpellings(word: string): HangulForeignReading | undefined {
  const syllables = syllablesOf(word);
  if (!syllables) return undefined;
  const parts: PatternPart[] = [];
  const likeliest: string[][] = [];
  let reading = '';
  let previousFinal = 0;
  for (const s of syllables) {
    const initial = initialSpellings(s, previousFinal);
    const vowel = vowelSpellings(s);
    if (s.initial !== INITIAL_IEUNG) {
      parts.push(initial);
      likeliest.push(byClass(initial, 3));
    }
    parts.push(vowel);
    // A vowel's letters are no skeleton's, but a ㅡ or a sibilant's ㅣ may be no vowel at all (a y is).
    likeliest.push([...new Set([vowel[0] as string, ...(vowel.includes('') ? [''] : [])])]);
    reading += (initial[0] ?? '') + (vowel[0] ?? '');
    if (s.final !== 0) {
      const final = FINAL[s.final] as readonly string[];
      const options = K_FINALS.has(s.final) ? [...final, 'x'] : [...final];
      parts.push(options);
      likeliest.push(byClass(options, 2));
      reading += options[0] as string;
    }
    previousFinal = s.final;
  }
  if (!/[a-z]/.test(reading)) return undefined;
  return { reading, spellings: { skeletons: readingSkeletons(likeliest, true), pattern: new SpellingPattern(parts), loosePattern: undefined, exclusive: true } };
}

/**
 * Korean surnames in Hangul: the commonest of Statistics Korea's 2015 census, in the South's spelling
 * and the North's (리 류 림 로 라 량 렴 려 룡 륙: an initial ㄹ), and the two-syllable ones. Left out:
 * rare ones that also start foreign names' words (빈 bin, 시, 사, 부).
 */
const KOREAN_SURNAMES = new Set([
  ...'김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 전 홍 유 고 문 양 손 배 백 허 남 심 노 하 곽 성 차 주 우 구 민 나 진 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉'.split(' '),
  ...'리 류 림 로 라 량 렴 려 룡 륙'.split(' '),
  ...'남궁 황보 제갈 선우 독고 사공 서문'.split(' '),
]);

const HANGUL_WORD = /[\uac00-\ud7a3]+/g;

/**
 * Whether a person's name fields read as a Korean name and only so (no foreign reading is needed,
 * search.ts): Hangul alone, two to four syllables (no word of four beside another), and a Korean surname
 * where a Korean name has it — the whole surname field; or the first syllables of a lone word
 * (김정은); or, among several words, the first or the last (김 정은, 정은 김). A foreign name written by
 * sound is longer (블라디미르 푸틴, 사담 후세인) or starts with no surname (푸틴).
 */
export function readsAsKoreanName(first: string, last: string): boolean {
  const text = `${first} ${last}`;
  if (/[^\s\-‐·・‧\uac00-\ud7a3]/u.test(text)) return false;
  const words = text.match(HANGUL_WORD) ?? [];
  const syllables = words.reduce((n, w) => n + w.length, 0);
  if (syllables < 2 || syllables > 4 || (words.length > 1 && words.some((w) => w.length > 3))) return false;
  const surnameField = last.match(HANGUL_WORD);
  const firstField = first.match(HANGUL_WORD);
  if (surnameField && firstField) return surnameField.length === 1 && KOREAN_SURNAMES.has(surnameField[0] as string);
  const isSurname = (w: string | undefined) => w !== undefined && KOREAN_SURNAMES.has(w);
  if (words.length === 1) {
    const word = words[0] as string;
    return isSurname(word.slice(0, 1)) || (word.length >= 3 && isSurname(word.slice(0, 2)));
  }
  return isSurname(words[0]) || isSurname(words[words.length - 1]);
}
