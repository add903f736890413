import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { silentTemporalLogger } from '../../infra/logger/temporal-runtime-logger.js';
const m = (l: string) => { globalThis.gc?.(); const u = process.memoryUsage(); console.log(l, 'rss', (u.rss / 2 ** 20).toFixed(0), 'heap', (u.heapUsed / 2 ** 20).toFixed(0), 'ext', (u.external/2**20).toFixed(0)); };
m('start');
const b = await bundleWorkflowCode({ workflowsPath: fileURLToPath(new URL('../../workflows/index.ts', import.meta.url)), logger: silentTemporalLogger });
m('after bundle'); console.log('bundle size', b.code.length);
await import('../../activities/index.js');
m('after activities import');
