/**
 * Names written in Hangul (matcher 2026.11.17): romanized as the sanctions lists write Korean names
 * (hangul-romanization.ts), not in the Revised Romanization, under which 김정은 ("gim jeongeun") found
 * no listed Korean at all. The Hangul spellings below are the public names of North Korean officials
 * as the Korean press writes them; the Latin side is the OFAC / UN list itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { romanizeHangulSyllable } from '../../../activities/screening/matching/hangul-romanization.js';
import { buildIndex, DEFAULT_THRESHOLD, search, type MatchIndex } from '../../../activities/screening/matching/matcher.js';
import { tokenizePersonQuery } from '../../../activities/screening/matching/name-tokenizer.js';
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
  it('reads a word of two to four syllables as a surname and a one-word given name', () => {
    expect(transliterate('김정은').text).toBe('kim jongun');
    expect(transliterate('최룡해').text).toBe('choe ryonghae');
    expect(transliterate('최휘').text).toBe('choe hwi');
    // Longer runs (organisation names) keep a word per syllable.
    expect(transliterate('조선광선은행').text).toBe('jo son kwang son un haeng');
  });
  it('voices ㄱ ㄷ ㅂ inside a given name after a vowel or ㄴ ㄹ ㅁ ㅇ, not at its start', () => {
    expect(transliterate('리만건').text).toBe('ri mangon');
    expect(transliterate('김수길').text).toBe('kim sugil');
    expect(transliterate('렴희봉').text).toBe('ryom huibong');
    expect(transliterate('김기남').text).toBe('kim kinam');
    expect(transliterate('박봉주').text).toBe('pak pongju');
    // After a stop the letter stays as it is.
    expect(transliterate('김석길').text).toBe('kim sokkil');
  });
  it('writes the surname 이 as Lee (the South\'s spelling of the North\'s 리 Ri), not as a lone I', () => {
    expect(transliterate('이병철').text).toBe('lee pyongchol');
    expect(transliterate('리병철').text).toBe('ri pyongchol');
  });
  it('reads a given-name field, or a two-syllable word beside others, as a given name alone', () => {
    expect(words('정은', '김')).toEqual(['jongun', 'kim']);
    expect(words('만건', '리')).toEqual(['mangon', 'ri']);
    expect(transliterate('만건 리').text).toBe('mangon ri');
    expect(transliterate('이수', true).text).toBe('isu');
    // The whole name in the first field still starts with its surname.
    expect(words('김정은', '')).toEqual(['kim', 'jongun']);
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
