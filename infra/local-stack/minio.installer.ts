// Builds the MinIO server with `go install` at the pinned module version into the machine
// cache (keyed by the version's commit), once per machine, and links it into .tools/bin.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { linkInto } from './tool-links.js';
import { runChecked } from './run-command.js';
import type { ToolPaths } from './tool-paths.js';
import type { ToolVersions } from './tool-versions.js';

/** `v0.0.0-20260212201848-7aac2a2c5b7c` → `7aac2a2c5b7c`; a tagged version keeps its name. */
export function minioCacheKey(moduleVersion: string): string {
  const pseudo = /-([0-9a-f]{12})$/.exec(moduleVersion);
  return pseudo?.[1] ?? moduleVersion;
}

function goBinary(): string {
  if (process.env.GO) return process.env.GO;
  return existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : 'go';
}

export async function ensureMinio(paths: ToolPaths, versions: ToolVersions): Promise<string> {
  const dir = path.join(paths.cacheDir, `minio-${minioCacheKey(versions.minioModule)}`);
  const binary = path.join(dir, 'minio');
  if (!existsSync(binary)) {
    console.error(`[tools] building MinIO ${versions.minioModule} with go install (several minutes, once per machine)`);
    const staging = `${dir}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    await runChecked(goBinary(), ['install', `github.com/minio/minio@${versions.minioModule}`], {
      env: { ...process.env, GOBIN: staging, GOFLAGS: '-mod=mod', CGO_ENABLED: '0' },
      echo: true,
    });
    mkdirSync(dir, { recursive: true });
    renameSync(path.join(staging, 'minio'), binary);
    rmSync(staging, { recursive: true, force: true });
  }
  return linkInto(path.join(paths.binDir, 'minio'), binary);
}
