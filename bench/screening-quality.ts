/**
 * Screening quality on the generated evaluation set (test/screening/evaluation/eval-set.ts) over the
 * OFAC SDN and UN lists: precision / recall / F1 at several thresholds, then per variation category
 * at the default threshold, with examples of misses and false alerts.
 * Run: bash infra/tools/run.sh bench/screening-quality.ts
 */
import { buildIndex, DEFAULT_THRESHOLD, search } from '../activities/screening/matching/matcher.js';
import { evaluateAt, generateEvalSet, scoreCases } from '../test/screening/evaluation/eval-set.js';
import { loadSanctionsLists } from '../test/screening/evaluation/real-lists.js';

const entities = await loadSanctionsLists();
const index = buildIndex(entities);
const cases = generateEvalSet(entities);
console.log(`evaluation set: ${cases.filter((c) => c.positive).length} positives, ${cases.filter((c) => !c.positive).length} hard negatives over ${entities.length} listed entities`);
const scored = scoreCases(index, cases);
console.log('threshold  precision  recall  F1');
for (const t of [0.7, 0.75, 0.78, 0.8, 0.82, 0.85, 0.9]) {
  const r = evaluateAt(scored, t);
  console.log(`${t.toFixed(2).padStart(9)}  ${r.precision.toFixed(3).padStart(9)}  ${r.recall.toFixed(3).padStart(6)}  ${r.f1.toFixed(3)}${t === DEFAULT_THRESHOLD ? '  <- DEFAULT_THRESHOLD' : ''}`);
}
const r = evaluateAt(scored, DEFAULT_THRESHOLD);
console.log(`\nper category at ${DEFAULT_THRESHOLD} (positives: found; negatives: false alerts):`);
for (const c of r.categories) console.log(`  ${c.category.padEnd(24)} ${String(c.count).padStart(4)}/${String(c.total).padEnd(4)} ${((100 * c.count) / c.total).toFixed(1)}%`);
const show = (label: string, list: typeof r.misses) => {
  console.log(`\n${label} (${list.length}):`);
  for (const c of list.slice(0, 25)) {
    const best = search(index, c.query, { threshold: 0, limit: 200 }).find((h) => h.entity.id === c.entityId);
    console.log(`  [${c.category}] ${JSON.stringify(c.query)} listed "${c.listedName}" → ${best ? `${best.score} ${best.match_types.join(',')}` : 'no candidate'}`);
  }
};
show('misses', r.misses);
show('false alerts', r.falseAlerts);
