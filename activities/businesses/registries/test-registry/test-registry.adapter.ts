// ZZ registry adapter: the built-in test registry (see test-registry.table.ts for the documented
// inputs). Deterministic and free of I/O and Node built-ins — it imports only types, the error
// classes and fixed data — so workflow code may run it with the workflow `sleep` injected, which
// turns ZZSLOW's delay into a Temporal timer that time-skipping tests can jump over.
// Note for workflow use: a thrown RegistryTransientError/PermanentError is a plain Error there;
// wrap it in an ApplicationFailure if it should fail the workflow rather than the task.

import type { LookupContext, LookupInput, LookupResult, RegistryAdapter } from '../registry-adapter.js';
import { RegistryPermanentError, RegistryTransientError } from '../registry-errors.js';
import { activeCompanyRecord, dissolvedCompanyRecord, namedActiveRecord } from './test-registry.records.js';
import { behaviourFor } from './test-registry.table.js';

const REGISTRY = 'ZZ test registry';

export interface TestRegistryDeps {
  /** Waits `ms`; may honour the lookup's abort signal. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function createTestRegistryAdapter(deps: TestRegistryDeps): RegistryAdapter {
  return {
    country: 'ZZ',
    async lookup(input: LookupInput, signal?: AbortSignal, context?: LookupContext): Promise<LookupResult> {
      const behaviour = behaviourFor(input);
      switch (behaviour.kind) {
        case 'found_active':
          return { outcome: 'found', record: activeCompanyRecord() };
        case 'found_dissolved':
          return { outcome: 'found', record: dissolvedCompanyRecord() };
        case 'not_found':
          return { outcome: 'not_found', detail: 'No company matching the given input is in the ZZ test registry.' };
        case 'slow':
          await deps.sleep(behaviour.delayMs, signal);
          return { outcome: 'found', record: namedActiveRecord('Slow Answer Ltd', 'ZZSLOW') };
        case 'transient_failure':
          throw new RegistryTransientError(REGISTRY, 'registry_unavailable', 'The ZZ test registry is unavailable (simulated, input ZZFAIL).', { status: 503 });
        case 'permanent_failure':
          throw new RegistryPermanentError(REGISTRY, 'registry_auth_failed', 'The ZZ test registry refused the request (simulated, input ZZDENIED).', { status: 403 });
        case 'flaky': {
          const attempt = context?.attempt ?? 1;
          if (attempt <= behaviour.failures) {
            throw new RegistryTransientError(
              REGISTRY,
              'registry_unavailable',
              `The ZZ test registry is unavailable (simulated, attempt ${attempt} of ${behaviour.failures} failing).`,
              { status: 503 },
            );
          }
          return { outcome: 'found', record: namedActiveRecord('Flaky Registry Ltd', 'ZZFLAKY') };
        }
      }
    },
  };
}
