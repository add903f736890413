/**
 * Public matching benchmarks (../shared/data/lists/benchmarks, see SOURCES.md there):
 *  1. yente positives_un_treated.csv: 683 UN-listed persons, 170 altered by typos or reordering;
 *     recall of the listed entity against the UN list, with and without the birth date.
 *  2. yente positives_us_congress_untreated.csv: 1,254 US Congress members; recall against the PEP data.
 *  3. yente negatives_global.csv + negatives_us.csv: 2,000 synthetic people on no list; alert rate
 *     against all lists loaded together.
 *  4. nomenklatura ofac_fixtures.csv: scores OFAC's own Sanctions List Search gave, side by side with ours.
 * Run: bash infra/tools/run.sh bench/screening-public-benchmarks.ts [threshold]
 */
import { buildIndex, DEFAULT_THRESHOLD, search, type IndexedEntity, type MatchQuery } from '../activities/screening/matching/matcher.js';
import { benchmarkBirthdate, personNameFields, readBenchmarkPeople, readOfacFixtures, splitFullName, type BenchmarkPerson } from '../test/screening/evaluation/benchmark-files.js';
import { loadOfacSdn, loadUn, loadUsCongressPeps } from '../test/screening/evaluation/real-lists.js';

const threshold = Number(process.argv[2] ?? DEFAULT_THRESHOLD);
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
const nameKey = (s: string) => s.toUpperCase().normalize('NFKD').replace(/[^A-Z ]/g, ' ').split(/\s+/).filter(Boolean).sort().join(' ');

function byName(entities: IndexedEntity[]): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const e of entities) {
    for (const n of e.names) {
      const k = nameKey(n.full);
      if (!map.has(k)) map.set(k, new Set());
      map.get(k)?.add(e.id);
    }
  }
  return map;
}

function personQuery(p: BenchmarkPerson, withDob: boolean): MatchQuery {
  const dob = withDob ? benchmarkBirthdate(p.date_of_birth) : undefined;
  const country = /^[a-z]{2}$/i.test(p.nationality) ? p.nationality.toUpperCase() : undefined;
  return { kind: 'person', ...personNameFields(p), ...(dob ? { birthdate: dob } : {}), ...(country && withDob ? { country_code: country } : {}) };
}

async function positives(label: string, treatedFile: string, untreatedFile: string, entities: IndexedEntity[]): Promise<void> {
  const index = buildIndex(entities);
  const targets = byName(entities);
  const treated = await readBenchmarkPeople(treatedFile);
  const untreated = await readBenchmarkPeople(untreatedFile);
  for (const withDob of [false, true]) {
    let mapped = 0;
    let found = 0;
    let hard = 0;
    let hardFound = 0;
    let top1 = 0;
    const misses: string[] = [];
    treated.forEach((p, i) => {
      const original = untreated[i] as BenchmarkPerson;
      const ids = targets.get(nameKey(original.full_name));
      if (!ids) return;
      mapped += 1;
      const isHard = original.full_name !== p.full_name;
      if (isHard) hard += 1;
      const hits = search(index, personQuery(p, withDob), { threshold, limit: 20 });
      const hit = hits.some((h) => ids.has(h.entity.id));
      if (hit) {
        found += 1;
        if (isHard) hardFound += 1;
        if (hits[0] && ids.has(hits[0].entity.id)) top1 += 1;
      } else if (misses.length < 12) {
        const best = search(index, personQuery(p, withDob), { threshold: 0, limit: 50 }).find((h) => ids.has(h.entity.id));
        misses.push(`    miss: "${p.full_name}" dob=${p.date_of_birth || '-'} (listed "${original.full_name}") best=${best?.score ?? 'not a candidate'} ${best?.match_types.join(',') ?? ''}`);
      }
    });
    console.log(`${label} ${withDob ? 'name+DOB+nationality' : 'name only'}: recall ${found}/${mapped} = ${pct(found, mapped)}; hard (altered) ${hardFound}/${hard} = ${pct(hardFound, hard)}; target ranked first ${pct(top1, found)}`);
    for (const m of misses) console.log(m);
  }
}

async function negatives(entities: IndexedEntity[]): Promise<void> {
  const index = buildIndex(entities);
  for (const file of ['yente_validation_report/negatives_global.csv', 'yente_validation_report/negatives_us.csv']) {
    const people = await readBenchmarkPeople(file);
    for (const withDob of [false, true]) {
      let alerts = 0;
      let byNickname = 0;
      const examples: string[] = [];
      for (const p of people) {
        const hits = search(index, personQuery(p, withDob), { threshold, limit: 3 });
        if (hits.length > 0) {
          alerts += 1;
          // Alerts that only a nickname match raised (no alert without the nickname table).
          if (hits.every((h) => h.match_types.includes('nickname'))) byNickname += 1;
          const h = hits[0];
          if (h && examples.length < 8) examples.push(`    alert: "${p.full_name}" → "${h.matched_name.full}" (${h.entity.list_slug}) ${h.score} ${h.match_types.join(',')}`);
        }
      }
      console.log(`negatives ${file.split('/')[1]} ${withDob ? 'name+DOB' : 'name only'}: ${alerts}/${people.length} alerted = ${pct(alerts, people.length)} (${byNickname} through a nickname)`);
      for (const e of examples) console.log(e);
    }
  }
}

async function ofacFixtures(ofac: IndexedEntity[]): Promise<void> {
  const fixtures = await readOfacFixtures();
  const known = new Map<string, IndexedEntity>();
  for (const e of ofac) for (const n of e.names) known.set(nameKey(n.full), e);
  console.log('\nOFAC Sanctions List Search fixtures (query | result | OFAC score | ours):');
  let both = 0; let onlyOfac = 0; let onlyOurs = 0; let neither = 0;
  const pairs: Array<[number, number]> = [];
  for (const f of fixtures) {
    const listed = known.get(nameKey(f.result));
    const kind = listed?.kind ?? (f.result.includes(',') ? 'person' : 'organization');
    const entity: IndexedEntity = {
      id: 'x', list_slug: 'fixture', source_id: 'x', kind, names: [{ full: f.result, alias_type: 'primary', strength: 'primary' }],
      birth_dates: [], countries: [], identifiers: [], programs: [],
    };
    const index = buildIndex([entity]);
    const query: MatchQuery = kind === 'person' ? { kind: 'person', ...splitFullName(f.query) } : { kind: 'business', business_name: f.query };
    const ours = search(index, query, { threshold: 0, entityKinds: [kind] })[0]?.score ?? 0;
    const ofacHit = f.ofacScore >= 90;
    const ourHit = ours >= threshold;
    if (ofacHit && ourHit) both += 1; else if (ofacHit) onlyOfac += 1; else if (ourHit) onlyOurs += 1; else neither += 1;
    pairs.push([f.ofacScore < 0 ? 0 : f.ofacScore / 100, ours]);
    console.log(`  ${f.query.padEnd(28)} | ${f.result.slice(0, 45).padEnd(45)} | ${String(f.ofacScore).padStart(4)} | ${ours.toFixed(2)}`);
  }
  const n = pairs.length;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / n;
  const my = pairs.reduce((s, p) => s + p[1], 0) / n;
  const cov = pairs.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0);
  const sx = Math.sqrt(pairs.reduce((s, p) => s + (p[0] - mx) ** 2, 0));
  const sy = Math.sqrt(pairs.reduce((s, p) => s + (p[1] - my) ** 2, 0));
  console.log(`agreement (OFAC ≥ 90 vs ours ≥ ${threshold}): both hit ${both}, only OFAC ${onlyOfac}, only ours ${onlyOurs}, neither ${neither}; agreement ${pct(both + neither, n)}; Pearson r = ${(cov / (sx * sy)).toFixed(3)}`);
}

const un = await loadUn();
const ofac = await loadOfacSdn();
const peps = await loadUsCongressPeps();
console.log(`threshold ${threshold}; lists: UN ${un.length}, OFAC SDN ${ofac.length}, US Congress PEPs ${peps.length}\n`);
await positives('UN positives (yente, treated)', 'yente_candidate_generation/positives_un_treated.csv', 'yente_candidate_generation/positives_un_untreated.csv', un);
await positives('US Congress positives (yente)', 'yente_candidate_generation/positives_us_congress_untreated.csv', 'yente_candidate_generation/positives_us_congress_untreated.csv', peps);
await negatives([...un, ...ofac, ...peps]);
await ofacFixtures(ofac);
