// `infra/tools/run.sh` runs this when .tools lacks the pinned nicknames data, so every entry point
// (worker, CLI, benchmarks, unit tests) finds it, not only `npm start` and `npm test`.
import { ensureNicknames } from './nicknames.installer.js';
import { toolPaths } from './tool-paths.js';
import { readToolVersions } from './tool-versions.js';

const paths = toolPaths();
await ensureNicknames(paths, readToolVersions(paths.root));
