/**
 * Machine-readable zone reading on generated identity document photos: exact-read rate per
 * condition and overall, wrongly-accepted rate (a zone accepted that is not what is printed: must
 * be 0) and time per document.
 *   bash infra/tools/run.sh bench/mrz-reading.ts [--count 216] [--seed 9303] [--keep <dir>]
 * The photos come from test/identity/processing/fixtures/photos (a generator independent of the
 * reader, with its own check-digit code): TD3 passport pages and TD1 cards in OCR-B (fonts-ocr-b),
 * varied sizes, margins, colours, names, nationalities and dates from the seed, in nine conditions
 * taken in turn: flat scan; tilt up to 3°; salt-and-pepper noise; JPEG quality 50-75; tilt + noise
 * + JPEG ≥ 50; turned 90/180/270°; a card in perspective on a table; glare; a 1000-pixel-wide phone
 * photo. Each photo goes through readMrzFromImage (the glyph reader, then the tesseract fallback)
 * exactly as the worker runs it. "Exact" means accepted and equal to the printed zone. Then a
 * second set of photos (`--damaged`, default 27, three per condition) whose zones are printed with
 * one birth-date digit changed, so that a check digit fails: accepting any of them is wrong.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readMrzFromImage } from '../activities/identity/documents/processing/mrz-image.reader.js';
import { loadOrBuildGlyphModel } from '../activities/identity/documents/processing/mrz-vision/ocr-b-glyph-model.store.js';
import { PHOTO_CONDITIONS, randomPhotoSpecs, type PhotoCondition } from '../test/identity/processing/fixtures/photos/document-photo.specs.js';
import { renderDocumentPhoto } from '../test/identity/processing/fixtures/photos/document-photo.renderer.js';

const { values } = parseArgs({ options: { count: { type: 'string', default: '216' }, damaged: { type: 'string', default: '27' }, seed: { type: 'string', default: '9303' }, keep: { type: 'string' } } });
const count = Number(values.count);
const damagedCount = Number(values.damaged);
const seed = Number(values.seed);
const now = new Date('2026-03-20T12:00:00Z');
/** The conditions of the target: OCR-B with tilt ≤ 3°, noise and JPEG ≥ 50. */
const TARGET_CONDITIONS: readonly PhotoCondition[] = ['scan', 'tilt', 'noise', 'jpeg', 'tilt_noise_jpeg'];

interface Tally {
  total: number;
  exact: number;
  rejected: number;
  wrong: number;
}

const dir = values.keep ?? (await mkdtemp(path.join(tmpdir(), 'mrz-bench-')));
await mkdir(dir, { recursive: true });
try {
  const modelStarted = performance.now();
  const stored = await loadOrBuildGlyphModel();
  console.log(`glyph model ${stored.built ? 'built' : 'loaded'} in ${Math.round(performance.now() - modelStarted)} ms (${stored.file})`);

  const specs = randomPhotoSpecs(count, seed, now);
  // The birth date's last digit moved by 5 breaks its check digit whatever its weight (7, 3, 1).
  const damagedSpecs = randomPhotoSpecs(damagedCount, seed + 1, now).map((spec) => {
    const at = spec.shape === 'td3' ? 18 : 5;
    const zone = spec.zone.map((line, i) => (i === 1 ? line.slice(0, at) + String((Number(line[at]) + 5) % 10) + line.slice(at + 1) : line));
    return { ...spec, name: `damaged-${spec.name}`, zone };
  });
  const renderStarted = performance.now();
  const photos = [];
  for (const spec of specs) photos.push(await renderDocumentPhoto(spec, dir));
  const damaged = [];
  for (const spec of damagedSpecs) damaged.push(await renderDocumentPhoto(spec, dir));
  console.log(`generated ${photos.length} + ${damaged.length} damaged photos in ${((performance.now() - renderStarted) / 1000).toFixed(0)} s (seed ${seed}) in ${dir}\n`);

  const byCondition = new Map<string, Tally>();
  const times: number[] = [];
  const failures: string[] = [];
  for (const photo of photos) {
    const started = performance.now();
    const result = await readMrzFromImage(photo.file, { now });
    times.push(performance.now() - started);
    const exact = result.ok && result.mrz.join('\n') === photo.spec.zone.join('\n');
    for (const key of [photo.spec.condition, `${photo.spec.condition}/${photo.spec.shape}`, 'all', photo.spec.shape, ...(TARGET_CONDITIONS.includes(photo.spec.condition) ? ['target'] : [])]) {
      const t = byCondition.get(key) ?? { total: 0, exact: 0, rejected: 0, wrong: 0 };
      t.total++;
      if (exact) t.exact++;
      else if (result.ok) t.wrong++;
      else t.rejected++;
      byCondition.set(key, t);
    }
    if (!exact) failures.push(`  ${photo.spec.name}: ${result.ok ? 'WRONGLY ACCEPTED' : result.code} ${'mrz' in result ? result.mrz.join(' | ') : ''} (printed ${photo.spec.zone.join(' | ')})`);
  }

  const percent = (n: number, d: number) => `${((100 * n) / d).toFixed(1)} %`;
  const row = (label: string, t: Tally) =>
    `${label.padEnd(24)} ${String(t.total).padStart(4)}  ${percent(t.exact, t.total).padStart(8)}  ${String(t.rejected).padStart(8)}  ${percent(t.wrong, t.total).padStart(8)}`;
  console.log(`${'condition'.padEnd(24)} ${'n'.padStart(4)}  ${'exact'.padStart(8)}  ${'rejected'.padStart(8)}  ${'wrong'.padStart(8)}`);
  for (const condition of PHOTO_CONDITIONS) {
    const t = byCondition.get(condition);
    if (t) console.log(row(condition, t));
  }
  console.log(row('TD3 (all conditions)', byCondition.get('td3') ?? { total: 0, exact: 0, rejected: 0, wrong: 0 }));
  console.log(row('TD1 (all conditions)', byCondition.get('td1') ?? { total: 0, exact: 0, rejected: 0, wrong: 0 }));
  console.log(row('target: tilt/noise/JPEG', byCondition.get('target')!));
  console.log(row('overall', byCondition.get('all')!));
  let damagedAccepted = 0;
  for (const photo of damaged) {
    const result = await readMrzFromImage(photo.file, { now });
    if (result.ok) {
      damagedAccepted++;
      failures.push(`  ${photo.spec.name}: WRONGLY ACCEPTED a zone whose check digit fails: ${result.mrz.join(' | ')}`);
    }
  }
  console.log(`damaged zones (a check digit fails): ${damagedAccepted} of ${damaged.length} accepted (must be 0)`);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
  console.log(`\ntime per document: median ${at(0.5)} ms, mean ${Math.round(times.reduce((a, b) => a + b, 0) / times.length)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
  if (failures.length > 0) console.log(`\nnot read exactly:\n${failures.join('\n')}`);
} finally {
  if (!values.keep) await rm(dir, { recursive: true, force: true });
}
