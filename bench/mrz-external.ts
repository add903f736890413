/**
 * Machine-readable zone reading on an external corpus: card and passport-page images made by
 * other tools than the reader and its own fixtures (zones by the PyPI `mrz` package, images by
 * Pillow: test/identity/processing/fixtures/external/mrz_external_corpus.py), in OCR-B and in other
 * monospaced typefaces, every ICAO format (TD1, TD2, TD3, MRV-A, MRV-B), with rotation,
 * perspective, blur, noise, low contrast, uneven light, low resolution and JPEG compression.
 *   bash infra/tools/run.sh bench/mrz-external.ts [--count 160] [--bad-check 20] [--no-zone 20] [--seed 20260320] [--keep <dir>] [--from <kept dir>]
 * Prints, per document format, per typeface and per condition: exact reads, refusals (the zone
 * goes to human review), WRONGLY ACCEPTED zones (a zone accepted that is not the printed one: the
 * worst outcome), then how many zones with a failing check digit were accepted (must be 0) and how
 * many cards without a zone had one reported. Each image goes through readMrzFromImage as the
 * worker runs it.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readMrzFromImage } from '../activities/identity/documents/processing/mrz-image.reader.js';
import { loadOrBuildGlyphModel } from '../activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.store.js';
import { CORPUS_NOW, generateExternalCorpus, readExternalCorpus, verdictOf, type Verdict } from '../test/identity/processing/fixtures/external/mrz-external-corpus.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '160' },
    'bad-check': { type: 'string', default: '20' },
    'no-zone': { type: 'string', default: '20' },
    seed: { type: 'string', default: '20260320' },
    keep: { type: 'string' },
    /** Read a corpus generated earlier (with --keep) instead of generating one. */
    from: { type: 'string' },
  },
});

interface Tally {
  total: number;
  counts: Partial<Record<Verdict, number>>;
}

const dir = values.keep ?? (await mkdtemp(path.join(tmpdir(), 'mrz-external-')));
await mkdir(dir, { recursive: true });
try {
  const stored = await loadOrBuildGlyphModel();
  console.log(`glyph model ${stored.built ? 'built' : 'loaded'} (${stored.file})`);
  const started = performance.now();
  const corpus = values.from
    ? await readExternalCorpus(values.from)
    : await generateExternalCorpus({
        out: dir, count: Number(values.count), badCheck: Number(values['bad-check']), noZone: Number(values['no-zone']), seed: Number(values.seed),
      });
  console.log(`generated ${corpus.length} images in ${((performance.now() - started) / 1000).toFixed(0)} s (seed ${values.seed}) in ${dir}\n`);

  const tallies = new Map<string, Tally>();
  const add = (key: string, verdict: Verdict) => {
    const t = tallies.get(key) ?? { total: 0, counts: {} };
    t.total++;
    t.counts[verdict] = (t.counts[verdict] ?? 0) + 1;
    tallies.set(key, t);
  };
  const notes: string[] = [];
  const times: number[] = [];
  for (const entry of corpus) {
    const t0 = performance.now();
    let verdict: Verdict;
    let shown = '';
    try {
      const result = await readMrzFromImage(entry.file, { now: CORPUS_NOW });
      verdict = verdictOf(entry, result);
      shown = result.ok ? `accepted ${result.mrz.join(' | ')}` : `${result.code}${'mrz' in result ? ` ${result.mrz.join(' | ')}` : ''}`;
    } catch (error) {
      verdict = entry.kind === 'positive' ? 'refused' : entry.kind === 'bad_check' ? 'refused' : 'no_zone_ok';
      shown = `threw ${(error as Error).message.slice(0, 120)}`;
    }
    times.push(performance.now() - t0);
    const keys = entry.kind === 'positive'
      ? ['positive', `format ${entry.format}`, `font ${entry.font}`, entry.ocr_b ? 'OCR-B' : 'not OCR-B', ...entry.conditions.map((c) => `cond ${c}`)]
      : [entry.kind];
    for (const key of keys) add(key, verdict);
    if (verdict !== 'exact' && verdict !== 'no_zone_ok' && !(entry.kind === 'bad_check' && verdict === 'refused')) {
      notes.push(`  ${path.basename(entry.file)} [${entry.conditions.join(',')} pitch ${entry.pitch_px}px]: ${verdict.toUpperCase()} ${shown}${entry.kind === 'no_zone' ? '' : ` (printed ${entry.zone.join(' | ')})`}`);
    }
  }

  const n = (t: Tally | undefined, v: Verdict) => t?.counts[v] ?? 0;
  const header = `${''.padEnd(26)} ${'n'.padStart(4)} ${'exact'.padStart(6)} ${'refused'.padStart(8)} ${'WRONG'.padStart(6)}`;
  const row = (label: string) => {
    const t = tallies.get(label);
    if (!t) return;
    console.log(`${label.padEnd(26)} ${String(t.total).padStart(4)} ${String(n(t, 'exact')).padStart(6)} ${String(n(t, 'refused')).padStart(8)} ${String(n(t, 'wrongly_accepted')).padStart(6)}`);
  };
  console.log(header);
  for (const key of [...tallies.keys()].filter((k) => k.startsWith('format ')).sort()) row(key);
  for (const key of [...tallies.keys()].filter((k) => k.startsWith('font ')).sort()) row(key);
  row('OCR-B');
  row('not OCR-B');
  for (const key of [...tallies.keys()].filter((k) => k.startsWith('cond ')).sort()) row(key);
  row('positive');
  const positive = tallies.get('positive');
  const bad = tallies.get('bad_check');
  const none = tallies.get('no_zone');
  console.log(`\nexact ${n(positive, 'exact')}/${positive?.total ?? 0}, refused (needs review) ${n(positive, 'refused')}, WRONGLY ACCEPTED ${n(positive, 'wrongly_accepted')}`);
  console.log(`bad check digits accepted: ${n(bad, 'bad_check_accepted')} of ${bad?.total ?? 0} (must be 0)`);
  console.log(`no-zone cards with a zone reported: ${n(none, 'zone_reported')} of ${none?.total ?? 0}`);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  console.log(`time per image: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
  if (notes.length > 0) console.log(`\nnot read exactly / not refused:\n${notes.join('\n')}`);
} finally {
  if (!values.keep) await rm(dir, { recursive: true, force: true });
}
