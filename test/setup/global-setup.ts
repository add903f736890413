// Vitest global setup for integration and end-to-end tests: installs missing tools, starts the
// test servers (test-services.ts) once per run, and hands their addresses to the test workers
// both through `provide` (read with testEnv()) and as environment variables, then stops them.
import type { TestProject } from 'vitest/node';
import { ensureTools } from '../../infra/local-stack/tool-installer.js';
import { randomUUID } from 'node:crypto';
import { startTestServices, testEnvToVariables } from './test-services.js';
import { RUN_MARKER_VARIABLE, stopStrayProcesses } from './stray-processes.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tools = await ensureTools(undefined, { forTests: true });
  // Set before any worker forks: every process the tests start inherits it (see stray-processes.ts).
  const marker = randomUUID();
  process.env[RUN_MARKER_VARIABLE] = marker;
  const services = await startTestServices(tools);
  project.provide('clearwatchTestEnv', services.values);
  // Workers are forked after global setup and inherit this environment.
  Object.assign(process.env, testEnvToVariables(services.values));
  return async () => {
    await services.stop();
    const strays = await stopStrayProcesses(marker);
    if (strays > 0) console.error(`[test] stopped ${strays} process(es) the tests left running`);
  };
}
