import { describe, expect, it } from 'vitest';
import { parsePackageList } from './apt-packages.installer.js';
import { minioCacheKey } from './minio.installer.js';
import path from 'node:path';
import { toolPaths } from './tool-paths.js';
import { parseVersionsFile, readToolVersions } from './tool-versions.js';

describe('parseVersionsFile', () => {
  it('reads NAME=value lines and drops trailing comments', () => {
    const text = '# header\nNODE_VERSION=24.21.0        # from npm\nMINIO_MODULE_VERSION=v0.0.0-1-abc   # go\n\nnot a line\n';
    expect(parseVersionsFile(text)).toEqual({ NODE_VERSION: '24.21.0', MINIO_MODULE_VERSION: 'v0.0.0-1-abc' });
  });
});

describe('parsePackageList', () => {
  it('keeps one package a line and ignores comments and blank lines', () => {
    expect(parsePackageList('# tools\npostgresql\n\n  tesseract-ocr  # OCR\n#gone\n')).toEqual(['postgresql', 'tesseract-ocr']);
  });
});

describe('minioCacheKey', () => {
  it('uses the commit of a pseudo-version, so the cache survives a re-tag of the same commit', () => {
    expect(minioCacheKey('v0.0.0-20260212201848-7aac2a2c5b7c')).toBe('7aac2a2c5b7c');
  });

  it('keeps a tagged version as it is', () => {
    expect(minioCacheKey('v1.2.3')).toBe('v1.2.3');
  });
});

describe('the nickname data the matcher reads', () => {
  it('is pinned to an exact PyPI version and lives under the tools folder', () => {
    const paths = toolPaths({ CLEARWATCH_ROOT: '/repo', CLEARWATCH_CACHE_DIR: '/cache' });
    expect(readToolVersions(path.resolve(import.meta.dirname, '../..')).nicknames).toMatch(/^\d+\.\d+\.\d+$/);
    expect(paths.nicknamesCsv).toBe('/repo/.tools/data/nicknames.csv');
  });
});

describe('the name-variant generator packages (bench/screening-external.ts)', () => {
  it('are all pinned to exact versions, and the cache key follows the pins', async () => {
    const { namesEvalCacheKey, namesEvalRequirements } = await import('./names-eval.installer.js');
    const versions = readToolVersions(path.resolve(import.meta.dirname, '../..'));
    const requirements = namesEvalRequirements(versions);
    expect(requirements.length).toBeGreaterThanOrEqual(7);
    for (const r of requirements) expect(r).toMatch(/^[A-Za-z][\w.-]*==\d+(\.\d+)+$/);
    const bumped = { ...versions, namesEval: { ...versions.namesEval, iuliia: '0.0.1' } };
    expect(namesEvalCacheKey(bumped)).not.toBe(namesEvalCacheKey(versions));
  });
});
