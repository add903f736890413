/**
 * Names written in Greek (matcher 2026.11.18): a Greek word also meets a Latin word that is one of the
 * spellings its letters and digraphs can stand for (greek-spellings.ts), not only its ELOT reading,
 * under which Λάντεν ("lanten"), Καντίροφ ("kantirof") and Σοϊγκού ("soigkou") found no one. The Greek is
 * written as the Greek press writes these names; the Latin side is the OFAC / UN list itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { greekSpellings } from '../../../activities/screening/matching/greek-spellings.js';
import { buildIndex, search, type MatchIndex } from '../../../activities/screening/matching/matcher.js';
import { tokenizePersonQuery } from '../../../activities/screening/matching/name-tokenizer.js';
import { transliterate } from '../../../activities/screening/matching/script-transliteration.js';
import { makeTokenInfo } from '../../../activities/screening/matching/token-vocabulary.js';
import { loadSanctionsLists } from '../evaluation/real-lists.js';

const spells = (greek: string, latin: string) => greekSpellings(greek)?.pattern?.test(latin) ?? false;

describe('Greek spellings', () => {
  it('reads the digraphs of foreign names both ways: μπ b / mb, ντ d / nt, γκ g / ng, τσ ts / ch, τζ j, ου u / w', () => {
    expect(spells('Λάντεν', 'laden')).toBe(true);
    expect(spells('Καντίροφ', 'kadyrov')).toBe(true);
    expect(spells('Αμπράμοβιτς', 'abramovich')).toBe(true);
    expect(spells('Ρότενμπεργκ', 'rotenberg')).toBe(true);
    expect(spells('Τιμτσένκο', 'timchenko')).toBe(true);
    expect(spells('Τζαβάντ', 'javad')).toBe(true);
    expect(spells('Σινουάρ', 'sinwar')).toBe(true);
    expect(spells('Μπαγκντάντι', 'baghdadi')).toBe(true);
    // ... and as a Greek name is spelled.
    expect(spells('Κωνσταντίνος', 'konstantinos')).toBe(true);
    expect(spells('Παπαδόπουλος', 'papadopoulos')).toBe(true);
  });
  it('reads σ as s or sh, ζ as z or zh, γ before a front vowel as y (left out at the start: Evgeny), a final vowel with an h', () => {
    expect(spells('Σοϊγκού', 'shoigu')).toBe(true);
    expect(spells('Πριγκόζιν', 'prigozhin')).toBe(true);
    expect(spells('Γεβγκένι', 'yevgeny')).toBe(true);
    expect(spells('Γεβγκένι', 'evgeny')).toBe(true);
    expect(spells('Νασράλα', 'nasrallah')).toBe(true);
    expect(spells('Χανίγε', 'haniyeh')).toBe(true);
  });
  it('reads ντσ / ντζ as ν + τσ / τζ, an h between two vowels, ο also u', () => {
    expect(spells('Μεντβεντσούκ', 'medvedchuk')).toBe(true);
    expect(spells('Μπέντζαμιν', 'benjamin')).toBe(true);
    expect(spells('Ιμπραήμ', 'ibrahim')).toBe(true);
    expect(spells('Μοχάμεντ', 'muhammed')).toBe(true);
  });
  it('keeps every written vowel: a diaeresis parts two vowels, ο is no a, ου no o (Σοϊγκού is not Saenko)', () => {
    expect(spells('Σοϊγκού', 'saenko')).toBe(false);
    expect(spells('Σοϊγκού', 'sigu')).toBe(false);
    expect(spells('Λαβρόφ', 'lavraf')).toBe(false);
    expect(spells('Ουσμάνοφ', 'osmanov')).toBe(false);
  });
  it('looks candidates up under the skeletons of its readings', () => {
    expect(greekSpellings('Καντίροφ')?.skeletons).toContain(makeTokenInfo('kadyrov').phonetic);
    expect(greekSpellings('Σινουάρ')?.skeletons).toContain(makeTokenInfo('sinwar').phonetic);
  });
  it('notes the spellings of each run of Greek letters, a run after a hyphen starting a word; Latin text has none', () => {
    const t = transliterate('αλ-Μπαγκντάντι');
    expect(t.text).toBe('al-bagkntanti');
    expect(t.wordSpellings?.get('bagkntanti')?.[0]?.pattern?.test('baghdadi')).toBe(true);
    expect(transliterate('Vladimir Putin').wordSpellings).toBeUndefined();
    // A Latin look-alike letter typed inside a Greek word keeps the word whole (and its reading as before).
    expect(transliterate('Aντώνης').text).toBe('antonis');
    // A Latin word of the same spelling in the same field takes none of the Greek word's spellings.
    expect(tokenizePersonQuery('Nikos Νίκος', 'X').map((x) => x.spellings !== undefined)).toEqual([false, true, false]);
    expect(tokenizePersonQuery('Vladimir', 'Πούτιν').find((x) => x.folded === 'vladimir')?.spellings).toBeUndefined();
  });
});

describe('Greek names against the real lists', () => {
  let index: MatchIndex;
  beforeAll(async () => {
    index = buildIndex(await loadSanctionsLists());
  });
  const top = (first: string, last: string) => search(index, { kind: 'person', name_first: first, name_last: last })[0]?.matched_name.full;

  it('finds listed Russian, Arab, Iranian and Korean names as the Greek press writes them', () => {
    expect(top('Ραμζάν', 'Καντίροφ')).toMatch(/^KADYROV, Ramzan/);
    expect(top('Οσάμα', 'μπιν Λάντεν')).toMatch(/^BIN LAD[EI]N/);
    expect(top('Μπασάρ', 'αλ-Άσαντ')).toMatch(/ASSAD, Bashar/);
    expect(top('Γιονγκ Ουν', 'Κιμ')).toBe('KIM, Jong Un');
    expect(top('Γεβγκένι', 'Πριγκόζιν')).toMatch(/^PRIGOZHIN/);
    expect(top('Σεργκέι', 'Σοϊγκού')).toMatch(/^SHOIGU/);
    expect(top('Μοχάμαντ Τζαβάντ', 'Ζαρίφ')).toMatch(/^ZARIF/);
    expect(top('Γιαχία', 'Σινουάρ')).toBe('SINWAR, Yahya');
    expect(top('Ισμαήλ', 'Χανίγε')).toMatch(/HANIYEH/);
    expect(top('Αρκάντι', 'Ρότενμπεργκ')).toMatch(/^ROTENBERG, Arkady/);
    expect(top('Γκενάντι', 'Τιμτσένκο')).toMatch(/^TIMCHENKO/);
  });
  it('alerts on common Greek names written in Greek no more than on the same names in Latin letters', () => {
    const first = [['Γιώργος', 'Giorgos'], ['Κωνσταντίνος', 'Konstantinos'], ['Δημήτρης', 'Dimitris'], ['Μαρία', 'Maria'], ['Ελένη', 'Eleni'], ['Ευάγγελος', 'Evangelos']];
    const last = [['Παπαδόπουλος', 'Papadopoulos'], ['Ντόκος', 'Ntokos'], ['Τσίπρας', 'Tsipras'], ['Μπακογιάννης', 'Bakogiannis'], ['Χατζηδάκης', 'Chatzidakis'], ['Ψαράς', 'Psaras']];
    let greek = 0;
    let latin = 0;
    for (const [gf, lf] of first) {
      for (const [gl, ll] of last) {
        if (search(index, { kind: 'person', name_first: gf as string, name_last: gl as string }).length > 0) greek += 1;
        if (search(index, { kind: 'person', name_first: lf as string, name_last: ll as string }).length > 0) latin += 1;
      }
    }
    expect(greek).toBeLessThanOrEqual(latin);
  });
});
