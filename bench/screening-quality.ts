/**
 * Screening quality on the generated evaluation set (test/screening/evaluation/eval-set.ts and
 * blind-spot-cases.ts) over the OFAC SDN and UN lists (and the US Congress PEPs for PEP cases):
 * precision / recall / F1 and hard-negative rejection at several thresholds, then per category at
 * the default threshold, near matches reported for birth-date conflicts, with examples of misses
 * and false alerts.
 * Run: bash infra/tools/run.sh bench/screening-quality.ts
 */
import { DEFAULT_THRESHOLD, search } from '../activities/screening/matching/matcher.js';
import { evaluateAt, scoreCases } from '../test/screening/evaluation/eval-set.js';
import { loadEvaluation } from '../test/screening/evaluation/evaluation-data.js';

const { sanctions, peps, index, pepIndex, cases } = await loadEvaluation();
console.log(`evaluation set: ${cases.filter((c) => c.positive).length} positives, ${cases.filter((c) => !c.positive).length} hard negatives over ${sanctions.length} listed entities (+ ${peps.length} PEPs for PEP cases)`);
const scored = scoreCases(index, cases, 0.5, pepIndex);
console.log('threshold  precision  recall  F1     negatives rejected');
for (const t of [0.7, 0.75, 0.78, 0.8, 0.82, 0.85, 0.9]) {
  const r = evaluateAt(scored, t);
  console.log(`${t.toFixed(2).padStart(9)}  ${r.precision.toFixed(3).padStart(9)}  ${r.recall.toFixed(3).padStart(6)}  ${r.f1.toFixed(3)}  ${r.negativeRejection.toFixed(3).padStart(8)}${t === DEFAULT_THRESHOLD ? '  <- DEFAULT_THRESHOLD' : ''}`);
}
const r = evaluateAt(scored, DEFAULT_THRESHOLD);
console.log(`\nper category at ${DEFAULT_THRESHOLD} (positives: found; negatives: false alerts):`);
for (const c of r.categories) console.log(`  ${c.category.padEnd(24)} ${String(c.count).padStart(4)}/${String(c.total).padEnd(4)} ${((100 * c.count) / c.total).toFixed(1)}%`);
for (const category of ['neg_dob_conflict', 'neg_dob_just_beyond']) {
  const conflicts = scored.filter((s) => s.evalCase.category === category);
  console.log(`near matches reported for ${category}: ${conflicts.filter((s) => s.nearMatch).length}/${conflicts.length}`);
}
const show = (label: string, list: typeof r.misses) => {
  console.log(`\n${label} (${list.length}):`);
  for (const c of list.slice(0, 25)) {
    const best = search(c.group === 'pep' ? pepIndex : index, c.query, { threshold: 0, limit: 200 }).find((h) => h.entity.id === c.entityId);
    console.log(`  [${c.category}] ${JSON.stringify(c.query)} listed "${c.listedName}" → ${best ? `${best.score} ${best.match_types.join(',')}` : 'no candidate'}`);
  }
};
show('misses', r.misses);
show('false alerts', r.falseAlerts);
