// Reads the pinned tool versions from infra/tools/versions.sh, the single place they are set,
// so the shell bootstrap and the TypeScript installers can never disagree.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ToolVersions {
  node: string;
  temporalCli: string;
  temporalTestServer: string;
  minioModule: string;
  postgresMajor: string;
  nicknames: string;
  schemathesis: string;
  /** PyPI packages of the external documents corpus generator (bench only). */
  documentCorpus: { reportlab: string; fpdf2: string; pikepdf: string; pypdf: string; pillow: string };
  /** PyPI packages of the external name-variant generator (bench/support/names-external), name → exact version. */
  namesEval: Record<string, string>;
  mrzPy: string;
  pillow: string;
}

/** Parses `NAME=value  # comment` lines; anything else is ignored. */
export function parseVersionsFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)=([^\s#]+)/.exec(line);
    if (match?.[1] && match[2]) values[match[1]] = match[2];
  }
  return values;
}

export function readToolVersions(root: string): ToolVersions {
  const file = path.join(root, 'infra/tools/versions.sh');
  const values = parseVersionsFile(readFileSync(file, 'utf8'));
  const pick = (name: string): string => {
    const value = values[name];
    if (!value) throw new Error(`${file} does not set ${name}`);
    return value;
  };
  return {
    node: pick('NODE_VERSION'),
    temporalCli: pick('TEMPORAL_CLI_VERSION'),
    temporalTestServer: pick('TEMPORAL_TEST_SERVER_VERSION'),
    minioModule: pick('MINIO_MODULE_VERSION'),
    postgresMajor: pick('POSTGRES_MAJOR'),
    nicknames: pick('NICKNAMES_VERSION'),
    schemathesis: pick('SCHEMATHESIS_VERSION'),
    documentCorpus: {
      reportlab: pick('REPORTLAB_VERSION'), fpdf2: pick('FPDF2_VERSION'), pikepdf: pick('PIKEPDF_VERSION'), pypdf: pick('PYPDF_VERSION'), pillow: pick('PILLOW_VERSION'),
    },
    namesEval: {
      iuliia: pick('IULIIA_VERSION'),
      cyrtranslit: pick('CYRTRANSLIT_VERSION'),
      Unidecode: pick('UNIDECODE_VERSION'),
      transliterate: pick('TRANSLITERATE_VERSION'),
      six: pick('SIX_VERSION'),
      pypinyin: pick('PYPINYIN_VERSION'),
      typo: pick('TYPO_VERSION'),
      Faker: pick('FAKER_VERSION'),
    },
    mrzPy: pick('MRZ_PY_VERSION'),
    pillow: pick('PILLOW_VERSION'),
  };
}
