/**
 * The direction of imports is part of the design, checked with dependency-cruiser:
 *  - workflows/ import no value from activities/ or infra/ (types only), so workflow code stays
 *    deterministic and bundle-safe;
 *  - infra/ imports nothing of ours (api/, activities/, workflows/, cli/, worker/);
 *  - api/ imports from activities/ only transitions (`*.transitions.ts`), pure model modules
 *    (`*.model.ts`) and the event catalog: state changes have one home, routes stay thin.
 * A fixture that breaks each rule proves the rules can fail.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

export const LAYERING_RULES: IForbiddenRuleType[] = [
  {
    name: 'workflows-import-no-values-from-activities-or-infra',
    severity: 'error',
    from: { path: '^workflows/' },
    to: { path: '^(activities|infra)/', dependencyTypesNot: ['type-only'] },
  },
  {
    name: 'infra-depends-on-nothing-of-ours',
    severity: 'error',
    from: { path: '^infra/' },
    to: { path: '^(api|activities|workflows|cli|worker)/' },
  },
  {
    name: 'api-imports-only-transitions-models-and-the-catalog-from-activities',
    severity: 'error',
    from: { path: '^api/' },
    to: { path: '^activities/', pathNot: ['\\.transitions\\.ts$', '\\.model\\.ts$', '^activities/events/catalog/'] },
  },
];

async function violations(base: string, dirs: string[]) {
  const previous = process.cwd();
  process.chdir(base);
  try {
    const result = await cruise(dirs, {
      ruleSet: { forbidden: LAYERING_RULES },
      validate: true,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)node_modules/' },
    }, { extensions: ['.ts', '.js'] }, { tsConfig: { compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', allowJs: false } } });
    const output = result.output as ICruiseResult;
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(previous);
  }
}

describe('layering', () => {
  it('the code base keeps every import rule', async () => {
    expect(await violations(root, ['api', 'activities', 'workflows', 'infra', 'cli', 'worker'])).toEqual([]);
  }, 120_000);

  it('each rule catches a breach (fixture tree)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'layering-'));
    try {
      const file = (name: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      };
      file('activities/thing/thing.repository-like.ts', 'export const x = 1;\n');
      file('activities/thing/thing.model.ts', 'export const y = 2;\n');
      file('activities/thing/thing.transitions.ts', 'export const z = 3;\n');
      file('infra/db/db.ts', "import { x } from '../../activities/thing/thing.repository-like.js';\nexport const d = x;\n");
      file('workflows/w/w.workflow.ts', "import { d } from '../../infra/db/db.js';\nimport type { X } from '../../activities/thing/types.js';\nexport const w = d;\n");
      file('activities/thing/types.ts', 'export type X = number;\n');
      file('api/r.route.ts', "import { x } from '../activities/thing/thing.repository-like.js';\nimport { y } from '../activities/thing/thing.model.js';\nimport { z } from '../activities/thing/thing.transitions.js';\nexport const r = x + y + z;\n");
      const found = await violations(dir, ['api', 'activities', 'workflows', 'infra']);
      expect(found.sort()).toEqual([
        'api-imports-only-transitions-models-and-the-catalog-from-activities: api/r.route.ts -> activities/thing/thing.repository-like.ts',
        'infra-depends-on-nothing-of-ours: infra/db/db.ts -> activities/thing/thing.repository-like.ts',
        'workflows-import-no-values-from-activities-or-infra: workflows/w/w.workflow.ts -> infra/db/db.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
