// Vitest global setup for integration and end-to-end tests: installs missing tools, starts the
// test servers (test-services.ts) once per run, and hands their addresses to the test workers
// both through `provide` (read with testEnv()) and as environment variables, then stops them.
import type { TestProject } from 'vitest/node';
import { ensureTools } from '../../infra/local-stack/tool-installer.js';
import { startTestServices, testEnvToVariables } from './test-services.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tools = await ensureTools();
  const services = await startTestServices(tools);
  project.provide('clearwatchTestEnv', services.values);
  // Workers are forked after global setup and inherit this environment.
  Object.assign(process.env, testEnvToVariables(services.values));
  return async () => {
    await services.stop();
  };
}
