// Measures the documents processing engine on the generated corpus (test/documents/corpus):
// per-field precision and recall of extraction (text PDFs by producer, and scans), classification
// accuracy, detection rate per tamper kind, and false alarms on untouched files.
//
//   bash infra/tools/run.sh bench/document-extraction.ts [--seed N] [--scans N] [--dir DIR]

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyseDocument, type DocumentAnalysis } from '../activities/documents/analysis/index.js';
import { foldText } from '../activities/documents/analysis/text/text-folding.js';
import { buildCorpus, EXPECTED_INDICATORS, type CorpusEntry, type TamperKind } from '../test/documents/corpus/corpus.builder.js';
import { flattenFields } from './support/flatten-fields.js';

const { values } = parseArgs({ options: { seed: { type: 'string' }, scans: { type: 'string' }, dir: { type: 'string' } } });
const dir = values.dir ?? (await mkdtemp(path.join(tmpdir(), 'clearwatch-doc-corpus-')));
const started = Date.now();
const entries = await buildCorpus(dir, { seed: Number(values.seed ?? 20261014), scans: Number(values.scans ?? 8) });
console.log(`corpus: ${entries.length} files in ${dir} (built in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

// The corpus is written now (its files carry today's dates): analyse it as of now.
const now = new Date();
const results: { entry: CorpusEntry; analysis: DocumentAnalysis; ms: number }[] = [];
for (const entry of entries) {
  const t0 = Date.now();
  const analysis = await analyseDocument(
    { filePath: entry.file, contentType: entry.contentType, extraction_config: { enabled: true, schema: entry.doc.schema }, fraud_config: { enabled: true, requires_digital_signature: false } },
    { now },
  );
  results.push({ entry, analysis, ms: Date.now() - t0 });
}

// --- extraction: per field, text PDFs and scans apart ---
type Counts = { tp: number; fp: number; fn: number };
const fieldStats = new Map<string, Counts>();
const groupStats = new Map<string, Counts>();
const add = (map: Map<string, Counts>, key: string, k: keyof Counts) => {
  const c = map.get(key) ?? { tp: 0, fp: 0, fn: 0 };
  c[k]++;
  map.set(key, c);
};
for (const { entry, analysis } of results.filter((r) => r.entry.measureFields)) {
  const truth = flattenFields(entry.doc.truth);
  const got = flattenFields(analysis.extracted_data ?? {});
  const group = entry.producer.startsWith('scan') ? 'scans (OCR)' : `text PDF: ${entry.producer}`;
  for (const [p, v] of truth) {
    const key = `${entry.doc.kind}.${p.replace(/\[\d+\]/g, '[]')}`;
    const g = got.get(p);
    if (g !== undefined && same(v, g)) {
      add(fieldStats, key, 'tp');
      add(groupStats, group, 'tp');
    } else {
      add(fieldStats, key, 'fn');
      add(groupStats, group, 'fn');
      if (g !== undefined) {
        add(fieldStats, key, 'fp');
        add(groupStats, group, 'fp');
      }
    }
  }
  for (const p of got.keys()) {
    if (!truth.has(p)) {
      add(fieldStats, `${entry.doc.kind}.${p.replace(/\[\d+\]/g, '[]')}`, 'fp');
      add(groupStats, group, 'fp');
    }
  }
}
const pr = (c: Counts) => `precision ${(c.tp / Math.max(1, c.tp + c.fp)).toFixed(3)}  recall ${(c.tp / Math.max(1, c.tp + c.fn)).toFixed(3)}  (tp ${c.tp}, fp ${c.fp}, fn ${c.fn})`;
console.log('\nextraction by source');
for (const [g, c] of [...groupStats.entries()].sort()) console.log(`  ${g.padEnd(22)} ${pr(c)}`);
const all = [...groupStats.values()].reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn }), { tp: 0, fp: 0, fn: 0 });
console.log(`  ${'all'.padEnd(22)} ${pr(all)}`);
console.log('\nextraction by field');
for (const [f, c] of [...fieldStats.entries()].sort()) console.log(`  ${f.padEnd(44)} ${pr(c)}`);

// --- classification ---
const classified = results.filter((r) => r.entry.tamper === null);
const correct = classified.filter((r) => r.analysis.classification?.document_class_type === r.entry.doc.kind).length;
console.log(`\nclassification: ${correct}/${classified.length} untouched files classified as their kind`);
for (const r of classified.filter((x) => x.analysis.classification?.document_class_type !== x.entry.doc.kind)) console.log(`  miss: ${path.basename(r.entry.file)} → ${r.analysis.classification?.document_class_type}`);

// --- tamper detection and false alarms ---
console.log('\ntamper detection (detected = score not NORMAL and an expected indicator raised)');
const kinds = [...new Set(results.map((r) => r.entry.tamper).filter((k): k is TamperKind => k !== null))];
for (const kind of kinds) {
  const rs = results.filter((r) => r.entry.tamper === kind);
  const detected = rs.filter((r) => r.analysis.fraud_result?.score !== 'NORMAL' && r.analysis.fraud_result?.indicators.some((i) => EXPECTED_INDICATORS[kind].includes(i.id)));
  const high = rs.filter((r) => r.analysis.fraud_result?.score === 'HIGH_RISK');
  console.log(`  ${kind.padEnd(26)} ${detected.length}/${rs.length} detected, ${high.length}/${rs.length} HIGH_RISK`);
  for (const r of rs.filter((x) => !detected.includes(x))) console.log(`    missed ${path.basename(r.entry.file)}: ${r.analysis.fraud_result?.score} ${r.analysis.fraud_result?.indicators.map((i) => i.id).join(',')}`);
}
const untouched = results.filter((r) => r.entry.tamper === null);
const byProducer = new Map<string, typeof untouched>();
for (const r of untouched) byProducer.set(r.entry.producer, [...(byProducer.get(r.entry.producer) ?? []), r]);
console.log('\nfalse alarms on untouched files (score not NORMAL)');
for (const [producer, rs] of [...byProducer.entries()].sort()) {
  const alarms = rs.filter((r) => r.analysis.fraud_result?.score !== 'NORMAL');
  console.log(`  ${producer.padEnd(18)} ${alarms.length}/${rs.length}${alarms.length ? '  ' + alarms.map((r) => `${path.basename(r.entry.file)}:${r.analysis.fraud_result?.indicators.filter((i) => i.type !== 'INFO').map((i) => i.id).join('+')}`).join(' ') : ''}`);
}
const totalAlarms = untouched.filter((r) => r.analysis.fraud_result?.score !== 'NORMAL').length;
const highAlarms = untouched.filter((r) => r.analysis.fraud_result?.score === 'HIGH_RISK').length;
console.log(`  all                ${totalAlarms}/${untouched.length} not NORMAL, ${highAlarms}/${untouched.length} HIGH_RISK`);

const ms = results.map((r) => r.ms).sort((a, b) => a - b);
const scanMs = results.filter((r) => r.entry.producer.startsWith('scan')).map((r) => r.ms).sort((a, b) => a - b);
console.log(`\ntime per file: p50 ${ms[Math.floor(ms.length / 2)]} ms, p99 ${ms[Math.floor(ms.length * 0.99)]} ms; scans p50 ${scanMs[Math.floor(scanMs.length / 2)] ?? '-'} ms`);

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 0.005;
  const norm = (v: unknown) => foldText(String(v)).replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}
