/**
 * Foreign names written in Chinese characters (matcher 2026.11.21): the Chinese press writes
 * 弗拉基米尔·普京, 拉姆赞·卡德罗夫, 巴沙尔·阿萨德 by sound, a character per syllable, and the
 * Chinese reading (pinyin, "fu la ji mi er pu jing") met none of them. A query holding Chinese
 * characters is now also read as a foreign name (han-spellings.ts), unless it reads as a Chinese
 * name. The characters below are the Chinese press's usual forms of these names (written down by
 * me); the Latin side is the OFAC / UN list itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hanForeignSpellings, mayBeTransliterated, readsAsChineseName } from '../../../activities/screening/matching/han-spellings.js';
import { buildIndex, screen, search, type MatchIndex } from '../../../activities/screening/matching/matcher.js';
import { transliterate } from '../../../activities/screening/matching/script-transliteration.js';
import { loadSanctionsLists } from '../evaluation/real-lists.js';

const spells = (han: string, latin: string) => hanForeignSpellings(han)?.spellings.pattern?.test(latin) ?? false;

describe('Chinese characters read as a foreign name', () => {
  it('reads a vowel that only carries a consonant as none (斯 s, 德 d, 夫 v, 布 b), 尔 as r or l', () => {
    expect(spells('卡德罗夫', 'kadyrov')).toBe(true);
    expect(spells('拉夫罗夫', 'lavrov')).toBe(true);
    expect(spells('弗里德曼', 'fridman')).toBe(true);
    expect(spells('乌斯马诺夫', 'usmanov')).toBe(true);
    expect(spells('巴沙尔', 'bashar')).toBe(true);
    expect(spells('伊戈尔', 'igor')).toBe(true);
    expect(spells('帕特鲁舍夫', 'patrushev')).toBe(true);
    // Each character is one of its own spellings: no other consonant, nothing dropped that is written.
    expect(spells('卡德罗夫', 'kadri')).toBe(false);
    expect(spells('卡德罗夫', 'katyrova')).toBe(false);
    expect(spells('伊戈尔', 'igo')).toBe(false);
    expect(spells('巴沙尔', 'bakar')).toBe(false);
  });
  it('reads j and q as a Russian soft d or t, w as v, x as s or sh, an unwritten r or final y', () => {
    expect(spells('普京', 'putin')).toBe(true);
    expect(spells('弗拉基米尔', 'vladimir')).toBe(true);
    expect(spells('根纳季', 'gennady')).toBe(true);
    expect(spells('季姆琴科', 'timchenko')).toBe(true);
    expect(spells('梅德韦杰夫', 'medvedev')).toBe(true);
    expect(spells('谢尔盖', 'sergei')).toBe(true);
    expect(spells('维克托', 'viktor')).toBe(true);
    expect(spells('韦克塞尔伯格', 'vekselberg')).toBe(true);
    expect(spells('尼古拉', 'nikolai')).toBe(true);
    expect(spells('卡扎菲', 'qadhafi')).toBe(true);
    // w is a bare u only in wu (乌 Usmanov), not before another vowel: 韦伯 is no Abu.
    expect(spells('韦伯', 'abu')).toBe(false);
    expect(spells('韦伯', 'weber')).toBe(true);
  });
  it('reads a silent initial h, an ng read n before n, German dt (matcher 2026.11.22)', () => {
    expect(spells('埃尔南德斯', 'hernandez')).toBe(true);
    expect(spells('马丁内斯', 'martinez')).toBe(true);
    expect(spells('冈萨雷斯', 'gonzalez')).toBe(true);
    expect(spells('施密特', 'schmidt')).toBe(true);
    expect(spells('基奥', 'kiho')).toBe(false);
  });
  it('reads Russian names\' ы, -ey and -ll (matcher 2026.11.24)', () => {
    expect(spells('安德烈', 'andrey')).toBe(true);
    expect(spells('基里尔', 'kirill')).toBe(true);
    expect(spells('纳雷什金', 'naryshkin')).toBe(true);
    expect(spells('维亚切斯拉夫', 'vyacheslav')).toBe(true);
  });
  it('reads by sound only characters the press writes foreign names with: no Chinese or Japanese name (matcher 2026.11.24)', () => {
    expect(mayBeTransliterated('弗拉基米尔·普京')).toBe(true);
    expect(mayBeTransliterated('哈马斯')).toBe(true);
    for (const name of ['王伟', '商刚', '閻君', '千葉健', '小野聡', '谷歌', '波音']) expect(mayBeTransliterated(name), name).toBe(false);
  });
  it('reads each part between interpuncts as a word, and reads the press\'s interpunct', () => {
    const read = transliterate('弗拉基米尔·普京', 'foreign');
    expect(read.wordSpellings?.get(hanForeignSpellings('普京')?.reading as string)?.[0]?.pattern?.test('putin')).toBe(true);
    expect(read.text.split(/[^a-z]+/).filter(Boolean)).toHaveLength(2);
    // The Chinese reading is unchanged.
    expect(transliterate('习近平').text).toBe('xi jinping');
  });
  it('tells a Chinese name (a Chinese surname, two or three characters, no interpunct) from a foreign one', () => {
    for (const [first, last] of [['王伟', ''], ['伟', '王'], ['欧阳修', ''], ['建国', '葛'], ['柴芳', ''], ['張偉', ''], ['王 伟', ''], ['柳', '颖'], ['颖.', '柳'], ['素琴 美玉', '林'], ['家豪', '陳']]) {
      expect(readsAsChineseName(first as string, last as string), `${first} | ${last}`).toBe(true);
    }
    for (const [first, last] of [['弗拉基米尔', '普京'], ['普京', ''], ['弗拉基米尔·普京', ''], ['卡扎菲', ''], ['王伟', 'Smith'], ['拉登', '']]) {
      expect(readsAsChineseName(first as string, last as string), `${first} | ${last}`).toBe(false);
    }
  });
});

describe('Foreign names in Chinese characters against the lists', () => {
  let index: MatchIndex;
  beforeAll(async () => {
    index = buildIndex(await loadSanctionsLists());
  }, 120_000);

  const top = (first: string, last: string) => search(index, { kind: 'person', name_first: first, name_last: last })[0]?.matched_name.full;

  it('finds listed persons written in Chinese characters as the Chinese press writes them', () => {
    const found: Array<[string, string, RegExp]> = [
      ['弗拉基米尔', '普京', /^PUTIN, Vladimir/], ['拉姆赞', '卡德罗夫', /^KADYROV, Ramzan/], ['谢尔盖', '拉夫罗夫', /^LAVROV, Sergei/],
      ['巴沙尔', '阿萨德', /ASSAD/], ['尼古拉斯', '马杜罗', /^MADURO MOROS/], ['阿里', '哈梅内伊', /^KHAMENEI/],
      ['叶夫根尼', '普里戈津', /^PRIGOZHIN/], ['奥列格', '杰里帕斯卡', /^DERIPASKA/], ['维克托', '韦克塞尔伯格', /^VEKSELBERG/],
      ['米哈伊尔', '弗里德曼', /^FRIDMAN/], ['阿利舍尔', '乌斯马诺夫', /^USMANOV/], ['伊戈尔', '谢钦', /^SECHIN/],
      ['德米特里', '梅德韦杰夫', /^MEDVEDEV/], ['谢尔盖', '绍伊古', /^SHOIGU/], ['艾曼', '扎瓦希里', /ZAWAHIRI|Dhawahri/i],
      ['伊斯梅尔', '哈尼亚', /^HANIYA/], ['根纳季', '季姆琴科', /T(I|IM)T?CHENKO/], ['阿尔卡季', '罗滕贝格', /^ROTENBERG/],
      ['尤里', '科瓦尔丘克', /^KOVALCHUK/], ['尼古拉', '帕特鲁舍夫', /^PATRUSHEV/],
    ];
    const missed = found.filter(([first, last, listed]) => !listed.test(top(first, last) ?? ''));
    expect(missed).toEqual([]);
    // The whole name in one field, its parts joined by the interpunct; Osama bin Laden's 本 as the particle.
    expect(top('弗拉基米尔·普京', '')).toMatch(/^PUTIN, Vladimir/);
    expect(top('奥萨马·本·拉登', '')).toMatch(/BIN LADEN/i);
  });
  it('finds no one for English names on no list written in Chinese characters', () => {
    for (const [first, last] of [['艾玛', '沃森'], ['汤姆', '汉克斯'], ['比尔', '盖茨'], ['迈克尔', '乔丹'], ['泰勒', '斯威夫特']]) {
      expect(search(index, { kind: 'person', name_first: first as string, name_last: last as string }), `${first} ${last}`).toEqual([]);
    }
  });
  it('finds no one for Chinese and Japanese names whose foreign reading would meet listed names (a review\'s, matcher 2026.11.24)', () => {
    // 2026.11.23 read these by sound and met KANG Song Nam 0.853, JON Jin Yong 0.87, TAN Wee Beng 0.853,
    // TAN Tieniu 0.9, TIEN Ho Chun 0.9, CHOE Chun Yong 0.864; read as Chinese they meet no one of those.
    const met = /KANG.*Song.?Nam|JON.*Jin.?Yong|TAN.*Wee.?Beng|TAN.*Tieniu|TIEN.*Ho.?Chun|CHOE.*Chun.?Yong/i;
    for (const [first, last] of [['刚', '商'], ['君', '閻'], ['瑋', '簡'], ['健', '千葉'], ['健', '小山'], ['聡', '小野']]) {
      const hits = search(index, { kind: 'person', name_first: first as string, name_last: last as string });
      expect(hits.filter((h) => met.test(h.matched_name.full)), `${first} ${last}`).toEqual([]);
    }
  });
  it('reads a Chinese name only as Chinese: its foreign reading would meet other names', () => {
    // 葛涛 read by sound spells "gotto"; read as Chinese it meets no one.
    expect(hanForeignSpellings('葛涛')?.spellings.pattern?.test('cotto')).toBe(true);
    expect(screen(index, { kind: 'person', name_first: '葛涛', name_last: '' }).hits).toEqual([]);
  });
  it('lets no word of one or two characters read by sound meet listed words joined (克里 Kerry is no "LEE, Karl", matcher 2026.11.24)', () => {
    expect(hanForeignSpellings('克里')?.spellings.pattern?.test('karllee')).toBe(true);
    expect(search(index, { kind: 'person', name_first: '', name_last: '克里' }).map((h) => h.matched_name.full)).not.toContain('LEE, Karl');
  });
  it('finds organisations written by sound (哈马斯 Hamas), not Chinese companies by their sound', () => {
    expect(search(index, { kind: 'business', business_name: '哈马斯' })[0]?.matched_name.full).toBe('HAMAS');
    expect(search(index, { kind: 'business', business_name: '中国工商银行' })).toEqual([]);
  });
});
