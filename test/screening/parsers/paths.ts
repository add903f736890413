/** Paths the parser tests share: the repo's own fixtures and the real lists beside the repo. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixturesDir = path.join(repoRoot, 'test/fixtures/lists');
export const realListsDir = path.resolve(repoRoot, '../shared/data/lists');
export const hasRealLists = existsSync(realListsDir);

export function fixture(...parts: string[]): string {
  return path.join(fixturesDir, ...parts);
}

export function realList(...parts: string[]): string {
  return path.join(realListsDir, ...parts);
}
