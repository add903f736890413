/**
 * Korean names written in Hangul against the lists' North Korean persons, who are listed only in
 * Latin letters (the DPRK's McCune–Reischauer-family romanization, one word per syllable: "KIM, Jong
 * Un", "RI MAN GON", "Pak Yo'ng-sik"). No list carries their Hangul, so this bench makes it from the
 * lists' own spellings with a reverse table of its own (not the matcher's, hangul-romanization.ts):
 *  - Persons: OFAC persons under a DPRK program, and UN persons whose reference number starts "KPi".
 *  - Names: those of a one-syllable surname and one to three given syllables, each a Korean
 *    romanized syllable: "SURNAME, Given Given" / "SURNAME, Given-Given", and on the UN list, which
 *    writes no comma, "SURNAME GIVEN GIVEN" (surname first). Other names are skipped and counted.
 *  - Queries per name: (a) the whole name in one field as Korean writes it ("김정은"); (b) given name
 *    and surname in their fields ("정은" | "김"); and the Latin name itself (given as listed | surname)
 *    for the same-entity parity figure. Found: the person's own entity is among the hits (default
 *    threshold). Also counted: queries with a hit ≥ 0.95 on another entity — split into those whose
 *    matched name is one the person is also listed under (the same person on the other list, or a
 *    namesake) and the others (possible loose matches).
 *  - People on no list (yente's validation negatives) whose name is written in Hangul: any hit at all.
 *   bash infra/tools/run.sh bench/screening-hangul.ts [--show 15]
 */
import { parseArgs } from 'node:util';
import { buildIndex, screen, type MatchHit, type MatchQuery } from '../activities/screening/matching/matcher.js';
import { ALGORITHM_VERSION } from '../activities/screening/matching/matcher-version.js';
import { personNameFields, readBenchmarkPeople } from '../test/screening/evaluation/benchmark-files.js';
import { loadOfacSdn, loadUn } from '../test/screening/evaluation/real-lists.js';

const { values } = parseArgs({ options: { show: { type: 'string', default: '0' } } });
const show = Number(values.show);
const started = performance.now();

// ---- Latin syllable → Hangul (Unicode 3.12: 0xAC00 + (initial × 21 + vowel) × 28 + final) ----
// Initials in Unicode order: ㄱ0 ㄲ1 ㄴ2 ㄷ3 ㄸ4 ㄹ5 ㅁ6 ㅂ7 ㅃ8 ㅅ9 ㅆ10 ㅇ11 ㅈ12 ㅉ13 ㅊ14 ㅋ15 ㅌ16 ㅍ17 ㅎ18.
const INITIAL: Record<string, number> = {
  k: 0, g: 0, kk: 1, n: 2, t: 3, d: 3, tt: 4, r: 5, l: 5, m: 6, p: 7, b: 7, pp: 8, s: 9, ss: 10, '': 11,
  j: 12, jj: 13, ch: 14, kh: 15, th: 16, ph: 17, h: 18,
};
// Vowels: ㅏ0 ㅐ1 ㅑ2 ㅒ3 ㅓ4 ㅔ5 ㅕ6 ㅖ7 ㅗ8 ㅘ9 ㅙ10 ㅚ11 ㅛ12 ㅜ13 ㅝ14 ㅞ15 ㅟ16 ㅠ17 ㅡ18 ㅢ19 ㅣ20 ("o", "yo", "u": see hangulSyllable).
const VOWEL: Record<string, number> = {
  a: 0, ae: 1, ya: 2, yae: 3, eo: 4, e: 5, yeo: 6, ye: 7, wa: 9, wae: 10, oe: 11, wo: 14, we: 15, wi: 16, yu: 17, eu: 18, ui: 19, i: 20,
};
// Finals as they sound: ㄱ1 ㄴ4 ㄷ7 ㄹ8 ㅁ16 ㅂ17 ㅇ21.
const FINAL: Record<string, number> = { '': 0, k: 1, n: 4, t: 7, l: 8, m: 16, p: 17, ng: 21 };
const byLength = (r: Record<string, number>) => Object.keys(r).sort((a, b) => b.length - a.length);
const INITIALS = byLength(INITIAL);
const VOWELS = byLength({ ...VOWEL, o: 0, yo: 0, u: 0 });

interface Syllable { ini: string; vow: string; fin: string; aspirated: boolean; breve: boolean }
const APOSTROPHE = /['’‘ʼ`]/g;
const MR_MARK = /['’‘ʼ`ŏŭ]/i;

/** One word as one syllable, or undefined. MR marks are read first (ch'/k'/t'/p' aspirate, o'/u'/ŏ/ŭ breve), then stripped. */
function parseSyllable(word: string): Syllable | undefined {
  const w = word.toLowerCase();
  const aspirated = /^(ch|k|t|p)['’‘ʼ`]/.test(w);
  const breve = /[ŏŭ]|[ou]['’‘ʼ`]|y['’‘ʼ`]o/.test(w); // "KY'ONG": the mark misplaced before the o
  const plain = w.replace(APOSTROPHE, '').replace(/ŏ/g, 'o').replace(/ŭ/g, 'u');
  if (!/^[a-z]+$/.test(plain)) return undefined;
  for (const ini of INITIALS) {
    if (!plain.startsWith(ini)) continue;
    for (const vow of VOWELS) {
      if (!plain.startsWith(vow, ini.length)) continue;
      const fin = plain.slice(ini.length + vow.length);
      if (fin in FINAL) return { ini, vow, fin, aspirated, breve };
    }
  }
  return undefined;
}

/**
 * A syllable in Hangul. `mr`: the syllable's spelling is McCune–Reischauer with its marks (the name
 * itself carries apostrophes or breves, or it is the same spelling as a marked alias of the same
 * person, as the UN's all-caps "PAK YONG SIK" beside "Pak Yo'ng-sik"). Then the marks decide, as MR
 * writes them: ch' ㅊ and bare ch ㅈ, k' t' p' ㅋ ㅌ ㅍ, o' (ŏ) ㅓ and o ㅗ, yo' ㅕ and yo ㅛ, u' (ŭ) ㅡ and u ㅜ.
 * Otherwise the spelling is the DPRK system's, which writes ㅈ as j: ch ㅊ; yo ㅕ; o ㅓ before ng, l, k
 * or n (Jong, Song, Chol, Sok, Jon, Gon; wrong for Tong, Pong, Ok) and ㅗ otherwise (Ho, Jo, Ko); u ㅡ in a vowel-initial "un" (은, Jong Un)
 * and ㅜ otherwise. The matcher writes ㅓ and ㅗ both o and ㅡ and ㅜ both u, so these choices hardly matter.
 */
function hangulSyllable(s: Syllable, mr: boolean): string {
  let ini = INITIAL[s.ini] as number;
  if (s.ini === 'ch') ini = mr && !s.aspirated ? 12 : 14;
  if (mr && s.aspirated && (s.ini === 'k' || s.ini === 't' || s.ini === 'p')) ini = ({ k: 15, t: 16, p: 17 } as const)[s.ini];
  let vow = VOWEL[s.vow];
  if (s.vow === 'o') vow = mr ? (s.breve ? 4 : 8) : ['ng', 'l', 'k', 'n'].includes(s.fin) ? 4 : 8;
  else if (s.vow === 'yo') vow = mr && !s.breve ? 12 : 6;
  else if (s.vow === 'u') vow = mr ? (s.breve ? 18 : 13) : s.ini === '' && s.fin === 'n' ? 18 : 13;
  return String.fromCodePoint(0xac00 + (ini * 21 + (vow as number)) * 28 + (FINAL[s.fin] as number));
}

/** Surname and given-name words of a listed name, or undefined when it is not in the lists' Korean form. */
function nameWords(full: string, un: boolean): { surname: string; given: string; words: string[] } | undefined {
  const comma = full.split(',');
  let surname: string;
  let given: string;
  if (comma.length === 2) [surname, given] = [(comma[0] as string).trim(), (comma[1] as string).trim()];
  else if (comma.length === 1 && un) [surname, given] = [full.trim().split(/\s+/)[0] ?? '', full.trim().split(/\s+/).slice(1).join(' ')];
  else return undefined;
  const givenWords = given.split(/[\s-]+/).filter(Boolean);
  if (/[\s-]/.test(surname) || !surname || givenWords.length < 1 || givenWords.length > 3) return undefined;
  return { surname, given, words: [surname, ...givenWords] };
}
const plainKey = (words: string[]) => words.join(' ').toLowerCase().replace(APOSTROPHE, '').replace(/ŏ/g, 'o').replace(/ŭ/g, 'u');
const nameKey = (full: string) => plainKey(full.split(/[^\p{L}'’‘ʼ`]+/u).filter(Boolean));

// ---- The North Korean persons and their names in Hangul ----
const ofac = await loadOfacSdn();
const un = await loadUn();
const index = buildIndex([...ofac, ...un]);
const isDprkProgram = (p: string) => /^DPRK/.test(p);
const ofacKorean = ofac.filter((e) => e.kind === 'person' && e.programs.some(isDprkProgram));
const unKorean = un.filter((e) => e.kind === 'person' && e.identifiers.some((i) => i.type === 'un_reference_number' && i.value.startsWith('KPi')));
const programs = new Map<string, number>();
for (const e of ofacKorean) for (const p of e.programs.filter(isDprkProgram)) programs.set(p, (programs.get(p) ?? 0) + 1);

interface Case { id: string; listed: string; surname: string; given: string; hangulSurname: string; hangulGiven: string; ownKeys: Set<string> }
const cases: Case[] = [];
let names = 0;
let parsed = 0;
const skipped: string[] = [];
for (const e of [...ofacKorean, ...unKorean]) {
  const isUn = e.list_slug === 'un_sc_sanctions';
  const forms = e.names.map((n) => ({ full: n.full, parts: nameWords(n.full, isUn) }));
  // Marked (MR) spellings of this person, by their letters without marks: an unmarked twin reads by them.
  const marked = new Map<string, string[]>();
  for (const f of forms) if (f.parts && MR_MARK.test(f.full)) marked.set(plainKey(f.parts.words), f.parts.words);
  const ownKeys = new Set(e.names.map((n) => nameKey(n.full)));
  const seen = new Set<string>();
  for (const f of forms) {
    names += 1;
    const twin = f.parts ? marked.get(plainKey(f.parts.words)) : undefined;
    const syllables = twin?.map(parseSyllable) ?? f.parts?.words.map(parseSyllable);
    if (!f.parts || !syllables || syllables.some((s) => !s)) {
      skipped.push(f.full);
      continue;
    }
    parsed += 1;
    const hangul = (syllables as Syllable[]).map((s) => hangulSyllable(s, twin !== undefined));
    const key = hangul.join('');
    if (seen.has(key)) continue;
    seen.add(key);
    cases.push({ id: e.id, listed: f.full, surname: f.parts.surname, given: f.parts.given, hangulSurname: hangul[0] as string, hangulGiven: hangul.slice(1).join(''), ownKeys });
  }
}

console.log(`matcher ${ALGORITHM_VERSION}; index: ${ofac.length} OFAC + ${un.length} UN entities`);
console.log(`OFAC persons under a DPRK program: ${ofacKorean.length} (${[...programs].map(([p, n]) => `${p} ${n}`).join(', ')}); UN persons with a KPi reference: ${unKorean.length}`);
console.log(`names: ${names}; parsed as Korean names ${parsed}, skipped ${skipped.length}; ${cases.length} distinct Hangul names (per person) as queries`);
if (show > 0) console.log(`    skipped e.g.  ${skipped.slice(0, show).join(' | ')}`);

const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
const describe = (h: MatchHit) => `${h.matched_name.full} ${h.score} (${h.match_types.join(', ')})`;
function run(label: string, query: (c: Case) => MatchQuery, text: (q: MatchQuery) => string): void {
  const t0 = performance.now();
  let found = 0;
  const misses: string[] = [];
  const sameName: string[] = [];
  const loose: string[] = [];
  for (const c of cases) {
    const q = query(c);
    const hits = screen(index, q).hits;
    if (hits.some((h) => h.entity.id === c.id)) found += 1;
    else {
      const best = screen(index, q, { threshold: 0, limit: 100_000 }).hits.find((h) => h.entity.id === c.id);
      misses.push(`${text(q)} → ${c.listed} (best ${best ? best.score.toFixed(3) : 'none'})`);
    }
    const others = hits.filter((h) => h.entity.id !== c.id && h.score >= 0.95);
    if (others.length === 0) continue;
    const isOwn = others.every((h) => c.ownKeys.has(nameKey(h.matched_name.full)));
    (isOwn ? sameName : loose).push(`${text(q)} [${c.listed}] → ${others.map(describe).join(' | ')}`);
  }
  const ms = (performance.now() - t0) / Math.max(1, cases.length);
  console.log(`\n${label}: ${found} of ${cases.length} found (${pct(found, cases.length)}); ${ms.toFixed(2)} ms/query`);
  console.log(`  hit another entity ≥ 0.95: ${sameName.length + loose.length} queries — ${sameName.length} only on a name the person is also listed under (other list, or a namesake), ${loose.length} on another name (possible loose matches)`);
  for (const m of misses.slice(0, show)) console.log(`    missed  ${m}`);
  for (const l of loose.slice(0, show)) console.log(`    loose   ${l}`);
}
const fields = (q: MatchQuery) => (q.kind === 'person' ? `${q.name_first} | ${q.name_last}` : q.business_name);
run('(a) Hangul, whole name in one field ("김정은")', (c) => ({ kind: 'person', name_first: '', name_last: c.hangulSurname + c.hangulGiven }), (q) => (q.kind === 'person' ? q.name_last : ''));
run('(b) Hangul, given | surname ("정은" | "김")', (c) => ({ kind: 'person', name_first: c.hangulGiven, name_last: c.hangulSurname }), fields);
run('Latin name as listed, given | surname (parity)', (c) => ({ kind: 'person', name_first: c.given, name_last: c.surname }), fields);

// ---- People on no list written in Hangul ----
const HANGUL = /[\uac00-\ud7a3]/;
const innocents = [
  ...(await readBenchmarkPeople('yente_validation_report/negatives_global.csv')),
  ...(await readBenchmarkPeople('yente_validation_report/negatives_us.csv')),
].filter((p) => HANGUL.test(p.full_name)).map(personNameFields);
const alerts: string[] = [];
for (const q of innocents) {
  const hits = screen(index, { kind: 'person', ...q }).hits;
  if (hits.length > 0) alerts.push(`${q.name_first} | ${q.name_last}  →  ${hits.map(describe).join(' | ')}`);
}
console.log(`\nPeople on no list written in Hangul (yente negatives): ${alerts.length} of ${innocents.length} with a hit (${pct(alerts.length, innocents.length)})`);
for (const a of alerts.slice(0, show)) console.log(`    hit  ${a}`);
console.log(`\nrun time ${((performance.now() - started) / 1000).toFixed(1)} s`);
