// Compiles the programs (infra/build/program-build.ts) and prints the build folder:
//   node --import tsx infra/build/program-build.main.ts [--out <dir>]
// The container image compiles into a fixed folder (`--out .build/image`); `npm start` needs no
// separate step (it builds before starting the worker and the API).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { toolPaths } from '../local-stack/tool-paths.js';
import { buildPrograms } from './program-build.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const root = toolPaths().root;
const built = await buildPrograms(root, values.out ? { outDir: values.out } : {});
console.log(path.relative(root, built.dir) || '.');
