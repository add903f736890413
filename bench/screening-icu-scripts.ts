/**
 * Listed names written in other scripts by a tool that is not ours: ICU's transliterators
 * (com.ibm.icu:icu4j, run by bench/support/IcuTransliterate.java with Java and fetched by Maven),
 * Latin → Cyrillic, Arabic, Greek, Hebrew, Katakana, Armenian, Georgian, Devanagari, Hangul and Thai.
 *  - Listed: 600 OFAC / UN persons drawn with a fixed seed (those whose primary name has a first and a
 *    last part in ASCII), each part written in the script; found: the person is among the hits.
 *  - People on no list: yente's first 1,000 Latin-script validation negatives written the same way;
 *    alerted: any hit at all.
 * Each script is run as ICU writes it and with its combining marks stripped (Hebrew without vowel
 * points, Arabic without harakat, as most people type). ICU's Latin → script transforms are letter for
 * letter and often unlike what a writer of the language would write (Latin c → Cyrillic ц, ch → Hebrew
 * קה, an initial vowel left unwritten in Arabic): read the figures as a floor and as the behaviour on
 * mechanically transliterated input, not as recall on names as people write them.
 *   bash infra/tools/run.sh bench/screening-icu-scripts.ts [--show 5] [--scripts Latin-Hebrew,Latin-Greek]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIndex, screen, type IndexedEntity, type MatchQuery } from '../activities/screening/matching/matcher.js';
import { ALGORITHM_VERSION } from '../activities/screening/matching/matcher-version.js';
import { personNameFields, readBenchmarkPeople } from '../test/screening/evaluation/benchmark-files.js';
import { loadOfacSdn, loadUn } from '../test/screening/evaluation/real-lists.js';
import { SeededRandom } from '../test/screening/evaluation/seeded-random.js';

const ICU_VERSION = '77.1';
const ALL = ['Latin-Cyrillic', 'Latin-Arabic', 'Latin-Greek', 'Latin-Hebrew', 'Latin-Katakana', 'Latin-Armenian', 'Latin-Georgian', 'Latin-Devanagari', 'Latin-Hangul', 'Latin-Thai'];
const { values } = parseArgs({ options: { show: { type: 'string', default: '0' }, scripts: { type: 'string', default: ALL.join(',') } } });
const show = Number(values.show);
const transforms = (values.scripts ?? '').split(',').filter(Boolean);

const jar = path.join(homedir(), `.m2/repository/com/ibm/icu/icu4j/${ICU_VERSION}/icu4j-${ICU_VERSION}.jar`);
if (!existsSync(jar)) {
  const got = spawnSync('mvn', ['-q', 'dependency:get', `-Dartifact=com.ibm.icu:icu4j:${ICU_VERSION}`], { stdio: 'inherit' });
  if (got.status !== 0 || !existsSync(jar)) throw new Error(`could not fetch com.ibm.icu:icu4j:${ICU_VERSION} with Maven`);
}
const helper = path.join(path.dirname(new URL(import.meta.url).pathname), 'support/IcuTransliterate.java');

/** Each line written by every transform: rows[line][transform]. */
function icu(lines: string[]): string[][] {
  const r = spawnSync('java', ['-cp', jar, helper, ...transforms], { input: `${lines.join('\n')}\n`, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout.split('\n').slice(0, lines.length).map((l) => l.split('\t'));
}
const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

const ofac = await loadOfacSdn();
const un = await loadUn();
const entities = [...ofac, ...un];
const index = buildIndex(entities);
const rng = new SeededRandom(20261129);
const persons = entities.filter((e) => e.kind === 'person');
const drawn: IndexedEntity[] = [];
for (let i = 0; i < 600; i += 1) drawn.push(persons[rng.int(persons.length)] as IndexedEntity);
const ASCII = /^[\x20-\x7e]+$/;
const listed = drawn.map((e) => ({ id: e.id, first: e.names[0]?.first ?? '', last: e.names[0]?.last ?? '' })).filter((q) => q.first && q.last && ASCII.test(q.first + q.last));
const innocents = [
  ...(await readBenchmarkPeople('yente_validation_report/negatives_global.csv')),
  ...(await readBenchmarkPeople('yente_validation_report/negatives_us.csv')),
].map(personNameFields).filter((q) => q.name_first && q.name_last && /^[\x20-\x7e\u00c0-\u024f]+$/.test(q.name_first + q.name_last)).slice(0, 1000);

const firsts = icu([...listed.map((q) => q.first.toLowerCase()), ...innocents.map((q) => q.name_first.toLowerCase())]);
const lasts = icu([...listed.map((q) => q.last.toLowerCase()), ...innocents.map((q) => q.name_last.toLowerCase())]);

console.log(`matcher ${ALGORITHM_VERSION}; ICU ${ICU_VERSION}; ${listed.length} listed persons, ${innocents.length} people on no list; OFAC + UN, ${entities.length} entities\n`);
const run = (label: string, write: (rows: string[][], i: number, latin: string) => string) => {
  let found = 0;
  const missed: string[] = [];
  listed.forEach((q, i) => {
    const query: MatchQuery = { kind: 'person', name_first: write(firsts, i, q.first), name_last: write(lasts, i, q.last) };
    if (screen(index, query).hits.some((h) => h.entity.id === q.id)) found += 1;
    else missed.push(`${query.name_first} | ${query.name_last}  ≠  ${q.first} | ${q.last}`);
  });
  let alerted = 0;
  innocents.forEach((q, k) => {
    const i = listed.length + k;
    if (screen(index, { kind: 'person', name_first: write(firsts, i, q.name_first), name_last: write(lasts, i, q.name_last) }).hits.length > 0) alerted += 1;
  });
  console.log(`${label.padEnd(36)} found ${String(found).padStart(3)}/${listed.length}   people on no list alerted ${String(alerted).padStart(3)}/${innocents.length}`);
  for (const m of missed.slice(0, show)) console.log(`    missed  ${m}`);
};
run('Latin, as listed', (_rows, _i, latin) => latin);
transforms.forEach((t, k) => {
  run(t, (rows, i) => (rows[i] as string[])[k] as string);
  run(`${t}, marks stripped`, (rows, i) => stripMarks((rows[i] as string[])[k] as string));
});
