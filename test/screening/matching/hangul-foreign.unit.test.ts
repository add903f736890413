/**
 * Foreign names written in Hangul (matcher 2026.11.20): the Korean press writes 블라디미르 푸틴,
 * 람잔 카디로프, 바샤르 알아사드 by sound, in Korean's loanword orthography, and the Korean reading
 * (hangul-romanization.ts: a surname and given syllables, "pul ra ti mi ru") met none of them. A
 * query holding Hangul is now also read as a foreign name (hangul-spellings.ts), unless it reads as
 * a Korean name. The Hangul below is written as the Korean press writes these names (the spellings
 * are mine); the Latin side is the OFAC / UN list itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hangulForeignSpellings, readsAsKoreanName } from '../../../activities/screening/matching/hangul-spellings.js';
import { buildIndex, screen, search, type MatchIndex } from '../../../activities/screening/matching/matcher.js';
import { tokenizePersonQuery } from '../../../activities/screening/matching/name-tokenizer.js';
import { transliterate } from '../../../activities/screening/matching/script-transliteration.js';
import { loadSanctionsLists } from '../evaluation/real-lists.js';

const spells = (hangul: string, latin: string) => hangulForeignSpellings(hangul)?.spellings.pattern?.test(latin) ?? false;

describe('Hangul read as a foreign name', () => {
  it('reads ㅡ as no vowel, ㅂ as b or v, ㅍ as p or f, ㅓ as any vowel (the schwa)', () => {
    expect(spells('블라디미르', 'vladimir')).toBe(true);
    expect(spells('푸틴', 'putin')).toBe(true);
    expect(spells('카디로프', 'kadyrov')).toBe(true);
    expect(spells('프리드만', 'fridman')).toBe(true);
    expect(spells('도널드', 'donald')).toBe(true);
    expect(spells('트럼프', 'trump')).toBe(true);
    expect(spells('빅토르', 'viktor')).toBe(true);
    // Each letter is one of its own spellings: no other consonant, no letter dropped.
    expect(spells('빅토르', 'giktor')).toBe(false);
    expect(spells('푸틴', 'putnam')).toBe(false);
    expect(spells('사담', 'sudan')).toBe(false);
    expect(spells('카디로프', 'kadri')).toBe(false);
    expect(spells('블라디미르', 'vladimirov')).toBe(false);
  });
  it('reads ㄹㄹ as one l, ㄱ + ㅅ as an x, a sibilant\'s y-vowel and ㅣ as the press writes sh, ch and j', () => {
    expect(spells('나스랄라', 'nasrallah')).toBe(true);
    expect(spells('나스랄라', 'nasrala')).toBe(true);
    expect(spells('알렉산드르', 'aleksandr')).toBe(true);
    expect(spells('알렉산드르', 'alexandr')).toBe(true);
    expect(spells('루카셴코', 'lukashenko')).toBe(true);
    expect(spells('바샤르', 'bashar')).toBe(true);
    expect(spells('쇼이구', 'shoigu')).toBe(true);
    expect(spells('아브라모비치', 'abramovich')).toBe(true);
    expect(spells('부시', 'bush')).toBe(true);
    expect(spells('프리고진', 'prigozhin')).toBe(true);
    // A voiced end written without its voice: -berg as 베르크, -ov as 로프.
    expect(spells('벡셀베르크', 'vekselberg')).toBe(true);
    expect(spells('라브로프', 'lavrov')).toBe(true);
  });
  it('reads Spanish ll, a Russian ё as e, a silent initial h, a final 리 as r, 쓰 as tsu (matcher 2026.11.22)', () => {
    expect(spells('카스티요', 'castillo')).toBe(true);
    expect(spells('무리요', 'murillo')).toBe(true);
    expect(spells('기예르모', 'guillermo')).toBe(true);
    expect(spells('표도르', 'fedor')).toBe(true);
    expect(spells('고르바초프', 'gorbachev')).toBe(true);
    expect(spells('코롤료프', 'korolev')).toBe(true);
    expect(spells('에르난데스', 'hernandez')).toBe(true);
    expect(spells('이고리', 'igor')).toBe(true);
    expect(spells('미쓰비시', 'mitsubishi')).toBe(true);
    // ㅓ is an o only before ㄴ (클린턴 Clinton): 퍼스트 is First, not Post.
    expect(spells('클린턴', 'clinton')).toBe(true);
    expect(spells('퍼스트', 'first')).toBe(true);
    expect(spells('퍼스트', 'post')).toBe(false);
    // The ll is no letter at a word's start, and the h is silent only there.
    expect(spells('요르단', 'llordan')).toBe(false);
    expect(spells('키오', 'kiho')).toBe(false);
  });
  it('reads a consonant written in a syllable\'s final, as letter-for-letter transliterators write it (빛 vich, 롭 rov, 밀 mir)', () => {
    expect(spells('브라디밀', 'vladimir')).toBe(true);
    expect(spells('아렠산드로빛', 'aleksandrovich')).toBe(true);
    expect(spells('밐하이롭', 'mikhailov')).toBe(true);
    expect(spells('닟오랏', 'nicolas')).toBe(true);
  });
  it('notes the spellings under the word\'s likeliest reading, a part after a hyphen as a word of its own', () => {
    const read = transliterate('블라디미르 푸틴', 'foreign');
    expect(read.text).toBe('bladimir putin');
    expect(read.hangul).toBe(false);
    expect(read.wordSpellings?.get('putin')?.[0]?.pattern?.test('putin')).toBe(true);
    expect(transliterate('알-아사드', 'foreign').text).toBe('al-asad');
    // Read as a foreign name, 빈 is the particle bin; read as a Korean one it is a syllable.
    expect(tokenizePersonQuery('오사마 빈', '라덴', true).map((t) => [t.folded, t.particle])).toEqual([['osama', false], ['bin', true], ['raden', false]]);
    expect(tokenizePersonQuery('오사마 빈', '라덴').every((t) => !t.particle)).toBe(true);
  });
  it('tells a Korean name (a Korean surname, two to four syllables) from a foreign one', () => {
    // Typed untidily too: the fields swapped, a stray sign, a zero-width space, decomposed (NFD).
    for (const [first, last] of [['김정은', ''], ['정은', '김'], ['김 정은', ''], ['정은 김', ''], ['병철', '리'], ['남궁민수', ''], ['만-건', '리'],
      ['홍', '성호'], ['가은.', '조'], ['가\u200b은', '조'], ['정은'.normalize('NFD'), '김'], ['정은･김', ''],
      // A surname field beside given names of one or two syllables each, however many (matcher 2026.11.23).
      ['명자 정수', '장'], ['옥순 아름 하나', '양']]) {
      expect(readsAsKoreanName(first as string, last as string), `${first} | ${last}`).toBe(true);
    }
    for (const [first, last] of [['블라디미르', '푸틴'], ['푸틴', ''], ['사담 후세인', ''], ['오사마 빈', '라덴'], ['이고르', '세친'], ['Kim 정은', ''], ['정은', 'Kim'], ['빈 라덴', ''], ['바샤르 하페즈', '알']]) {
      expect(readsAsKoreanName(first as string, last as string), `${first} | ${last}`).toBe(false);
    }
  });
});

describe('Foreign names in Hangul against the lists', () => {
  let index: MatchIndex;
  beforeAll(async () => {
    index = buildIndex(await loadSanctionsLists());
  }, 120_000);

  const top = (first: string, last: string) => search(index, { kind: 'person', name_first: first, name_last: last })[0]?.matched_name.full;

  it('finds listed persons written in Hangul as the Korean press writes them', () => {
    const found: Array<[string, string, RegExp]> = [
      ['블라디미르', '푸틴', /^PUTIN, Vladimir/], ['람잔', '카디로프', /^KADYROV, Ramzan/], ['세르게이', '라브로프', /^LAVROV, Sergei/],
      ['알렉산드르', '루카셴코', /^LUKASHENKO/], ['바샤르', '알아사드', /ASAD/], ['니콜라스', '마두로', /^MADURO MOROS/],
      ['알리', '하메네이', /^KHAMENEI/], ['예브게니', '프리고진', /^PRIGOZHIN/], ['올레크', '데리파스카', /^DERIPASKA/],
      ['빅토르', '벡셀베르크', /^VEKSELBERG/], ['미하일', '프리드만', /^FRIDMAN/], ['알리셰르', '우스마노프', /^USMANOV/],
      ['하산', '나스랄라', /^NASRALLAH/], ['이고르', '세친', /^SECHIN/], ['드미트리', '메드베데프', /^MEDVEDEV/],
      ['세르게이', '쇼이구', /^SHOIGU/], ['아부 바크르', '알바그다디', /BAGHDADI/], ['아이만', '알자와히리', /ZAWAHIRI/i],
      ['이스마일', '하니야', /^HANIYA/], ['야히야', '신와르', /^SINWAR/], ['겐나디', '팀첸코', /^TIMCHENKO/],
      ['아르카디', '로텐베르크', /^ROTENBERG/], ['유리', '코발추크', /^KOVALCHUK/], ['니콜라이', '파트루셰프', /^PATRUSHEV/],
      ['호아킨', '구스만', /GUZMAN/],
    ];
    const missed = found.filter(([first, last, listed]) => !listed.test(top(first, last) ?? ''));
    expect(missed).toEqual([]);
    // The whole name in one field, in the Western order the press writes.
    expect(top('블라디미르 푸틴', '')).toMatch(/^PUTIN, Vladimir/);
  });
  it('finds no one for English names on no list written in Hangul', () => {
    for (const [first, last] of [['에마', '왓슨'], ['톰', '행크스'], ['빌', '게이츠'], ['마이클', '조던'], ['테일러', '스위프트'], ['메릴', '스트리프']]) {
      expect(search(index, { kind: 'person', name_first: first as string, name_last: last as string }), `${first} ${last}`).toEqual([]);
    }
  });
  it('reads a name holding Latin letters only as written (가은 | Kim is Korean), and decomposed Hangul as composed', () => {
    expect(screen(index, { kind: 'person', name_first: '가은', name_last: 'Kim' }).hits.map((h) => h.matched_name.full)).not.toContain('KIM, Kun');
    expect(hangulForeignSpellings('가은')?.spellings.pattern?.test('kun')).toBe(true);
    expect(top('블라디미르'.normalize('NFD'), '푸틴'.normalize('NFD'))).toMatch(/^PUTIN, Vladimir/);
  });
  it('reads a Korean name only as Korean: its foreign reading would meet other names', () => {
    // 가은 read as a foreign word spells "kan"; the Korean reading does not meet ZAW, Kan.
    expect(screen(index, { kind: 'person', name_first: '가은', name_last: '조' }).hits.map((h) => h.matched_name.full)).not.toContain('ZAW, Kan');
    expect(hangulForeignSpellings('가은')?.spellings.pattern?.test('kan')).toBe(true);
    // The Korean reading still finds the lists' Korean names.
    expect(top('정은', '김')).toMatch(/^KIM,? Jong[- ]Un$/i);
  });
  it('keeps each entity once, with its better reading\'s score', () => {
    const hits = screen(index, { kind: 'person', name_first: '현우 현정', name_last: '장' }).hits;
    expect(new Set(hits.map((h) => h.entity.id)).size).toBe(hits.length);
  });
});
