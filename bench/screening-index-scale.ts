/**
 * Matcher index at OpenSanctions scale: synthesises 1,000,000 entities (seeded; names drawn with a
 * skewed, realistic frequency from the tokens of the real OFAC and UN lists, 70% people with
 * aliases, birth dates and countries, 30% organisations with legal forms), adds the real lists,
 * then measures build time, heap used by entities and by the index, and p50/p99 query latency and
 * candidates per query for person and business queries. The same figures at 10,000 entities are
 * printed first as the baseline.
 * Run: NODE_OPTIONS="--expose-gc --max-old-space-size=16000" bash infra/tools/run.sh bench/screening-index-scale.ts [size]
 */
import type { EntityName } from '../activities/screening/lists/list-entity.js';
import { buildIndex, search, type IndexedEntity, type MatchIndex, type MatchQuery } from '../activities/screening/matching/matcher.js';
import { lastSearchStats, setCandidatePruning } from '../activities/screening/matching/search.js';
import { typo } from '../test/screening/evaluation/name-mutations.js';
import { loadSanctionsLists } from '../test/screening/evaluation/real-lists.js';
import { SeededRandom } from '../test/screening/evaluation/seeded-random.js';

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

interface Vocab {
  given: string[];
  surnames: string[];
  orgWords: string[];
  countries: string[];
}

/** Tokens of the real lists, most frequent first (a skewed draw then gives realistic repetition). */
function vocabulary(real: IndexedEntity[]): Vocab {
  const count = (m: Map<string, number>, w: string) => m.set(w, (m.get(w) ?? 0) + 1);
  const given = new Map<string, number>();
  const surnames = new Map<string, number>();
  const org = new Map<string, number>();
  const countries = new Map<string, number>();
  for (const e of real) {
    for (const c of e.countries) count(countries, c);
    for (const n of e.names) {
      if (/[^\x20-\x7e]/.test(n.full)) continue;
      if (e.kind === 'person') {
        const comma = n.full.indexOf(',');
        const first = comma > 0 ? n.full.slice(comma + 1) : n.full.split(' ').slice(0, -1).join(' ');
        const last = comma > 0 ? n.full.slice(0, comma) : n.full.split(' ').slice(-1).join(' ');
        for (const w of first.split(/\s+/)) if (/^[A-Za-z'-]{2,}$/.test(w)) count(given, w);
        for (const w of last.split(/\s+/)) if (/^[A-Za-z'-]{2,}$/.test(w)) count(surnames, w);
      } else {
        for (const w of n.full.split(/\s+/)) if (/^[A-Za-z&'-]{2,}$/.test(w)) count(org, w);
      }
    }
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  return { given: sorted(given), surnames: sorted(surnames), orgWords: sorted(org), countries: sorted(countries) };
}

const LEGAL_FORMS = ['LLC', 'LTD', 'LIMITED', 'GMBH', 'S.A.', 'JSC', 'OOO', 'CO., LTD.', 'INC.', 'PLC', 'SDN BHD', ''];

function skewed<T>(rng: SeededRandom, items: T[]): T {
  const r = rng.next();
  return items[Math.floor(items.length * r * r * r)] as T;
}

function synthesise(n: number, vocab: Vocab, seed: number): IndexedEntity[] {
  const rng = new SeededRandom(seed);
  const out: IndexedEntity[] = [];
  for (let i = 0; i < n; i += 1) {
    const person = rng.chance(0.7);
    const names: EntityName[] = [];
    if (person) {
      const given = skewed(rng, vocab.given);
      const middle = rng.chance(0.4) ? ` ${skewed(rng, vocab.given)}` : '';
      const surname = skewed(rng, vocab.surnames) + (rng.chance(0.2) ? ` ${skewed(rng, vocab.surnames)}` : '');
      names.push({ full: `${surname}, ${given}${middle}`, alias_type: 'primary', strength: 'primary' });
      if (rng.chance(0.3)) names.push({ full: `${given} ${typo(surname, rng)}`, alias_type: 'aka', strength: 'strong' });
      if (rng.chance(0.1)) names.push({ full: `${skewed(rng, vocab.given)} ${surname}`, alias_type: 'aka', strength: 'weak' });
    } else {
      const words = Array.from({ length: 1 + rng.int(3) }, () => skewed(rng, vocab.orgWords));
      names.push({ full: `${words.join(' ')} ${rng.pick(LEGAL_FORMS)}`.trim(), alias_type: 'primary', strength: 'primary' });
      if (rng.chance(0.25)) names.push({ full: `${skewed(rng, vocab.orgWords)} ${words[0]}`, alias_type: 'aka', strength: 'strong' });
    }
    out.push({
      id: `syn:${i}`, list_slug: 'synthetic', source_id: String(i), kind: person ? 'person' : 'organization', names,
      birth_dates: person && rng.chance(0.6) ? [{ year: 1940 + rng.int(60), month: 1 + rng.int(12), day: 1 + rng.int(28), granularity: 'day' }] : [],
      countries: rng.chance(0.7) ? [skewed(rng, vocab.countries)] : [], identifiers: [], programs: [],
    });
  }
  return out;
}

function queries(entities: IndexedEntity[], real: IndexedEntity[], count: number, seed: number): { person: MatchQuery[]; business: MatchQuery[] } {
  const rng = new SeededRandom(seed);
  const person: MatchQuery[] = [];
  const business: MatchQuery[] = [];
  const pick = () => (rng.chance(0.5) ? rng.pick(real) : rng.pick(entities));
  while (person.length < count || business.length < count) {
    const e = pick();
    const name = e.names[0]?.full ?? '';
    if (/[^\x20-\x7e]/.test(name)) continue;
    if (e.kind === 'person' && person.length < count) {
      const comma = name.indexOf(',');
      const last = comma > 0 ? name.slice(0, comma) : name.split(' ').slice(-1).join(' ');
      const first = comma > 0 ? name.slice(comma + 1).trim() : name.split(' ').slice(0, -1).join(' ');
      if (!first || !last) continue;
      person.push({ kind: 'person', name_first: first, name_last: rng.chance(0.3) ? typo(last, rng) : last });
    } else if (e.kind === 'organization' && business.length < count) {
      business.push({ kind: 'business', business_name: rng.chance(0.3) ? typo(name, rng) : name });
    }
  }
  return { person, business };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function measure(index: MatchIndex, qs: MatchQuery[]): { p50: number; p99: number; mean: number; candidates: number; touched: number; hits: number } {
  const times: number[] = [];
  let candidates = 0;
  let touched = 0;
  let hits = 0;
  for (const q of qs) {
    const t0 = performance.now();
    hits += search(index, q).length;
    times.push(performance.now() - t0);
    candidates += lastSearchStats.candidateNames;
    touched += lastSearchStats.touchedNames;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), mean: times.reduce((s, x) => s + x, 0) / times.length, candidates: candidates / qs.length, touched: touched / qs.length, hits: hits / qs.length };
}

async function run(size: number, real: IndexedEntity[], vocab: Vocab): Promise<void> {
  const heap0 = heapMb();
  const synthetic = synthesise(size, vocab, 7);
  const entities = [...synthetic, ...real];
  const heap1 = heapMb();
  const t0 = performance.now();
  const index = buildIndex(entities);
  const buildMs = performance.now() - t0;
  const heap2 = heapMb();
  const qs = queries(synthetic, real, 500, 11);
  for (const q of qs.person.slice(0, 20)) search(index, q); // warm-up
  const p = measure(index, qs.person);
  const b = measure(index, qs.business);
  // Candidate pruning must not lose hits: compare with exhaustive candidate sets.
  let lost = 0;
  for (const q of [...qs.person, ...qs.business]) {
    setCandidatePruning(true);
    const pruned = new Set(search(index, q).map((h) => h.entity.id));
    setCandidatePruning(false);
    const full = search(index, q);
    const missing = full.filter((h) => !pruned.has(h.entity.id));
    lost += missing.length;
    if (missing.length > 0 && process.env.SHOW_LOST) console.log('lost', JSON.stringify(q), missing.map((h) => [h.matched_name.full, h.score, h.match_types.join(',')]));
  }
  const names = entities.reduce((s, e) => s + e.names.length, 0);
  console.log(`\n== ${entities.length.toLocaleString()} entities (${size.toLocaleString()} synthetic + ${real.length} real), ${names.toLocaleString()} names`);
  console.log(`build ${(buildMs / 1000).toFixed(1)} s; heap: entities ${(heap1 - heap0).toFixed(0)} MB, index ${(heap2 - heap1).toFixed(0)} MB`);
  console.log(`hits candidate pruning would lose (pruning is off in production; vs exhaustive candidates): ${lost}`);
  for (const [label, m] of [['person', p], ['business', b]] as const) {
    console.log(`${label.padEnd(8)} queries (500): p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms, mean ${m.mean.toFixed(2)} ms; candidate names scored ${m.candidates.toFixed(0)} (touched ${m.touched.toFixed(0)}); hits ${m.hits.toFixed(1)}`);
  }
}

const real = await loadSanctionsLists();
const vocab = vocabulary(real);
console.log(`vocabulary from real lists: ${vocab.given.length} given names, ${vocab.surnames.length} surnames, ${vocab.orgWords.length} organisation words; gc ${gc ? 'exposed' : 'NOT exposed (heap figures approximate)'}`);
await run(10_000, real, vocab);
await run(Number(process.argv[2] ?? 1_000_000), real, vocab);
