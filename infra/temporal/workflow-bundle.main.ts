// Bundles the workflow code (webpack) into a file: run in a child process by workflow-bundle.ts,
// so the bundler's memory goes away with that process instead of staying in the worker's heap.
//   node --import tsx infra/temporal/workflow-bundle.main.ts <workflows index.ts> <out.js>
import { writeFileSync } from 'node:fs';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { withoutEmbeddedSources } from './bundle-source-map.js';

const [workflowsPath, outFile] = process.argv.slice(2);
if (!workflowsPath || !outFile) {
  process.stderr.write('usage: workflow-bundle.main.ts <workflows-path> <out-file>\n');
  process.exit(2);
}
const bundle = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
writeFileSync(outFile, withoutEmbeddedSources(bundle.code));
