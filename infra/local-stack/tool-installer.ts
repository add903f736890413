// Makes every external tool the local stack needs present: Debian packages (PostgreSQL,
// OCR), the Temporal CLI and test server, MinIO, the matcher's nickname data, the OCR-B glyph
// model of the identity document reader, and for the tests schemathesis (the API fuzzer) and the
// python of the external MRZ corpus.
// Idempotent and quick when all is there.
import path from 'node:path';
import { ensureAptPackages } from './apt-packages.installer.js';
import { ensureMinio } from './minio.installer.js';
import { ensureMrzCorpusPython } from './mrz-corpus.installer.js';
import { ensureMrzGlyphModel } from './mrz-glyph-model.installer.js';
import { ensureNicknames } from './nicknames.installer.js';
import { ensureSchemathesis } from './schemathesis.installer.js';
import { ensureTemporalTools } from './temporal.installer.js';
import { toolPaths, type ToolPaths } from './tool-paths.js';
import { readToolVersions } from './tool-versions.js';

export interface InstalledTools {
  paths: ToolPaths;
  temporalCli: string;
  temporalTestServer: string;
  minio: string;
  postgresBinDir: string;
  nicknamesCsv: string;
  /** The schemathesis CLI (only with `forTests`). */
  schemathesis?: string;
  /** A python with the pinned PyPI `mrz` and `pillow` (only with `forTests`): the external MRZ corpus. */
  mrzCorpusPython?: string;
}

export async function ensureTools(paths: ToolPaths = toolPaths(), options: { forTests?: boolean } = {}): Promise<InstalledTools> {
  const versions = readToolVersions(paths.root);
  await ensureAptPackages(paths.root);
  // The downloads and the model build are independent; run them side by side.
  const [temporal, minio, nicknamesCsv, , schemathesis, mrzCorpusPython] = await Promise.all([
    ensureTemporalTools(paths, versions), ensureMinio(paths, versions), ensureNicknames(paths, versions), ensureMrzGlyphModel(paths),
    options.forTests ? ensureSchemathesis(paths, versions) : Promise.resolve(undefined),
    options.forTests ? ensureMrzCorpusPython(paths, versions) : Promise.resolve(undefined),
  ]);
  return {
    paths,
    temporalCli: temporal.cliPath,
    temporalTestServer: temporal.testServerPath,
    minio,
    postgresBinDir: path.join('/usr/lib/postgresql', versions.postgresMajor, 'bin'),
    nicknamesCsv,
    ...(schemathesis ? { schemathesis } : {}),
    ...(mrzCorpusPython ? { mrzCorpusPython } : {}),
  };
}
