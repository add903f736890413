/**
 * Names across the Arabic script and the Latin alphabet, where one side is the only form there is:
 * a list that names a person only in Arabic script (national lists, PEP sources), or a customer
 * recorded only in Arabic script screened against names listed only in Latin letters. The UN list
 * gives both forms for its persons (the Latin one is the UN's own romanization, the Arabic one the
 * name as written), so each form can stand for the one that is missing:
 *  - Latin → Arabic: each such person's first Latin name of two words or more against an index in
 *    which those persons keep only their Arabic-script names (the OFAC list and the other UN persons,
 *    in Latin letters, stay as distractors). Found: the person is among the hits.
 *  - Arabic → Latin: each such person's first Arabic-script name of two words or more against an
 *    index in which those persons keep only their Latin names (OFAC and the other UN persons stay).
 *  - People on no list (yente's validation negatives): the Latin-script ones against the persons named
 *    only in Arabic script, and the Arabic-script ones (113) against every name in Latin letters.
 *    Counted: a hit on those entities at all.
 *  - Other listed people: every OFAC-listed person's names (Latin) against the persons named only in
 *    Arabic script. Many are the same people (both lists name them); a hit is counted as the same
 *    person when the query also matches one of that UN person's own Latin names, and as another
 *    person otherwise — the false alerts a name written only in Arabic script would raise. By name
 *    alone: a namesake of the UN person counts as the same, and an alias the UN writes another way
 *    as another.
 * The other benches give every entity its Latin names too, so a Latin query reaches it either way;
 * this one measures the comparison across scripts alone.
 *   bash infra/tools/run.sh bench/screening-cross-script.ts [--show 20]
 */
import { parseArgs } from 'node:util';
import { buildIndex, screen, type IndexedEntity, type MatchQuery } from '../activities/screening/matching/matcher.js';
import { ALGORITHM_VERSION } from '../activities/screening/matching/matcher-version.js';
import { isArabicScript } from '../activities/screening/matching/arabic-transliteration.js';
import { personNameFields, readBenchmarkPeople, splitFullName } from '../test/screening/evaluation/benchmark-files.js';
import { loadOfacSdn, loadUn } from '../test/screening/evaluation/real-lists.js';

const { values } = parseArgs({ options: { show: { type: 'string', default: '0' } } });
const show = Number(values.show);

const isArabic = isArabicScript;
const LATIN = /[A-Za-z]/;

const un = await loadUn();
const ofac = await loadOfacSdn();
const bothForms = un.filter((e) => e.kind === 'person' && e.names.some((n) => isArabic(n.full)) && e.names.some((n) => !isArabic(n.full)));
const bothIds = new Set(bothForms.map((e) => e.id));
const others = [...ofac, ...un.filter((e) => !bothIds.has(e.id))].map((e) => ({ ...e, names: e.names.filter((n) => !isArabic(n.full)) })).filter((e) => e.names.length > 0);
const keep = (e: IndexedEntity, arabic: boolean) => ({ ...e, names: e.names.filter((n) => isArabic(n.full) === arabic) });
const arabicOnly = bothForms.map((e) => keep(e, true));
const latinOnly = bothForms.map((e) => keep(e, false));

const person = (full: string): MatchQuery => ({ kind: 'person', ...splitFullName(full) });

function recall(label: string, index: ReturnType<typeof buildIndex>, queries: { id: string; full: string; other: string }[]): void {
  const started = performance.now();
  let found = 0;
  const scores: number[] = [];
  const missed: string[] = [];
  for (const q of queries) {
    const hit = screen(index, person(q.full)).hits.find((h) => h.entity.id === q.id);
    if (hit) {
      found += 1;
      scores.push(hit.score);
    } else missed.push(`${q.full}  ≠  ${q.other}`);
  }
  scores.sort((a, b) => a - b);
  const ms = (performance.now() - started) / Math.max(1, queries.length);
  console.log(`${label}: ${found} of ${queries.length} found (${((100 * found) / Math.max(1, queries.length)).toFixed(1)} %), median score ${(scores[scores.length >> 1] ?? 0).toFixed(3)}; ${ms.toFixed(2)} ms/query`);
  for (const m of missed.slice(0, show)) console.log(`    missed  ${m}`);
}

const firstName = (e: IndexedEntity, arabic: boolean) => e.names.find((n) => isArabic(n.full) === arabic && n.full.trim().split(/\s+/).length >= 2)?.full;

console.log(`matcher ${ALGORITHM_VERSION}; ${bothForms.length} UN-listed persons with names in both scripts; ${others.length} other entities (OFAC, UN) as distractors\n`);
const latinToArabic = buildIndex([...others, ...arabicOnly]);
recall('Latin query → listed only in Arabic script', latinToArabic, bothForms.flatMap((e) => {
  const full = firstName(e, false);
  return full ? [{ id: e.id, full, other: e.names.filter((n) => isArabic(n.full)).map((n) => n.full).join(' | ') }] : [];
}));
const arabicToLatin = buildIndex([...others, ...latinOnly]);
recall('Arabic-script query → listed only in Latin letters', arabicToLatin, bothForms.flatMap((e) => {
  const full = firstName(e, true);
  return full ? [{ id: e.id, full, other: e.names.filter((n) => !isArabic(n.full)).slice(0, 2).map((n) => n.full).join(' | ') }] : [];
}));

const innocents = [
  ...(await readBenchmarkPeople('yente_validation_report/negatives_global.csv')),
  ...(await readBenchmarkPeople('yente_validation_report/negatives_us.csv')),
].map(personNameFields).filter((q) => q.name_first || q.name_last);
function innocentHits(label: string, index: ReturnType<typeof buildIndex>, queries: { name_first: string; name_last: string }[]): void {
  const alerts: string[] = [];
  for (const q of queries) {
    const top = screen(index, { kind: 'person', ...q }).hits[0];
    if (top) alerts.push(`${q.name_first} | ${q.name_last}  →  ${top.matched_name.full} ${top.score} (${top.match_types.join(', ')})`);
  }
  console.log(`${label}: ${alerts.length} of ${queries.length} with a hit`);
  for (const a of alerts.slice(0, show)) console.log(`    hit  ${a}`);
}
console.log('');
const latinInnocents = innocents.filter((q) => !isArabic(q.name_first + q.name_last) && LATIN.test(q.name_first + q.name_last));
const arabicInnocents = innocents.filter((q) => isArabic(q.name_first + q.name_last));
const arabicIndex = buildIndex(arabicOnly);
innocentHits('People on no list, Latin letters → persons listed only in Arabic script', arabicIndex, latinInnocents);
innocentHits('People on no list, Arabic script → every name in Latin letters (OFAC, UN)', arabicToLatin, arabicInnocents);

const latinOf = new Map(bothForms.map((e) => [e.id, buildIndex([keep(e, false)])]));
let same = 0;
const otherPeople: string[] = [];
let ofacQueries = 0;
for (const e of ofac.filter((x) => x.kind === 'person')) {
  for (const n of e.names) {
    if (n.full.trim().split(/\s+/).length < 2) continue;
    ofacQueries += 1;
    const q = person(n.full);
    for (const h of screen(arabicIndex, q).hits) {
      if (screen(latinOf.get(h.entity.id)!, q).hits.length > 0) same += 1;
      else otherPeople.push(`${n.full}  →  ${h.matched_name.full} ${h.score} (${h.match_types.join(', ')})`);
    }
  }
}
console.log(`OFAC-listed persons' names (${ofacQueries}) → persons listed only in Arabic script: ${same} hits on the same person, ${otherPeople.length} on another person`);
for (const a of otherPeople.slice(0, show)) console.log(`    other  ${a}`);
