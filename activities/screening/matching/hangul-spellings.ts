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
import { hangulSyllableParts, isHangulSyllable, type HangulSyllableParts } from './hangul-romanization.js';
import { SpellingPattern, type PatternPart } from './spelling-pattern.js';
import { oneSpellingPerClass, readingSkeletons, readsAsNativeName, type NativeNames, type WordSpellings } from './word-spellings.js';

/**
 * The 19 initials in Unicode order (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ), likeliest first. ㄱ is
 * a g (k is ㅋ) but Korean-born spellings write it k; ㅂ is b or v; ㅅ is s, th (Smith 스미스), z
 * (Lopez 로페스) or a Chinese x (시 Xi); ㅈ j, z or a soft g; ㅊ ch, ts, a German z or a Chinese q;
 * ㅎ h, or the kh of Russian and the j of Spanish (미하일 Mikhail, 호세 José).
 */
const INITIAL: ReadonlyArray<readonly string[]> = [
  ['g', 'k', 'gh', 'gu', 'c'], ['k', 'kk', 'c', 'ck', 'g', 'q'], ['n', 'nn'], ['d', 't', 'dd', 'dh', 'th'], ['t', 'tt', 'd', 'dd'],
  ['r', 'l', 'rr', 'll', 'rh', 'lh'], ['m', 'mm'], ['b', 'v', 'bb', 'w', 'p', 'bh'], ['p', 'pp', 'b', 'bb'],
  ['s', 'ss', 'c', 'th', 'z', 'sc', 'x'], ['ss', 's', 'c', 'z', 'sz'], [''],
  ['j', 'z', 'g', 'dj', 'dzh', 'zh', 'dz', 'ds', 'dg', 'gi'], ['tz', 'ts', 'zz', 'jj', 'ch', 'z'],
  ['ch', 'ts', 'tch', 'c', 'tz', 'z', 'cz', 'tsch', 'tsh', 'tj', 'q'], ['k', 'c', 'ck', 'q', 'kh', 'ch', 'qu', 'cc', 'kk'],
  ['t', 'th', 'tt', 'dt'], ['p', 'f', 'ph', 'pp', 'ff'], ['h', 'kh', 'ch', 'j', 'hh'],
];
const INITIAL_RIEUL = 5;
const INITIAL_SIOS = 9;
const INITIAL_SSANGSIOS = 10;
const INITIAL_IEUNG = 11;
const INITIAL_JIEUT = 12;
const INITIAL_KHIEUKH = 15;
const INITIAL_THIEUTH = 16;
const INITIAL_PHIEUPH = 17;
/** ㅅ ㅆ ㅈ ㅉ ㅊ: before ㅣ, a y-vowel or ㅟ, ㅅ is also sh, and the y of a y-vowel may be left unwritten (샤 sha, 져 jer). */
const SIBILANTS = new Set([9, 10, 12, 13, 14]);

/**
 * The 21 vowels (ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ), likeliest first. ㅓ writes the
 * schwa and English er / ur / ir / or (피터 Peter, 버나드 Bernard), so any vowel letter (an o only before ㄴ: vowelSpellings); ㅣ also the y
 * and -iy of a name's end (해리 Harry, 드미트리 Dmitriy); ㅠ also a bare y (as ICU writes it: 비타류 Vitaly);
 * ㅛ also the e that Latin writes for a Russian ё (표도르 Fedor, 코롤료프 Korolev). ㅡ writes no vowel: it
 * carries a consonant (vowelSpellings).
 */
const VOWEL: ReadonlyArray<readonly string[]> = [
  ['a', 'ah', 'aa', 'u'], ['ae', 'a', 'e', 'ai', 'ay', 'ea'], ['ya', 'ia', 'ja', 'iya'], ['yae', 'ya', 'ye', 'ia'],
  ['u', 'e', 'a', 'i', 'o', 'eo', 'er', 'ur', 'ir', 'ar', 'or', 'y'], ['e', 'ai', 'ay', 'ei', 'ey', 'ae', 'eh'],
  ['yo', 'ye', 'yeo', 'io', 'ie', 'yu', 'ya', 'yer'], ['ye', 'e', 'ie', 'je', 'ea'],
  ['o', 'oh', 'au', 'aw', 'ow', 'ou', 'oa', 'ao'], ['wa', 'ua', 'oa', 'va', 'wah'], ['wae', 'wa', 'wai', 'wha'],
  ['oe', 'o', 'we', 'oi', 'eu'], ['yo', 'io', 'jo', 'yoh', 'ye', 'e'], ['u', 'oo', 'ou', 'o', 'w', 'ew', 'uh', 'ue'],
  ['wo', 'wa', 'uo', 'wu', 'war', 'wor', 'wer', 'vo'], ['we', 'wei', 'wai', 'wey', 'ue'], ['wi', 'ui', 'wee', 'wy', 'uy', 'u', 'ue'],
  ['yu', 'u', 'iu', 'ju', 'you', 'ew', 'eu', 'y', 'iy'], ['', 'e', 'u'], ['ui', 'i', 'ei', 'wi', 'ey'],
  ['i', 'y', 'ee', 'ie', 'iy', 'ii', 'ey', 'ea', 'ij'],
];
const VOWEL_EO = 4;
const VOWEL_O = 8;
const VOWEL_WI = 16;
const VOWEL_YU = 17;
const VOWEL_EU = 18;
const VOWEL_I = 20;
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
const FINAL_NIEUN = 4;
const FINAL_RIEUL = 8;
/** Finals ㄱ ㄲ ㅋ: a following ㅅ may be the s of their x (알렉산드르 Alexandr). */
const K_FINALS = new Set([1, 2, 24]);
/** A final and the initial written again after it for one Latin consonant (올리버 Oliver, 함마드, 안나): final → initial. */
const DOUBLED: Record<number, number> = { 1: 0, 4: 2, 8: 5, 16: 6, 17: 7, 19: 9, 21: 0 };

/** Initials before ㅡ and the other consonants they also write: ㅋ ㅌ ㅍ the voiced ones (a name's end said without its voice), ㅆ the ts of Japanese つ (미쓰비시 Mitsubishi). */
const BEFORE_EU: Record<number, readonly string[]> = { [INITIAL_KHIEUKH]: ['g'], [INITIAL_THIEUTH]: ['d'], [INITIAL_PHIEUPH]: ['v', 'b'], [INITIAL_SSANGSIOS]: ['ts', 'tz'] };

type Syllable = HangulSyllableParts;

function syllablesOf(word: string): Syllable[] | undefined {
  const out: Syllable[] = [];
  for (const ch of word) {
    if (!isHangulSyllable(ch)) return undefined;
    out.push(hangulSyllableParts(ch));
  }
  return out.length > 0 ? out : undefined;
}

/** The initial's spellings after the syllable before (its final): a doubled consonant written once, ng + g, the s of an x. */
function initialSpellings(s: Syllable, previousFinal: number): string[] {
  const own = [...(INITIAL[s.initial] as readonly string[])];
  if (s.initial === INITIAL_SIOS && (s.vowel === VOWEL_I || s.vowel === VOWEL_WI || Y_VOWELS[s.vowel] !== undefined)) own.splice(1, 0, 'sh', 'sch');
  // With ㅡ, the voiced consonant a Russian or German name's end sounds without its voice: ㅍ v or b
  // (카디로프 Kadyrov), ㅋ g (벡셀베르크 Vekselberg), ㅌ d (베른하르트 Bernhard); ㅆ ts (쓰 tsu).
  if (s.vowel === VOWEL_EU) own.push(...(BEFORE_EU[s.initial] ?? []));
  // Spanish ll before a vowel, written as a y-vowel (카스티요 Castillo, 기예르모 Guillermo).
  if (s.initial === INITIAL_IEUNG && Y_VOWELS[s.vowel] !== undefined && previousFinal !== -1) own.push('ll');
  const written = DOUBLED[previousFinal] === s.initial || (K_FINALS.has(previousFinal) && s.initial === INITIAL_SIOS);
  // An l between vowels is written ㄹㄹ: the second ㄹ is then no letter of its own (likeliest).
  return written ? (previousFinal === FINAL_RIEUL ? ['', ...own] : [...own, '']) : own;
}

/**
 * The vowel's spellings after its initial: ㅡ writes none, ㅣ carries a final sh / ch / j (and at a
 * word's end a Russian soft r: 이고리 Igor), a sibilant's y-vowel may drop its y, and its ㅗ may be the
 * e of a Russian ё (고르바초프 Gorbachev).
 */
function vowelSpellings(s: Syllable, last: boolean, first: boolean): string[] {
  // ㅓ is an o only before a final ㄴ (-ton, -don: 클린턴 Clinton, 런던 London); elsewhere Korean writes an o ㅗ.
  const own = (VOWEL[s.vowel] as readonly string[]).filter((v) => v !== 'o' || s.vowel !== VOWEL_EO || s.final === FINAL_NIEUN);
  // Spanish ll before a vowel is written as the y-vowel alone (카스티요 Castillo, 무리요 Murillo): the vowel without its y.
  if (s.initial === INITIAL_IEUNG && !first) own.push(...(Y_VOWELS[s.vowel] ?? []));
  if (SIBILANTS.has(s.initial)) {
    const plain = Y_VOWELS[s.vowel];
    if (plain) own.push(...plain);
    if (s.vowel === VOWEL_I || s.vowel === VOWEL_YU) own.push('');
    if (s.vowel === VOWEL_O) own.push('e');
    // (지: a soft g before its e, Geo-, Gennady.)
    if (s.vowel === VOWEL_I && s.initial === INITIAL_JIEUT) own.push('e');
  }
  if (last && s.initial === INITIAL_RIEUL && s.vowel === VOWEL_I && s.final === 0) own.push('');
  return [...new Set(own)];
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
  let previousFinal = -1;
  syllables.forEach((s, i) => {
    const initial = initialSpellings(s, previousFinal);
    const own = vowelSpellings(s, i === syllables.length - 1, i === 0);
    // An initial vowel may follow a silent Latin h (에르난데스 Hernández).
    const vowel = parts.length === 0 && s.initial === INITIAL_IEUNG ? [...own, ...own.map((v) => `h${v}`)] : own;
    if (initial.some((c) => c !== '')) {
      parts.push(initial);
      likeliest.push(oneSpellingPerClass(initial, 3));
    }
    parts.push(vowel);
    // A vowel's letters are no skeleton's, but a ㅡ or a sibilant's ㅣ may be no vowel at all (a y is).
    likeliest.push([...new Set([vowel[0] as string, ...(vowel.includes('') ? [''] : [])])]);
    reading += (initial[0] ?? '') + (vowel[0] ?? '');
    if (s.final !== 0) {
      const final = FINAL[s.final] as readonly string[];
      const options = K_FINALS.has(s.final) ? [...final, 'x'] : [...final];
      parts.push(options);
      likeliest.push(oneSpellingPerClass(options, 2));
      reading += options[0] as string;
    }
    previousFinal = s.final;
  });
  if (!/[a-z]/.test(reading)) return undefined;
  // (A skeleton of one consonant class reaches a tenth of the lists' names; the word's other readings and the name's other words find its candidates.)
  return { reading, spellings: { skeletons: readingSkeletons(likeliest, true).filter((k) => k.length >= 2), pattern: new SpellingPattern(parts), loosePattern: undefined, exclusive: true, joinsRuns: syllables.length > 2 } };
}

/**
 * Korean surnames in Hangul: the commonest of Statistics Korea's 2015 census, in the South's spelling
 * and the North's (리 류 림 로 라 량 렴 려 룡 륙: an initial ㄹ), and the two-syllable ones. Left out:
 * rare ones that also start many foreign names' words (빈 bin, 아, 사, 야, 자, 미, 가, 해).
 */
const KOREAN_SURNAMES = new Set([
  ...'김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 전 홍 유 고 문 양 손 배 백 허 남 심 노 하 곽 성 차 주 우 구 민 나 진 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 제 모 탁 국 어 은 편 용 예 경 봉'.split(' '),
  ...'창 후 흥 상 음 시 부 복 태 목 형 피 두 감 호 범 좌 팽 승 간 갈 단 견 당 화 계 근 내 묵 삼 순 엽 영 옹 요 운 웅 저 종 증 초 춘 탄 판 평 포 풍 필 학 혁 환 효'.split(' '),
  ...'리 류 림 로 라 량 렴 려 룡 륙'.split(' '),
  ...'남궁 황보 제갈 선우 독고 사공 서문'.split(' '),
]);

/** Korean names: a given name of up to three syllables (mostly two) beside the surname. */
const KOREAN_NAMES: NativeNames = { word: /[\uac00-\ud7a3]+/g, other: /[^\s\uac00-\ud7a3]/u, surnames: KOREAN_SURNAMES, longestGiven: 3 };

/** Whether a person's name fields read as a Korean name and only so (word-spellings.ts readsAsNativeName). */
export function readsAsKoreanName(firstField: string, lastField: string): boolean {
  return readsAsNativeName(firstField, lastField, KOREAN_NAMES);
}
