/**
 * Name variants of the kinds other people's tools make, found weak by the independent evaluation
 * (bench/screening-external.ts, generator in bench/support/names-external/): Arabic names romanized
 * without vowels by Unidecode, OCR confusions, a leading "The" or legal form, legal forms romanized
 * from Cyrillic by other systems, titles, particles written into the next word; and the hard negatives
 * that single letters in company names produced. Every case failed before matcher 2026.11.4.
 * Listed names are real UN / OFAC / OpenSanctions entries; queries are what the tools printed.
 */
import { describe, expect, it } from 'vitest';
import { listedEntity as entity } from '../support/listed-entity.js';
import { buildIndex, DEFAULT_THRESHOLD, search, type MatchQuery } from '../../../activities/screening/matching/matcher.js';
import { tokenizePersonQuery } from '../../../activities/screening/matching/name-tokenizer.js';
import { hasUnidecodeArabicSign } from '../../../activities/screening/matching/consonantal-romanization.js';

const index = buildIndex([
  entity('saddam', 'person', ['SADDAM HUSSEIN AL-TIKRITI']),
  entity('sayed', 'person', ['ABD EL KADER MAHMOUD MOHAMED EL SAYED']),
  entity('seddiqi', 'person', ['ABDUL WALI SEDDIQI']),
  entity('lahbous', 'person', ['MOHAMED LAHBOUS']),
  entity('asiri', 'person', ['IBRAHIM HASSAN TALI AL-ASIRI']),
  entity('nofal', 'person', ['Ayman NOFAL']),
  entity('salim', 'person', ['Ahmad SALIM']),
  entity('myint', 'person', ['Tun Aung MYINT']),
  entity('mehri', 'person', ['Mahmoud MEHRI']),
  entity('khoshghadam', 'person', ['Mehdi KHOSHGHADAM']),
  entity('bouhali', 'person', ['Ahmed EL BOUHALI']),
  entity('dibiski', 'person', ['Nur Al-Din AL-DIBISKI']),
  entity('malala', 'organization', ['MALALA 786, S.A.']),
  entity('sudoexport', 'organization', ['JOINT STOCK COMPANY SUDOEXPORT']),
  entity('totallook', 'organization', ['TOTAL LOOK']),
  entity('aeroscan', 'organization', ['AEROSCAN', 'Общество с Ограниченной Ответственностью «Аэроскан»']),
  entity('sps', 'organization', ['ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ "СПС"']),
  entity('trados', 'organization', ['TRADOS COMERCIO, S. DE R.L. DE C.V.']),
  entity('minvest', 'organization', ['M INVEST, OOO']),
  entity('ktech', 'organization', ['K TECHNOLOGIES JOINT STOCK COMPANY']),
  // UN entries listed in Arabic script (and Latin), for romanizations compared with the Arabic.
  entity('shafiq', 'person', ['عبد الواحد شفيق']),
  entity('tikriti', 'person', ['حامد رجا صلاح التكريتي']),
  entity('ani', 'person', ['ADIB SHABAN AL-ANI']),
  entity('djouadi', 'person', ['DJOUADI, Yahia']),
  entity('ansar', 'organization', ['ASBAT AL-ANSAR', 'عصبة الأنصار']),
  entity('islamicgroup', 'organization', ['ARMED ISLAMIC GROUP', 'الجماعة الاسلامية المسلحة']),
  entity('logaid', 'organization', ['LOGAID']),
  entity('zaid', 'person', ['زيد الحسن']),
  entity('noel', 'person', ['Jalal Kamil NOEL']),
  // Real names that differ in the first letter of a short word (a first-letter typo rule must keep them apart).
  entity('jamal', 'person', ['Jamal Mustafa SULTAN']),
  entity('kamal', 'person', ['Kamal Mustafa SULTAN']),
  entity('aung', 'person', ['MIN, Aung']),
  entity('sung', 'person', ['Sung Sop KU']),
  // UN entries of Afghan names, whose Arabic script writes k as the Persian keheh ک (Unidecode: "kh").
  entity('noorzai', 'person', ['MALIK NOORZAI']),
  // Namesakes a kh read as k must not meet: g and q share the skeleton's class with k; two classes are too few.
  entity('khan', 'person', ['Mohammad KHAN']),
  entity('ghani', 'person', ['GHANI, Hamad']),
  entity('kony', 'person', ['KONY, Ali Mohammed']),
  entity('quaydir', 'person', ['QUAYDIR, Muhammad']),
  entity('salek', 'person', ['ABDULHAI SALEK']),
  entity('achekzai', 'person', ['ABDUL SAMAD ACHEKZAI']),
  // A Latin name's own kh (a romanization's k must not meet it through the keheh reading).
  entity('shaykh', 'person', ['AL-SHAYKH, Diyab']),
]);

const person = (name_first: string, name_last: string): MatchQuery => ({ kind: 'person', name_first, name_last });
const business = (business_name: string): MatchQuery => ({ kind: 'business', business_name });
const scoreOf = (query: MatchQuery, id: string) => search(index, query, { threshold: 0 }).find((h) => h.entity.id === id)?.score ?? 0;

describe('variants made by other tools are found at the default threshold', () => {
  const positives: Array<[kind: string, query: MatchQuery, id: string]> = [
    // Unidecode on the Arabic-script name: no vowels, ayn as `, the article without its alif.
    ['arabic, vowelless', person('Sdm Hsyn', 'ltkryty'), 'saddam'],
    ['arabic, ayn mark and glued article', person('`bd lqdr mHmwd mHmd', 'lsyd'), 'sayed'],
    ['arabic, glued abd-al compound', person('`bdlwly', 'Sdyqy'), 'seddiqi'],
    ['arabic, l is the name\'s own letter', person('mHmd', 'lHbws'), 'lahbous'],
    ['arabic, initial alif left out', person('brhym Hsn Tl`', 'l`syry'), 'asiri'],
    // Matcher 2026.11.9: a romanization against the name listed in Arabic script (both without
    // short vowels: compared on the consonant skeleton), and the article read after `bd and before ayn.
    ['arabic, against the Arabic-script name, `bd l...', person('`bd lwHd', 'shfyq'), 'shafiq'],
    ['arabic, against the Arabic-script name', person('Hmd rj SlH', 'ltkryty'), 'tikriti'],
    ['arabic, the article read across the name\'s fields', person('`bd', 'lwHd shfyq'), 'shafiq'],
    ['arabic, article before an ayn mark', person("'dyb sh`bn", 'l`ny'), 'ani'],
    // Unidecode's signs (~ alif maqsura, @ ta marbuta, ` ayn inside a word) decide a short name, and
    // let short words count in an organisation's name; there the first word may carry the article.
    ['arabic, alif maqsura sign in a two-word name', person('yHy~', 'jwdy'), 'djouadi'],
    ['arabic organisation of two short words', business("`Sb@ l'nSr"), 'ansar'],
    ['arabic organisation, article on its first word', business('ljm`@ lslmy@ lmslH@'), 'islamicgroup'],
    // OCR confusions (typo.StrErrer.similar_char and multi-letter ones).
    ['ocr rn/m', person('Ayrnan', 'NOFAL'), 'nofal'],
    ['ocr 5/S', person('Ahmad', '5ALIM'), 'salim'],
    ['ocr IVI/M', person('Tun Aung', 'IVIYINT'), 'myint'],
    ['ocr IVI/M in a company', business('IVIALALA 786, S.A.'), 'malala'],
    // Titles.
    ['title Maulana', person('Maulana Mahmoud', 'MEHRI'), 'mehri'],
    ['title Ustadh and a generational suffix', person('Ustadh Mehdi', 'KHOSHGHADAM II'), 'khoshghadam'],
    // Particles written into the next word.
    ['particle glued, own spelling', person('Ahmed', 'ELbouhali'), 'bouhali'],
    ['particle glued beside another particle', person('Nur', 'Aldin AL DIBISKI'), 'dibiski'],
    // Leading article and legal forms.
    ['leading "the" before a legal form', business('the JOINT STOCK COMPANY SUDOEXPORT'), 'sudoexport'],
    ['leading English legal form, quoted name', business('Limited Liability Company "TOTAL LOOK"'), 'totallook'],
    ['Russian legal form, Telegram romanization', business('Obscestvo s ogranichennoi otvetstvennostiu "Aeroskan"'), 'aeroscan'],
    ['Russian legal form, ISO 9 romanization', business('OBŠčESTVO S OGRANIČENNOJ OTVETSTVENNOSTʹJu "SPS"'), 'sps'],
    ['leading form and "C.V" without its last period', business('OJSC TRADOS COMERCIO S. DE R.L. DE C.V'), 'trados'],
    // A damaged word of a legal form of several words (OCR and typing errors of the typo library).
    ['legal form read by OCR, 5/S', business('JOINT 5TOCK COMPANY SUDOEXPORT'), 'sudoexport'],
    ['legal form read by OCR, 1/I', business('JO1NT STOCK COMPANY SUDOEXPORT'), 'sudoexport'],
    ['legal form with a letter missing', business('JOINT STCK COMPANY SUDOEXPORT'), 'sudoexport'],
    ['legal form with two letters swapped', business('K TECHNOLOGIES JOINT STOKC COMPANY'), 'ktech'],
    ['legal form with two letters swapped, at the name\'s start', business('JIONT STOCK COMPANY SUDOEXPORT'), 'sudoexport'],
    ['legal form read by OCR, IVI/M', business('LIMITED LIABILITY COIVIPANY "TOTAL LOOK"'), 'totallook'],
    // Matcher 2026.11.12: Unidecode writes the keheh ک as "kh"; in a vowelless romanization it is
    // also read as k (Malik, Salek, Achekzai).
    ['arabic, keheh written kh, given name', person('mlkh', 'nwrz~'), 'noorzai'],
    ['arabic, keheh written kh, surname', person('`bdlHy', 'slkh'), 'salek'],
    ['arabic, keheh written kh after ch', person('`bd lSmd', 'chkhzy'), 'achekzai'],
    // Matcher 2026.11.10: a second form after the first (the generator's legal_form_suffix).
    ['a form added after a listed form', business('SUDOEXPORT JOINT STOCK COMPANY Ltd'), 'sudoexport'],
  ];
  it.each(positives)('%s', (_kind, query, id) => {
    expect(scoreOf(query, id)).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
  });

  it('reads the article after `bd and before an ayn or hamza mark', () => {
    const folded = (first: string, last: string) => tokenizePersonQuery(first, last).map((t) => t.folded);
    expect(folded('`bd lwHd', 'shfyq')).toEqual(['abd', 'al', 'whd', 'shfiq']);
    expect(folded("'dyb sh`bn", 'l`ny')).toEqual(['adib', 'shbn', 'al', 'ani']);
    expect(folded('mHmd', "l'myn")).toEqual(['mhmd', 'al', 'amin']);
    // Not at the name's start, and not without a mark (lHbws: the l is the name's own letter).
    expect(folded('l`ny', 'mHmd')).toEqual(['lni', 'mhmd']);
  });

  it('keeps an Arabic-script query of an Arabic-script name exact', () => {
    const hit = search(index, person('عبد الواحد', 'شفيق')).find((h) => h.entity.id === 'shafiq');
    expect(hit?.score).toBe(1);
    expect(hit?.match_types).toContain('exact_name');
  });

  it('says why an Arabic consonantal romanization matched', () => {
    const hit = search(index, person('Sdm Hsyn', 'ltkryty')).find((h) => h.entity.id === 'saddam');
    expect(hit?.match_types).toContain('transliteration');
  });
});

describe('hard negatives stay below the threshold', () => {
  const negatives: Array<[kind: string, query: MatchQuery, id: string]> = [
    // A single letter in a company name is not the initial of another company's word.
    ['another company sharing a generic word with "M INVEST"', business('MATVEEV INVEST'), 'minvest'],
    ['another company sharing a generic word with "K TECHNOLOGIES"', business('COOPER TECHNOLOGIES'), 'ktech'],
  ];
  it.each(negatives)('%s', (_kind, query, id) => {
    expect(scoreOf(query, id)).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('does not read one word as an abjad skeleton, even with a Unidecode sign', () => {
    // "lq`d@" (al-Qa`ida) alone: a three-consonant skeleton would meet LOGAID.
    expect(scoreOf(business('lq`d@'), 'logaid')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('knows Unidecode\'s Arabic signs from apostrophes and addresses', () => {
    expect(['lq`d@', 'jm`@ lslmy@', 'yHy~', 'nwrz~ khn'].map(hasUnidecodeArabicSign)).toEqual([true, true, true, true]);
    // A backtick typed for an apostrophe sits in a word with vowels or before a final s.
    expect(["O'Neil", 'O`Neill', 'TJ`s BBQ', '`bd lwHd', 'Tech@Work', 'info@acme.com', 'Smith ~ Jones'].map(hasUnidecodeArabicSign))
      .toEqual([false, false, false, false, false, false, false]);
    expect(tokenizePersonQuery('J K', 'O`Neill').every((t) => !t.abjad)).toBe(true);
    expect(scoreOf(person('J K', 'O`Neill'), 'noel')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('keeps two Arabic-script names of different people apart (no skeleton between them)', () => {
    // Said Hassan / Zaid al-Hassan: the skeleton reading s/z and dropping long vowels would score 0.949.
    expect(scoreOf(person('سعيد', 'حسن'), 'zaid')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('reads only the romanization\'s kh as k, not a Latin name\'s', () => {
    // "sHq" (صحاق, Sahaq) against AL-SHAYKH: reading the Latin Shaykh's kh as k would give the same
    // skeleton and a hit at 0.87 (matcher 2026.11.12, first version).
    expect(scoreOf(person('lTyb', 'sHq'), 'shaykh')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('reads kh as k only against a written k, and not in a word of two consonants', () => {
    // The romanization's kh as written still finds Khan.
    expect(scoreOf(person('mHmd', 'khn'), 'khan')).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    // Read as k it would meet GHANI and QUAYDIR (k, g and q share a class: 0.9 each, the review of
    // the first version) and, with two classes only, KONY (0.80) and AL-KANI.
    expect(scoreOf(person('Hmd', 'khn'), 'ghani')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(scoreOf(person('khtr', 'mHmd'), 'quaydir')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(scoreOf(person('mHmd', 'khn'), 'kony')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('keeps apart short names that differ in their first letter', () => {
    // Kamal / Jamal, Sung / Aung: names of their own, not typos (a first-key-slip rule tried in
    // 2026.11.9 met them, README).
    expect(scoreOf(person('Kamal Mustafa', 'SULTAN'), 'jamal')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(scoreOf(person('Jamal Mustafa', 'SULTAN'), 'kamal')).toBeLessThan(DEFAULT_THRESHOLD);
    expect(scoreOf(person('Sung', 'Min'), 'aung')).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('does not read Latin names with few vowels as a consonantal romanization', () => {
    const glynn = buildIndex([entity('glen', 'person', ['Glen SMITH'])]);
    // "Glynn Smyth" keeps its Latin reading: a typo-level match, not a skeleton one.
    const hit = search(glynn, person('Glynn', 'Smyth'), { threshold: 0 })[0];
    expect(hit?.match_types ?? []).not.toContain('transliteration');
  });
});
