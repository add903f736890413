// Measures the documents processing engine on PDFs made by other tools than its own test corpus:
// the external corpus (bench/support/documents-external, Python: reportlab, fpdf2, pikepdf, pypdf,
// Pillow, pinned in infra/tools/versions.sh) of invoices, receipts, bank statements, payslips,
// utility bills and tax assessments in English, German, French and Spanish, in varied layouts and
// number/date formats, with honest rewrites and scans and tampered copies. Prints field precision
// and recall, classification accuracy, false alarms on honest files and detected tampering.
//
//   bash infra/tools/run.sh bench/document-external.ts [--seed N] [--per-cell N] [--dir DIR] [--only ID,ID] [--labels normal|heldout] [--verbose]
//
// --labels heldout prints other wordings of the field labels (labels_heldout.py, written from real
// documents, not from the engine's vocabulary): the figure for issuers whose labels the engine was
// not given. The bench says how many of those wordings are an exact entry of the vocabulary anyway.
//
// With --dir pointing at an existing corpus (ground-truth JSON beside each file) nothing is
// generated; otherwise the generator writes one into a temporary folder.

import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyseDocument, type DocumentAnalysis } from '../activities/documents/analysis/index.js';
import { FIELD_SYNONYMS } from '../activities/documents/analysis/extraction/field-synonyms.js';
import { labelTokens } from '../activities/documents/analysis/extraction/label-tokens.js';
import { ensureDocumentCorpusPython } from '../infra/local-stack/document-corpus.installer.js';
import { runChecked } from '../infra/local-stack/run-command.js';
import { toolPaths } from '../infra/local-stack/tool-paths.js';
import { readToolVersions } from '../infra/local-stack/tool-versions.js';
import { compareFields, type ExternalTruth, summariseFields } from './support/documents-external/external-truth.js';

const { values } = parseArgs({
  options: { seed: { type: 'string' }, 'per-cell': { type: 'string' }, dir: { type: 'string' }, only: { type: 'string' }, labels: { type: 'string' }, verbose: { type: 'boolean' } },
});

let dir = values.dir;
if (!dir || !existsSync(path.join(dir, '.complete'))) {
  dir ??= await mkdtemp(path.join(tmpdir(), 'clearwatch-external-docs-'));
  const paths = toolPaths();
  const python = await ensureDocumentCorpusPython(paths, readToolVersions(paths.root));
  const started = Date.now();
  const generator = path.join(import.meta.dirname, 'support/documents-external/generate.py');
  const made = await runChecked(python, [generator, '--out', dir, '--seed', values.seed ?? '20261126', '--per-cell', values['per-cell'] ?? '1', ...(values.only ? ['--only', values.only] : []), '--labels', values.labels ?? 'normal']);
  console.log(`${made.stdout.trim()} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const truths: ExternalTruth[] = [];
for (const name of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) truths.push(JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ExternalTruth);
console.log(`corpus: ${truths.length} files in ${dir}`);
const pool = path.join(dir, 'heldout-labels.pool');
if (existsSync(pool)) {
  // Held-out wordings that are an exact entry of the engine's vocabulary (after the folding labels get) test nothing new.
  const vocabulary = new Set(FIELD_SYNONYMS.flatMap((g) => [...g.keys, ...g.labels]).map((l) => labelTokens(l).join(' ')));
  const labels = Object.values(JSON.parse(await readFile(pool, 'utf8')) as Record<string, Record<string, string[]>>).flatMap((byLanguage) => Object.values(byLanguage).flat());
  const known = labels.filter((l) => vocabulary.has(labelTokens(l).join(' ')));
  console.log(`held-out labels: ${labels.length}, of which ${known.length} are an exact vocabulary entry${values.verbose && known.length ? ': ' + known.join(' | ') : ''}`);
}

// The corpus is dated in the past: analyse it as of now.
const now = new Date();
const results: { truth: ExternalTruth; analysis: DocumentAnalysis; ms: number }[] = [];
for (const truth of truths) {
  const t0 = Date.now();
  const analysis = await analyseDocument(
    { filePath: path.join(dir, truth.file), contentType: truth.content_type, extraction_config: { enabled: true, schema: truth.schema }, fraud_config: { enabled: true, requires_digital_signature: false } },
    { now },
  );
  results.push({ truth, analysis, ms: Date.now() - t0 });
  if (values.verbose) console.log(`  ${truth.id}: ${analysis.status} ${analysis.classification?.document_class_type} ${analysis.fraud_result?.score} ${(analysis.fraud_result?.indicators ?? []).map((i) => i.id).join(',')}`);
}

// --- extraction ---
const measured = results.filter((r) => r.truth.measure_fields && r.analysis.status === 'processed');
const comparisons = measured.map((r) => ({ r, cmp: compareFields(r.truth.truth, r.analysis.extracted_data ?? {}) }));
const groupOf = (t: ExternalTruth) => (t.variant.startsWith('scan') ? `scans (${t.variant.slice(5)})` : `text PDF: ${t.writer}`);
const pr = (c: { tp: number; fp: number; fn: number }) =>
  `precision ${(c.tp / Math.max(1, c.tp + c.fp)).toFixed(3)}  recall ${(c.tp / Math.max(1, c.tp + c.fn)).toFixed(3)}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
console.log('\nextraction by source');
const groups = summariseFields(comparisons.map(({ r, cmp }) => ({ key: groupOf(r.truth), cmp })));
for (const [g, c] of [...groups.entries()].sort()) console.log(`  ${g.padEnd(26)} ${pr(c)}`);
const byLanguage = summariseFields(comparisons.map(({ r, cmp }) => ({ key: r.truth.locale, cmp })));
console.log('extraction by locale');
for (const [g, c] of [...byLanguage.entries()].sort()) console.log(`  ${g.padEnd(26)} ${pr(c)}`);
const all = summariseFields(comparisons.map(({ cmp }) => ({ key: 'all', cmp }))).get('all') ?? { tp: 0, fp: 0, fn: 0 };
console.log(`  ${'all'.padEnd(26)} ${pr(all)}`);
console.log('extraction by field');
const byField = new Map<string, { tp: number; fp: number; fn: number }>();
for (const { r, cmp } of comparisons) {
  for (const o of cmp.outcomes) {
    const key = `${r.truth.kind}.${o.path.replace(/\[\d+\]/g, '[]')}`;
    const c = byField.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    if (o.kind === 'tp') c.tp++;
    if (o.kind === 'fn' || o.kind === 'wrong') c.fn++;
    if (o.kind === 'fp' || o.kind === 'wrong') c.fp++;
    byField.set(key, c);
  }
}
for (const [f, c] of [...byField.entries()].sort()) console.log(`  ${f.padEnd(46)} ${pr(c)}`);
if (values.verbose) {
  console.log('misses');
  for (const { r, cmp } of comparisons) for (const o of cmp.outcomes.filter((x) => x.kind !== 'tp')) console.log(`  ${r.truth.id} ${o.path}: ${o.kind} expected ${JSON.stringify(o.expected)} got ${JSON.stringify(o.got)}`);
}

// --- classification ---
const honest = results.filter((r) => !r.truth.tampered);
const correct = honest.filter((r) => r.analysis.classification?.document_class_type === r.truth.kind);
console.log(`\nclassification: ${correct.length}/${honest.length} honest files classified as their kind`);
for (const r of honest.filter((x) => !correct.includes(x))) console.log(`  miss: ${r.truth.id} → ${r.analysis.classification?.document_class_type ?? r.analysis.status}`);

// --- tampering ---
console.log('\ntamper detection (detected = score not NORMAL and an expected indicator raised)');
const tampered = results.filter((r) => r.truth.tampered);
let detectedAll = 0;
for (const kind of [...new Set(tampered.map((r) => r.truth.variant))].sort()) {
  const rs = tampered.filter((r) => r.truth.variant === kind);
  const detected = rs.filter((r) => r.analysis.fraud_result?.score !== 'NORMAL' && r.analysis.fraud_result?.indicators.some((i) => r.truth.expected_indicators.includes(i.id)));
  detectedAll += detected.length;
  const high = rs.filter((r) => r.analysis.fraud_result?.score === 'HIGH_RISK');
  console.log(`  ${kind.padEnd(22)} ${detected.length}/${rs.length} detected, ${high.length}/${rs.length} HIGH_RISK`);
  for (const r of rs.filter((x) => !detected.includes(x))) console.log(`    missed ${r.truth.id}: ${r.analysis.fraud_result?.score} ${r.analysis.fraud_result?.indicators.map((i) => i.id).join(',')} (${r.truth.note})`);
}
console.log(`  ${'all'.padEnd(22)} ${detectedAll}/${tampered.length} detected`);

console.log('\nfalse alarms on honest files (score not NORMAL)');
for (const variant of [...new Set(honest.map((r) => r.truth.variant))].sort()) {
  const rs = honest.filter((r) => r.truth.variant === variant);
  const alarms = rs.filter((r) => r.analysis.fraud_result?.score !== 'NORMAL');
  const listed = alarms.map((r) => `${r.truth.id}:${r.analysis.fraud_result?.indicators.filter((i) => i.type !== 'INFO').map((i) => i.id).join('+')}`).join(' ');
  console.log(`  ${variant.padEnd(22)} ${alarms.length}/${rs.length}${listed ? '  ' + listed : ''}`);
}
const alarms = honest.filter((r) => r.analysis.fraud_result?.score !== 'NORMAL').length;
const highAlarms = honest.filter((r) => r.analysis.fraud_result?.score === 'HIGH_RISK').length;
console.log(`  ${'all'.padEnd(22)} ${alarms}/${honest.length} not NORMAL, ${highAlarms}/${honest.length} HIGH_RISK`);
const failed = results.filter((r) => r.analysis.status !== 'processed');
if (failed.length) console.log(`\nfailed: ${failed.map((r) => `${r.truth.id} (${r.analysis.processing_errors.map((e) => e.code).join(',')})`).join(' ')}`);

const ms = results.map((r) => r.ms).sort((a, b) => a - b);
console.log(`\ntime per file: p50 ${ms[Math.floor(ms.length / 2)]} ms, p99 ${ms[Math.floor(ms.length * 0.99)]} ms`);
