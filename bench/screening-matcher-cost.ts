/**
 * The matcher alone, in process, over the real OFAC and UN lists: CPU per query, and a fingerprint
 * of every result, for
 *  - a portfolio of people on no list (yente's 2,000 validation negatives) — what a batch mostly is;
 *  - UN-listed persons as written on the list (each must match), and with a seeded typo in a word;
 *  - OFAC-listed organisations with a seeded typo, and the people on no list turned into company names.
 * The fingerprint (sha256 over every hit and near match: entity, score, name, match types) lets a
 * change meant only for speed show that it changed no result: compare it before and after.
 *   bash infra/tools/run.sh bench/screening-matcher-cost.ts [--rounds 3]
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildIndex, screen, type MatchQuery } from '../activities/screening/matching/matcher.js';
import { personNameFields, readBenchmarkPeople } from '../test/screening/evaluation/benchmark-files.js';
import { typo } from '../test/screening/evaluation/name-mutations.js';
import { loadOfacSdn, loadUn } from '../test/screening/evaluation/real-lists.js';
import { SeededRandom } from '../test/screening/evaluation/seeded-random.js';
import { percentile } from './support/percentile.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Math.max(1, Number(values.rounds));

const ofac = await loadOfacSdn();
const un = await loadUn();
const entities = [...ofac, ...un];
let started = performance.now();
const index = buildIndex(entities);
console.log(`index: ${entities.length} entities in ${(performance.now() - started).toFixed(0)} ms`);

const rng = new SeededRandom(20261126);
const withTypo = (words: string[]) => {
  const k = rng.int(words.length);
  return words.map((w, i) => (i === k && w.length >= 4 ? typo(w, rng) : w));
};
const innocentPeople = [
  ...(await readBenchmarkPeople('yente_validation_report/negatives_global.csv')),
  ...(await readBenchmarkPeople('yente_validation_report/negatives_us.csv')),
];
const innocents: MatchQuery[] = innocentPeople.map((p) => ({ kind: 'person' as const, ...personNameFields(p) })).filter((q) => q.name_first && q.name_last);
const unWords = un.filter((e) => e.kind === 'person').flatMap((e) => e.names.slice(0, 1)).map((n) => n.full.split(/\s+/).filter(Boolean)).filter((w) => w.length >= 2);
const person = (words: string[]): MatchQuery => ({ kind: 'person', name_first: words.slice(0, -1).join(' '), name_last: words.at(-1) as string });
const listed = unWords.map(person);
const listedTypos = unWords.map((w) => person(withTypo(w)));
const orgTypos: MatchQuery[] = ofac.filter((e) => e.kind !== 'person').slice(0, 1500)
  .map((e) => ({ kind: 'business' as const, business_name: withTypo((e.names[0]?.full ?? '').split(/\s+/)).join(' ') }));
const innocentOrgs: MatchQuery[] = innocentPeople.slice(0, 1000).map((p) => ({ kind: 'business' as const, business_name: `${p.last_name || p.full_name} Trading LLC` }));

const fingerprint = createHash('sha256');
const sets: Array<[string, MatchQuery[]]> = [
  ['people on no list', innocents],
  ['UN-listed persons', listed],
  ['UN-listed persons, one typo', listedTypos],
  ['OFAC organisations, one typo', orgTypos],
  ['company names on no list', innocentOrgs],
];
let allMs = 0;
let allQueries = 0;
for (const [label, queries] of sets) {
  const times: number[] = [];
  let hits = 0;
  started = performance.now();
  for (let r = 0; r < rounds; r += 1) {
    for (const q of queries) {
      const t = performance.now();
      const result = screen(index, q);
      times.push(performance.now() - t);
      if (r > 0) continue;
      if (result.hits.length > 0) hits += 1;
      for (const h of [...result.hits, ...result.nearMatches]) {
        fingerprint.update(`${h.entity.id}|${h.score}|${h.matched_name.full}|${h.match_types.join(',')}\n`);
      }
      fingerprint.update('--\n');
    }
  }
  const total = performance.now() - started;
  allMs += total;
  allQueries += times.length;
  times.sort((a, b) => a - b);
  console.log(
    `${label}: ${queries.length} queries × ${rounds}: ${(total / times.length).toFixed(2)} ms/query ` +
      `(p50 ${percentile(times, 0.5).toFixed(2)}, p99 ${percentile(times, 0.99).toFixed(2)}), with a hit ${hits}/${queries.length}`,
  );
}
console.log(`all: ${(allMs / allQueries).toFixed(2)} ms/query over ${allQueries} queries`);
console.log(`results fingerprint: ${fingerprint.digest('hex')}`);
