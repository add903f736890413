/**
 * The Latin spellings a word written in Chinese characters can stand for when it is a foreign name
 * written by sound (音译): the Chinese press writes 弗拉基米尔·普京 (Vladimir Putin), 拉姆赞·卡德罗夫,
 * 巴沙尔·阿萨德, a character per syllable from a small set (Xinhua's tables of foreign names), and the
 * Chinese reading of script-transliteration.ts (pinyin, "fu la ji mi er pu jing") meets none of them.
 * Each character is read by its pinyin (any-ascii's) as its initial and its final, each one of a few
 * Latin spellings a listed word must spell out whole (word-spellings.ts pattern): Chinese gives a
 * consonant without a vowel a vowel to carry it (斯 si s, 德 de d, 夫 fu f or v, 尔 er r or l, 奇 qi
 * ch, 布 bu b), so those finals may also be nothing; f is also v, w also v (维 wei vi) and wu a bare
 * u (乌 Usmanov), x s or sh (谢 xie se), q ch, j and q also a Russian soft d or t (季 ji: 根纳季 Gennady,
 * 季姆琴科 Timchenko; 京 jing: 普京 Putin), an ang's ng may be unwritten (桑 sang: Hassan), the vowels
 * are approximate (默 mo: Muhammad), an r after a vowel and a name's final i or y are
 * often left unwritten (维克托 Viktor, 尼古拉 Nikolai). The skeletons of its likeliest readings are
 * where its candidates are looked up.
 *
 * Like the foreign reading of Hangul (hangul-spellings.ts), this is a second reading: search.ts reads
 * a query holding Chinese characters both ways when each is one the press writes foreign names with
 * (mayBeTransliterated) and it does not read as a Chinese name (readsAsChineseName).
 */
import anyAscii from 'any-ascii';
import { SpellingPattern, type PatternPart } from './spelling-pattern.js';
import { oneSpellingPerClass, readingSkeletons, readsAsNativeName, type NativeNames, type WordSpellings } from './word-spellings.js';

/** A Chinese character (the unified ideographs, extension A, the compatibility block, the supplementary planes). */
export const HAN_CHARACTER = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]/u;

/** Characters whose reading in foreign names is not any-ascii's (it gives another of their readings). */
const READING: Record<string, string> = { 什: 'shi', 卜: 'bu', 勒: 'le' };

/** Initials, longest first, and their Latin spellings, likeliest first. */
const INITIALS: Array<[string, readonly string[]]> = [
  ['zh', ['zh', 'j', 'z', 'g', 'dj', 'dzh', 'dh']], ['ch', ['ch', 'tch', 'c', 'tsh']], ['sh', ['sh', 's', 'sch', 'ch']],
  ['b', ['b', 'bb', 'p']], ['p', ['p', 'pp', 'b', 'ph']], ['m', ['m', 'mm']], ['f', ['f', 'v', 'ph', 'ff', 'w']],
  ['d', ['d', 't', 'dd', 'th', 'dh']], ['t', ['t', 'tt', 'th', 'd', 'dt']], ['n', ['n', 'nn']], ['l', ['l', 'r', 'll', 'rr']],
  ['g', ['g', 'k', 'gh', 'gu', 'c']], ['k', ['k', 'c', 'ck', 'q', 'kh', 'ch']], ['h', ['h', 'kh', 'ch', 'j', 'gh', '']],
  ['j', ['j', 'g', 'd', 'z', 'dj', 'zh', 'y', 'dz', 'k', 't']], ['q', ['ch', 'q', 'k', 'c', 'ts', 'tch', 'tsch', 't']],
  ['x', ['s', 'sh', 'x', 'h', 'sch', 'ch', 'ss']], ['r', ['r', 'zh', 'j', 'l', 'rr']], ['z', ['z', 'ts', 'dz', 's', 'tz', 'zz', 'dh']],
  ['c', ['ts', 'tz', 'c', 'z', 'ch', 'tsch']], ['s', ['s', 'ss', 'c', 'th', 'z']], ['y', ['y', 'i', 'j', '']], ['w', ['w', 'v', 'u', 'wh']],
];

/** Finals and their Latin spellings, likeliest first (ü is written u by any-ascii, after j q x y). */
const FINALS: Record<string, readonly string[]> = {
  a: ['a', 'ah', 'aa'], o: ['o', 'u', 'ou', 'oh', 'a', 'e'], e: ['e', 'a', 'o', 'u', 'i', 'y', 'er', 'eh'],
  i: ['i', 'y', 'ee', 'ie', 'iy', 'e'], u: ['u', 'oo', 'ou', 'o', 'w', 'yu', 'iu', 'ue'],
  ai: ['ai', 'ay', 'a', 'e', 'ei', 'ey', 'ae'], ei: ['ei', 'ey', 'e', 'ai', 'ay', 'i', 'ee', 'ie', 'y'],
  ao: ['ao', 'au', 'o', 'ow', 'oh', 'aw'], ou: ['ou', 'o', 'u', 'ow', 'oh', 'oo'],
  an: ['an', 'ahn', 'un', 'en', 'on', 'ann', 'am', 'ane'], en: ['en', 'an', 'un', 'in', 'on', 'em', 'enn', 'yn', 'ein'],
  ang: ['ang', 'an', 'ung', 'un', 'ong', 'on', 'am', 'ann'], eng: ['eng', 'en', 'ung', 'in', 'an', 'em', 'enn'], ong: ['ong', 'on', 'un', 'ung', 'om'],
  er: ['er', 'r', 'l', 'ir', 'ar', 'ur', 'or', 'el', 're', 'le', 'll', 'rr'],
  ia: ['ia', 'ya', 'a', 'iya', 'ja'], ie: ['ie', 'ye', 'e', 'ier', 'je'], iao: ['iao', 'yo', 'io', 'iau', 'eo', 'o'],
  iu: ['iu', 'yu', 'u', 'iou', 'you', 'eu'], ian: ['ian', 'yan', 'en', 'an', 'ien', 'yen', 'in'],
  in: ['in', 'een', 'yn', 'en', 'im', 'ine', 'inn', 'ein'], iang: ['iang', 'yang', 'ian', 'yan'],
  ing: ['ing', 'in', 'en', 'eng', 'ine', 'yn'], iong: ['iong', 'yong', 'ion', 'yon'],
  ua: ['ua', 'wa', 'va', 'oa'], uo: ['uo', 'o', 'wo', 'ou', 'u', 'vo', 'oh'], uai: ['uai', 'wai', 'vai'],
  ui: ['ui', 'wei', 'wi', 'vi', 'uy', 'oui', 'ue', 'uei'], uan: ['uan', 'wan', 'van', 'oan', 'yuan', 'yan', 'an'],
  un: ['un', 'uen', 'wen', 'on', 'oon', 'yun', 'in'], uang: ['uang', 'wang', 'uan'], ue: ['ue', 'ye', 'ie', 'e', 'o', 'yo', 'io'],
};

/** Finals that carry a consonant without a vowel after these initials (斯 s, 德 d, 布 b, 尔 r). */
const CARRIED: Record<string, ReadonlySet<string>> = {
  i: new Set(['z', 'c', 's', 'zh', 'ch', 'sh', 'r', 'j', 'q', 'x']),
  u: new Set(['b', 'p', 'm', 'f', 'd', 't', 'g', 'k', 'h', 'l']),
  e: new Set(['d', 't', 'g', 'k', 'h', 'l', 's', 'z', 'c', 'zh', 'ch', 'sh', 'r']),
};

interface Syllable {
  initial: string;
  /** The initial's spellings (INITIALS); none for a syllable that starts with its vowel. */
  consonants: readonly string[] | undefined;
  final: string;
}

/** A character's syllable (pinyin), split into its initial and final; undefined when it is no Chinese syllable. */
function syllableOf(ch: string): Syllable | undefined {
  const pinyin = (READING[ch] ?? anyAscii(ch)).toLowerCase();
  if (!/^[a-z]+$/.test(pinyin)) return undefined;
  const found = INITIALS.find(([initial]) => pinyin.startsWith(initial));
  const initial = found?.[0] ?? '';
  const final = pinyin.slice(initial.length);
  return FINALS[final] !== undefined ? { initial, consonants: found?.[1], final } : undefined;
}

/** Readings keyed for a word's candidates (word-spellings.ts MAX_READINGS is 256). */
const SKELETON_READINGS = 1024;

export interface HanForeignReading {
  /** Its likeliest Latin spelling (the token's own word). */
  reading: string;
  spellings: WordSpellings;
}

/** A word of Chinese characters read as a foreign name written by sound; undefined when it holds anything else. */
export function hanForeignSpellings(word: string): HanForeignReading | undefined {
  const syllables: Syllable[] = [];
  for (const ch of word) {
    const s = HAN_CHARACTER.test(ch) ? syllableOf(ch) : undefined;
    if (!s) return undefined;
    syllables.push(s);
  }
  if (syllables.length === 0) return undefined;
  const parts: PatternPart[] = [];
  const likeliest: string[][] = [];
  let reading = '';
  syllables.forEach(({ initial, consonants: spelled, final }, i) => {
    // wu is also a bare u (乌斯马诺夫 Usmanov).
    const own = spelled && initial === 'w' && final === 'u' ? [...spelled, ''] : spelled;
    if (own) {
      // An n written again after a final n (根纳季 Gennady: gen-na; 马丁内斯 Martinez: ding read tin) is one letter.
      const consonants = initial === 'n' && /ng?$/.test(syllables[i - 1]?.final ?? '') ? [...own, ''] : own;
      parts.push(consonants);
      likeliest.push(oneSpellingPerClass(consonants, 3));
      reading += consonants[0] as string;
    }
    const written = FINALS[final] as readonly string[];
    const vowels = [...written];
    // An r after a vowel is often left unwritten (马克 Mark, 维克托 Viktor, 罗滕贝格 Rotenberg), and a
    // name's final i or y (尼古拉 Nikolai).
    if (!final.endsWith('n') && !final.endsWith('ng') && final !== 'er') vowels.push(...written.map((v) => `${v}r`));
    if (i === syllables.length - 1 && /^(a|o|e|ia|ie|ua|uo)$/.test(final)) vowels.push(...written.flatMap((v) => [`${v}i`, `${v}y`]));
    const carried = CARRIED[final]?.has(initial) === true;
    if (carried) vowels.push('');
    // An initial vowel may follow a silent Latin h (埃尔南德斯 Hernández).
    if (i === 0 && initial === '') vowels.push(...vowels.map((v) => `h${v}`));
    const options = [...new Set(vowels)];
    parts.push(options);
    // For the skeletons: the vowel, or none where it carries a consonant, or an unwritten r before a
    // consonant or at the end (伯格 berg, 维克托 Viktor); 尔 r or l.
    const first = options[0] as string;
    const next = syllables[i + 1];
    const rMayFollow = (next === undefined || next.initial !== '') && options.includes(`${first}r`);
    likeliest.push(final === 'er' ? ['er', 'l'] : [first, ...(carried ? [''] : []), ...(rMayFollow ? [`${first}r`] : [])]);
    reading += first;
  });
  // (More readings than other scripts' words are keyed: each syllable has several, and a long name many syllables.)
  // (A skeleton of one consonant class reaches a tenth of the lists' names; the word's other readings and the name's other words find its candidates.)
  return { reading, spellings: { skeletons: readingSkeletons(likeliest, true, SKELETON_READINGS).filter((k) => k.length >= 2), pattern: new SpellingPattern(parts), loosePattern: undefined, exclusive: true, joinsRuns: syllables.length > 2 } };
}

/**
 * Chinese surnames: the Hundred Family Surnames (百家姓) and other common ones, in simplified and
 * traditional characters, and the two-character ones. Many are also transliteration characters (马
 * Ma, 巴 Ba, 伊 Yi): a short name starting with one is read as Chinese.
 */
const CHINESE_SURNAMES = new Set([
  ...'赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜戚谢邹喻柏水窦章云苏潘葛奚范彭郎鲁韦昌马苗凤花方俞任袁柳酆鲍史唐费廉岑薛雷贺倪汤滕殷罗毕郝邬安常乐于时傅皮卞齐康伍余元卜顾孟平黄和穆萧尹姚邵湛汪祁毛禹狄米贝明臧计伏成戴谈宋茅庞熊纪舒屈项祝董梁杜阮蓝闵席季麻强贾路娄危江童颜郭梅盛林刁钟徐邱骆高夏蔡田樊胡凌霍虞万支柯昝管卢莫经房裘缪干解应宗丁宣贲邓郁单杭洪包诸左石崔吉钮龚程嵇邢滑裴陆荣翁荀羊於惠甄曲家封芮羿储靳汲邴糜松井段富巫乌焦巴弓牧隗山谷车侯宓蓬全郗班仰秋仲伊宫宁仇栾暴甘钭厉戎祖武符刘景詹束龙叶幸司韶郜黎蓟薄印宿白怀蒲邰从鄂索咸籍赖卓蔺屠蒙池乔阴胥能苍双闻莘党翟谭贡劳逄姬申扶堵冉宰郦雍璩桑桂濮牛寿通边扈燕冀郏浦尚农温别庄晏柴瞿阎充慕连茹习宦艾鱼容向古易慎戈廖庾终暨居衡步都耿满弘匡国文寇广禄阙东欧殳沃利蔚越夔隆师巩厍聂晁勾敖融冷訾辛阚那简饶空曾毋沙乜养鞠须丰巢关蒯相查后荆红游竺权逯盖益桓公付闫覃肖岳兰涂牟阳芦麦佟苟隋商丛佘苑迟邝官',
  ...'張劉陳楊黃趙吳孫馬羅鄭謝許韓馮鄧蕭葉蘇呂盧鍾譚陸賈韋鄒閆龍賀顧龔萬錢嚴湯蔣衛範魯鳳費畢鄔樂齊閔強婁顏駱經繆單榮儲烏車宮寧欒賴聶闕歐師鞏鄺關溫莊華連簡閻喬藍紀龐時饒鮑竇雲貝計談項應習東',
  ...'欧阳 司马 诸葛 上官 司徒 夏侯 东方 皇甫 尉迟 公孙 慕容 长孙 宇文 令狐 歐陽 諸葛 東方 長孫'.split(' '),
]);

/**
 * The characters the Chinese press writes foreign names with: the syllables of Xinhua's tables for
 * English, Russian, German, French, Spanish and Arabic names (阿 巴 贝 德 尔 夫 格 克 拉 罗 斯 特 维 …),
 * in simplified and traditional forms. A Chinese or Japanese name nearly always holds a character
 * outside them (伟, 芳, 田, 野), and is then not read by sound (mayBeTransliterated).
 */
const TRANSLITERATION_CHARACTERS = new Set('赞丁万不丘东丝丰丹丽乃久乌乐乔买于亚亞亥亨京什仁他仙代伊伍伏休优伦伯佐何佛佩佳依侬侯俄保修倫傑儒克內兰关典兹内冈农冯冷凌凡凯凱切列刘利别剛劉力加努劳勃勒勞包华卓南博卜卡卢卫厄历及古可史叶合吉吐吕君呂呼哈哲唐善喬嘉因图圖圣圭地坎坡坦埃培基堡堯塔塞墨士夏多大夫夸奇奈奎契奥奧好妥妮姆姬威娃娅娜婕婭孔孟季宁宇安宋宗宾密富察寧封尔尚尤尧尼居屈屠山岡川巴布希帕帝席平库底庞康廉廖延廷弗张張当彭彻彼得德怀思恩恰惠愛慕懷戈戴扎托扬拉拓拜捷措提揚摩撒敏文斐斯方施日旺昂昆昌明易昭普晶曲曼朗木本朱朵杜杨杰松林果查柯柳柴根格桑梅森楊楚楠榮樂欣欧欽歇歐步武歷殷比毕毛汀汉汗汤沃沙治法波泰泽洛津洪派济海涅温湯溫滕滨漢潘澤澳濟濱烈烏热熱爱爾牛特狄玉玛环珀珊珍班理琳琴琼瑙瑞瑟瑪環瓊瓜瓦甘甫由申留畢略登白皮盖盛盧碧祖福秋科穆立章简簡米約納紐素索紮累紹維緬繆约纳纽绍维缅缇缪罕罗羅美翁翰考耐耳耶耿聂聖聪肖肯胡腊臘舍舒艾芒芙芬苏若英茂范茜茨茲茹荣莉莎莫莱菊華菲萊萨萬葉蒂蒙蒲蓋蓬蕭蕾薇薩蘇蘭衛裏西託許詹諾謝讓让许诃诺谢谷豐豪貝貢貴買費賈賓賴賽贝贡贵费贾赖赛赫路车辛農达迈连迦迪迭逊通連道達遜邁邓那邦郭都鄧采里金錫鐵钦铁锡門闊關门阔阿陀陆陶陸隆雅雷霍露韋韦頓顿馬馮騰马高魏魯鮑鲁鲍鷗鸥麗麥麦黎黑默黛齊齐龍龐龙');

/** Whether every Chinese character of a text is one the press writes foreign names with. */
export function mayBeTransliterated(text: string): boolean {
  let any = false;
  for (const ch of text) {
    if (!HAN_CHARACTER.test(ch)) continue;
    if (!TRANSLITERATION_CHARACTERS.has(ch)) return false;
    any = true;
  }
  return any;
}

/** Chinese names: a given name of one or two characters beside the surname. */
const CHINESE_NAMES: NativeNames = {
  word: /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g, other: /[^\s\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u, surnames: CHINESE_SURNAMES, longestGiven: 2,
};

/**
 * Whether a person's name fields read as a Chinese name and only so (word-spellings.ts
 * readsAsNativeName; its interpunct, which the press writes between a foreign name's parts, is
 * checked by search.ts readBySound first).
 */
export function readsAsChineseName(firstField: string, lastField: string): boolean {
  return readsAsNativeName(firstField, lastField, CHINESE_NAMES);
}
