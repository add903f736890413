/**
 * Independent evaluation of the screening matcher on name variants made by other people's tools:
 * bench/support/names-external/generate.py (pinned PyPI iuliia, cyrtranslit, Unidecode, transliterate,
 * pypinyin, typo, Faker; installed in a cached venv by infra/local-stack/names-eval.installer.ts)
 * turns real listed entities (OFAC SDN, UN, OpenSanctions yente fixtures with names in Cyrillic,
 * Greek, Arabic ...) into seeded query variants and hard negatives. This runs the matcher on them
 * and prints recall at the threshold and hard-negative rejection, per variant kind (and per tool
 * for transliterations), with examples of misses and false alerts.
 * Run: bash infra/tools/run.sh bench/screening-external.ts [threshold] [--per-kind N] [--neg-per-kind N] [--seed S] [--cases file.jsonl] [--show N]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIndex, DEFAULT_THRESHOLD, search, type IndexedEntity, type MatchIndex, type MatchQuery } from '../activities/screening/matching/matcher.js';
import { ALGORITHM_VERSION } from '../activities/screening/matching/matcher-version.js';
import { parseFtmJson } from '../activities/screening/lists/parsers/ftm-json.parser.js';
import { ensureNamesEval } from '../infra/local-stack/names-eval.installer.js';
import { runChecked } from '../infra/local-stack/run-command.js';
import { toolPaths } from '../infra/local-stack/tool-paths.js';
import { readToolVersions } from '../infra/local-stack/tool-versions.js';
import { LISTS_DIR, loadSanctionsLists } from '../test/screening/evaluation/real-lists.js';

export interface ExternalCase {
  id: string;
  kind: string;
  tool: string;
  positive: boolean;
  /** The listed entity the variant was made from (positives must find it). */
  entity: string;
  listed: string;
  query: MatchQuery;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const GENERATOR = path.join(here, 'support/names-external/generate.py');

/** Runs the pinned generator (installing its venv on first use) and parses its JSON lines. */
export async function generateExternalCases(options: { seed?: number; perKind?: number; negPerKind?: number } = {}): Promise<ExternalCase[]> {
  const paths = toolPaths();
  const python = await ensureNamesEval(paths, readToolVersions(paths.root));
  const args = [GENERATOR, '--lists', LISTS_DIR, '--seed', String(options.seed ?? 20261126), '--per-kind', String(options.perKind ?? 100)];
  if (options.negPerKind !== undefined) args.push('--neg-per-kind', String(options.negPerKind));
  const { stdout } = await runChecked(python, args, { env: { ...process.env, PYTHONHASHSEED: '0' } });
  return parseCases(stdout);
}

export function parseCases(jsonl: string): ExternalCase[] {
  return jsonl.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as ExternalCase);
}

/** The lists the generator reads, indexed under the ids it gives: OFAC SDN + UN + the yente FtM fixtures. */
export async function loadExternalEntities(): Promise<IndexedEntity[]> {
  const ftmFiles = ['opensanctions/yente_t1/entities.ftm.json', 'opensanctions/yente_zala/entities.ftm.json'];
  const inputs = await Promise.all(ftmFiles.map(async (name) => ({ name, text: await readFile(path.join(LISTS_DIR, name), 'utf8') })));
  const ftm = await parseFtmJson(inputs, { slug: 'os_yente', name: 'OpenSanctions yente fixtures', url: '', list_type: 'sanctions', country_code: null, flag_code: null });
  return [...(await loadSanctionsLists()), ...ftm.entities.map((e) => ({ ...e, id: `os_yente:${e.source_id}`, list_slug: 'os_yente' }))];
}

export interface CaseResult {
  evalCase: ExternalCase;
  /** Positives: the target's score (0 when not found at all). Negatives: the best score of any hit. */
  score: number;
  /** Negatives: the entity of that best hit, the name of it that matched and why. */
  alertedEntity?: string;
  alertedName?: string;
  alertedTypes?: string[];
}

export function scoreExternalCases(index: MatchIndex, cases: ExternalCase[], floor = 0.5): CaseResult[] {
  return cases.map((c) => {
    const hits = search(index, c.query, { threshold: floor, limit: 50 });
    if (c.positive) return { evalCase: c, score: hits.find((h) => h.entity.id === c.entity)?.score ?? 0 };
    const best = hits[0];
    return best ? { evalCase: c, score: best.score, alertedEntity: best.entity.id, alertedName: best.matched_name.full, alertedTypes: best.match_types } : { evalCase: c, score: 0 };
  });
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const argv = process.argv.slice(2);
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv.splice(i, 2)[1] : undefined;
  };
  const casesFile = flag('--cases');
  const perKind = Number(flag('--per-kind') ?? 100);
  const negFlag = flag('--neg-per-kind');
  const negPerKind = negFlag === undefined ? undefined : Number(negFlag);
  const seed = Number(flag('--seed') ?? 20261126);
  const perKindShown = Number(flag('--show') ?? 8);
  const threshold = Number(argv[0] ?? DEFAULT_THRESHOLD);
  const started = Date.now();
  const cases = casesFile ? parseCases(await readFile(casesFile, 'utf8')) : await generateExternalCases({ seed, perKind, negPerKind });
  const entities = await loadExternalEntities();
  const index = buildIndex(entities);
  const results = scoreExternalCases(index, cases);
  const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
  console.log(`algorithm ${ALGORITHM_VERSION}, threshold ${threshold}; ${cases.length} cases (${casesFile ? casesFile : `seed ${seed}`}) over ${entities.length} listed entities; ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const positives = results.filter((r) => r.evalCase.positive);
  const negatives = results.filter((r) => !r.evalCase.positive);
  const found = positives.filter((r) => r.score >= threshold).length;
  const alerts = negatives.filter((r) => r.score >= threshold).length;
  console.log(`positives: recall ${found}/${positives.length} (${pct(found, positives.length)}); hard negatives: rejected ${negatives.length - alerts}/${negatives.length} (${pct(negatives.length - alerts, negatives.length)})\n`);

  console.log('per kind (positives: found at the threshold; negatives: rejected)');
  const kinds = [...new Set(results.map((r) => r.evalCase.kind))].sort((a, b) => Number(a.startsWith('neg_')) - Number(b.startsWith('neg_')) || a.localeCompare(b));
  for (const kind of kinds) {
    const rs = results.filter((r) => r.evalCase.kind === kind);
    const ok = rs.filter((r) => (r.evalCase.positive ? r.score >= threshold : r.score < threshold)).length;
    console.log(`  ${kind.padEnd(20)} ${String(ok).padStart(4)}/${String(rs.length).padEnd(4)} ${pct(ok, rs.length).padStart(6)}`);
    if (kind.endsWith('translit')) {
      const tools = [...new Set(rs.map((r) => r.evalCase.tool))].sort();
      for (const tool of tools) {
        const ts = rs.filter((r) => r.evalCase.tool === tool);
        const tok = ts.filter((r) => r.score >= threshold).length;
        console.log(`      ${tool.padEnd(28)} ${String(tok).padStart(3)}/${String(ts.length).padEnd(3)} ${pct(tok, ts.length).padStart(6)}`);
      }
    }
  }
  const show = (label: string, list: CaseResult[]) => {
    console.log(`\n${label} (${list.length}; up to ${perKindShown} per kind):`);
    const shown = new Map<string, number>();
    for (const r of list) {
      const n = shown.get(r.evalCase.kind) ?? 0;
      if (n >= perKindShown) continue;
      shown.set(r.evalCase.kind, n + 1);
      const q = r.evalCase.query;
      const text = q.kind === 'person' ? `${q.name_first} | ${q.name_last}` : q.business_name;
      console.log(`  [${r.evalCase.kind} ${r.evalCase.tool}] "${text}" listed "${r.evalCase.listed}" → ${r.score.toFixed(3)}${r.alertedEntity ? ` ${r.alertedEntity} "${r.alertedName ?? ''}" [${(r.alertedTypes ?? []).join(', ')}]` : ''}`);
    }
  };
  show('misses', positives.filter((r) => r.score < threshold));
  show('false alerts', negatives.filter((r) => r.score >= threshold));
}
