/**
 * Names written in Hangul (matcher 2026.11.17): romanized as the sanctions lists write Korean names
 * (hangul-romanization.ts), not in the Revised Romanization, under which 김정은 ("gim jeongeun") found
 * no listed Korean at all. The Hangul spellings below are the public names of North Korean officials
 * as the Korean press writes them; the Latin side is the OFAC / UN list itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { finishKoreanKey, hangulKey, koreanKey, koreanKeysMeet, romanizeHangulSyllable } from '../../../activities/screening/matching/hangul-romanization.js';
import { buildIndex, DEFAULT_THRESHOLD, search, type MatchIndex } from '../../../activities/screening/matching/matcher.js';
import { tokenizePersonName, tokenizePersonQuery } from '../../../activities/screening/matching/name-tokenizer.js';
import { transliterate } from '../../../activities/screening/matching/script-transliteration.js';
import { loadSanctionsLists } from '../evaluation/real-lists.js';
import { listedEntity } from '../support/listed-entity.js';

const words = (first: string, last: string) => tokenizePersonQuery(first, last).map((t) => t.folded);

describe('Hangul romanization', () => {
  it('writes the DPRK system without diacritics: ㅓ o, ㅡ u, ㅕ yo, ㅚ oe, initial ㄹ r, ㅌ th', () => {
    expect(romanizeHangulSyllable('정')).toBe('jong');
    expect(romanizeHangulSyllable('은')).toBe('un');
    expect(romanizeHangulSyllable('병')).toBe('pyong');
    expect(romanizeHangulSyllable('최')).toBe('choe');
    expect(romanizeHangulSyllable('룡')).toBe('ryong');
    expect(romanizeHangulSyllable('택')).toBe('thaek');
    expect(romanizeHangulSyllable('철')).toBe('chol');
  });
  it('reads a person\'s name as a one-syllable surname and given-name syllables, each a word, as the lists write them', () => {
    expect(transliterate('김정은').text).toBe('kim jong un');
    expect(transliterate('최룡해').text).toBe('choe ryong hae');
    expect(transliterate('최휘').text).toBe('choe hwi');
    expect(transliterate('김 정은').text).toBe('kim jong un');
    expect(transliterate('정은 김').text).toBe('jong un kim');
    // Decomposed (NFD) input is the same text.
    expect(transliterate('김정은'.normalize('NFD')).text).toBe('kim jong un');
  });
  it('voices ㄱ ㄷ ㅂ inside a given name after a vowel or ㄴ ㄹ ㅁ ㅇ, not at its start, across spaces and hyphens', () => {
    expect(transliterate('리만건').text).toBe('ri man gon');
    expect(transliterate('리 만 건').text).toBe('ri man gon');
    expect(transliterate('만-건', 'given').text).toBe('man - gon');
    expect(transliterate('김수길').text).toBe('kim su gil');
    expect(transliterate('렴희봉').text).toBe('ryom hui bong');
    expect(transliterate('김기남').text).toBe('kim ki nam');
    expect(transliterate('박봉주').text).toBe('pak pong ju');
    // After a stop the letter stays as it is.
    expect(transliterate('김석길').text).toBe('kim sok kil');
  });
  it('writes the surname 이 as Lee (the South\'s spelling of the North\'s 리 Ri), not as a lone I', () => {
    expect(transliterate('이병철').text).toBe('lee pyong chol');
    expect(transliterate('리병철').text).toBe('ri pyong chol');
    // Not a given name's 이.
    expect(transliterate('이수', 'given').text).toBe('i su');
  });
  it('reads a given-name field beside a surname field as given names; the whole name typed there still starts with its surname', () => {
    expect(words('정은', '김')).toEqual(['jong', 'un', 'kim']);
    expect(words('만건', '리')).toEqual(['man', 'gon', 'ri']);
    expect(words('김정은', '')).toEqual(['kim', 'jong', 'un']);
    // The given names after a list's comma, and a Hangul given name beside a Latin surname.
    expect(tokenizePersonName({ full: '리, 만건' }).map((t) => t.folded)).toEqual(['ri', 'man', 'gon']);
    expect(tokenizePersonName({ full: '박, 이순' }).map((t) => t.folded)).toEqual(['pak', 'i', 'sun']);
    expect(transliterate('Ri 만건').text).toBe('Ri man gon');
  });
  it('marks only the words written for Hangul as Korean, each with its Hangul\'s key', () => {
    expect(tokenizePersonName({ full: 'Kim 정은' }).map((t) => [t.folded, t.hangul ?? false, t.korean ?? ''])).toEqual([['kim', false, ''], ['jong', true, 'C3G'], ['un', true, '9N']]);
  });
  it('never reads a syllable as an Arabic particle (수빈 is Su Bin, not Su bin-)', () => {
    expect(tokenizePersonQuery('수빈', '이').map((t) => [t.folded, t.particle])).toEqual([['su', false], ['bin', false], ['lee', false]]);
    expect(tokenizePersonQuery('정은 김', '').map((t) => [t.folded, t.particle])).toEqual([['jong', false], ['un', false], ['kim', false]]);
    // The same words in Latin letters keep the tokenizer's reading.
    expect(tokenizePersonQuery('Su Bin', 'Lee').find((t) => t.folded === 'bin')?.particle).toBe(true);
  });
  it('writes the words of an organisation\'s name whole, voiced inside', () => {
    expect(transliterate('금강 평양', 'words').text).toBe('kumgang pyongyang');
  });
});

describe('Hangul names against the lists', () => {
  let index: MatchIndex;
  beforeAll(async () => {
    index = buildIndex(await loadSanctionsLists());
  }, 120_000);

  const officials: Array<[string, string]> = [
    ['김정은', 'KIM, Jong Un'], ['김여정', 'KIM, Yo Jong'], ['최룡해', 'CHOE, Ryong Hae'], ['리병철', 'RI, Pyong Chol'],
    ['조용원', 'JO, Yong-Won'], ['정경택', 'JONG, Kyong Thaek'], ['황병서', 'HWANG, Pyong So'], ['김원홍', 'KIM, Won Hong'],
    ['최휘', 'CHOE, Hwi'], ['김기남', 'KIM, Ki Nam'], ['김영철', 'KIM, Yong Chol'], ['리수용', 'RI, Su Yong'],
    ['리만건', 'RI, Man Gon'], ['리영길', 'RI, Yong Gil'], ['김수길', 'KIM, Su Gil'],
  ];
  it.each(officials)('%s finds %s', (hangul, listed) => {
    for (const [first, last] of [[hangul, ''], ['', hangul], [hangul.slice(1), hangul.slice(0, 1)]] as const) {
      const hits = search(index, { kind: 'person', name_first: first, name_last: last });
      const hit = hits.find((h) => h.matched_name.full.toUpperCase() === listed.toUpperCase());
      expect(hit?.score, `${first} | ${last}`).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('meets a list\'s other spellings of a syllable (Byong / Pyong, Chong / Jong), spaced or hyphenated', () => {
    // The entity listed under that name (among its others), whichever of its names scored best.
    const best = (first: string, last: string, listed: string) => search(index, { kind: 'person', name_first: first, name_last: last })
      .find((h) => h.entity.names.some((n) => n.full.toUpperCase() === listed))?.score ?? 0;
    expect(best('병춘', '민', 'MIN, BYONG CHUN')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(best('정철', '문', 'MUN CHONG-CHOL')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(best('만 건', '리', 'RI, MAN GON')).toBe(1);
    expect(best('만-건', '리', 'RI, MAN GON')).toBe(1);
  });

  it('meets spellings with ㅈ as Ch, ㄱ ㅂ unvoiced or voiced, and the South\'s dropped initial ㄹ (Korean key)', () => {
    const best = (first: string, last: string, listed: string) => search(index, { kind: 'person', name_first: first, name_last: last })
      .find((h) => h.entity.names.some((n) => n.full.toUpperCase() === listed))?.score ?? 0;
    expect(best('일우', '조', 'CHO, IL-U')).toBeGreaterThanOrEqual(0.9);
    expect(best('정남', '연', "YO'N, CHO'NG-NAM")).toBeGreaterThanOrEqual(0.9);
    expect(best('문길', '강', 'KANG, MUN-KIL')).toBeGreaterThanOrEqual(0.9);
    expect(best('광호', '류', 'YU, KWANG HO')).toBeGreaterThanOrEqual(0.9);
    expect(best('성순', '림', 'IM, SONG SUN')).toBeGreaterThanOrEqual(0.9);
  });

  it('does not take a name one syllable apart for the listed one', () => {
    const score = (first: string, last: string, listed: string) => search(index, { kind: 'person', name_first: first, name_last: last }, { threshold: 0 })
      .find((h) => h.entity.names.some((n) => n.full.toUpperCase() === listed))?.score ?? 0;
    // 정훈 is not 정은 (KIM, Jong Un), 영길 not 영일 (HO, Yong Il), 명국 not 명훈 (RI, Myong Hun).
    expect(score('정훈', '김', 'KIM, JONG UN')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('영길', '허', 'HO, YONG IL')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('명국', '리', 'RI, MYONG HUN')).toBeLessThan(DEFAULT_THRESHOLD);
    // 주 is not 조 (JO, Yong-Won), 정순 not 용선 (JANG, Yong Son).
    expect(score('주원', '정', 'JO YONG-WON')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(score('정순', '장', 'JANG YONG SON')).toBeLessThan(DEFAULT_THRESHOLD);
  });
});

describe('Hangul names against the South\'s usual spellings', () => {
  // As a PEP list writes South Korean office holders: none of them is on the sanctions lists here.
  const names: Array<[string, string]> = [['문재인', 'Moon Jae-in'], ['윤석열', 'Yoon Suk-yeol'], ['박근혜', 'Park Geun-hye'], ['김대중', 'Kim Dae-jung'],
    ['반기문', 'Ban Ki-moon'], ['한덕수', 'Han Duck-soo'], ['이건희', 'Lee Kun-hee'], ['정의선', 'Chung Eui-sun'], ['노무현', 'Roh Moo-hyun']];
  const index = buildIndex(names.map(([, latin], i) => listedEntity(`pep${i}`, 'person', [latin])));
  it.each(names)('%s finds %s', (hangul, latin) => {
    const hit = search(index, { kind: 'person', name_first: hangul, name_last: '' }).find((h) => h.matched_name.full === latin);
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });
  it('keys a syllable\'s spellings so that they meet its Hangul, and not another vowel\'s', () => {
    const meets = (hangul: string, latin: string) => koreanKeysMeet(finishKoreanKey(hangulKey(hangul)), koreanKey(latin));
    const same: Array<[string, string[]]> = [['석', ['sok', 'seok', 'suk']], ['근', ['kun', 'geun']], ['현', ['hyon', 'hyeon', 'hyun']], ['백', ['paek', 'baek', 'paik']], ['최', ['choe', 'choi']],
      ['정', ['jong', 'chong', 'jeong', 'jung']], ['박', ['pak', 'bak', 'park']], ['덕', ['tok', 'deok', 'duck']], ['희', ['hui', 'hee']],
      ['이', ['lee', 'ri', 'yi']], ['리', ['ri', 'lee']], ['류', ['ryu', 'yu', 'yoo']], ['노', ['roh', 'no']], ['광', ['kwang', 'gwang']], ['우', ['u', 'woo']]];
    for (const [hangul, latins] of same) for (const latin of latins) expect(meets(hangul, latin), `${hangul} ${latin}`).toBe(true);
    // ㅜ is not ㅗ (주 Ju is not Jo, 고 Ko is not Ku, 노 not Lu); other letters stay apart.
    const apart: Array<[string, string[]]> = [['주', ['jo', 'cho']], ['조', ['ju', 'joo']], ['고', ['ku']], ['노', ['lu']], ['김', ['kam']],
      ['정', ['jin']], ['석', ['sak']], ['철', ['chil']], ['송', ['sung', 'son']]];
    for (const [hangul, latins] of apart) for (const latin of latins) expect(meets(hangul, latin), `${hangul} ${latin}`).toBe(false);
  });
  it('reads a one-letter syllable (우, 이) as a syllable under the key, not as an initial', () => {
    const woo = buildIndex([listedEntity('woo', 'person', ['Kim Jung-woo']), listedEntity('yi', 'person', ['Park Su-yi'])]);
    expect(search(woo, { kind: 'person', name_first: '정우', name_last: '김' }).map((h) => h.entity.id)).toEqual(['woo']);
    expect(search(woo, { kind: 'person', name_first: '수이', name_last: '박' }).map((h) => h.entity.id)).toEqual(['yi']);
  });
  it('compares under the key only a word romanized from Hangul with a Latin one', () => {
    const latin = buildIndex([listedEntity('suk', 'person', ['Suk-yeol Yoon'])]);
    expect(search(latin, { kind: 'person', name_first: 'Sok Yol', name_last: 'Yun' })).toEqual([]);
    expect(search(latin, { kind: 'person', name_first: '석열', name_last: '윤' }).map((h) => h.entity.id)).toEqual(['suk']);
  });
});

describe('a person listed in Hangul', () => {
  const index = buildIndex([listedEntity('kju', 'person', ['김정은']), listedEntity('rmg', 'person', ['리만건'])]);
  const found = (first: string, last: string) => search(index, { kind: 'person', name_first: first, name_last: last }).map((h) => h.entity.id);

  it('is found by the lists\' Latin spellings', () => {
    expect(found('Jong Un', 'Kim')).toEqual(['kju']);
    expect(found('Jong-un', 'KIM')).toEqual(['kju']);
    expect(found('Jongun', 'Kim')).toEqual(['kju']);
    expect(found('Man Gon', 'Ri')).toEqual(['rmg']);
  });
  it('is not found by a name that shares only the surname and one syllable', () => {
    expect(found('Jong Nam', 'Kim')).toEqual([]);
    expect(found('', '김정남')).toEqual([]);
    expect(found('Man Su', 'Ri')).toEqual([]);
    expect(search(index, { kind: 'person', name_first: 'Jong Nam', name_last: 'Kim' }, { threshold: 0 }).every((h) => h.score < DEFAULT_THRESHOLD)).toBe(true);
  });
});
