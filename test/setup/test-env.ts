// Typed access, from test files, to the servers test/setup/global-setup.ts started (or the
// external ones given by configuration). Tests call testEnv() instead of reading process.env.
import { inject } from 'vitest';

/** What the global setup hands to every test worker. */
export interface TestEnvValues {
  /** Superuser URL to the `postgres` database; helpers create one database per test file. */
  databaseAdminUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; region: string };
  /** host:port of a Temporal dev server with the project's search attributes. */
  temporalAddress: string;
  temporalNamespace: string;
  /** Executable of the time-skipping test server (see test/setup/temporal.ts). */
  temporalTestServerPath: string;
  /** Executable of the Temporal CLI. */
  temporalCliPath: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    clearwatchTestEnv: TestEnvValues;
  }
}

export function testEnv(): TestEnvValues {
  const values = inject('clearwatchTestEnv');
  if (!values) {
    throw new Error('testEnv(): no test servers; run tests through vitest.config.ts (its globalSetup starts them)');
  }
  return values;
}
