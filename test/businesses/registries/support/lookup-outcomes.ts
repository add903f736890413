/** Unwraps adapter results in tests: the record of a found lookup, or the error of a failed one. */
import type { BusinessRecordAttributes } from '../../../../activities/businesses/registries/business-record.model.js';
import type { LookupResult } from '../../../../activities/businesses/registries/registry-adapter.js';

export function recordOf(result: LookupResult): BusinessRecordAttributes {
  if (result.outcome !== 'found') throw new Error(`expected found, got ${result.outcome}`);
  return result.record;
}

export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected the lookup to fail');
    },
    (error: unknown) => error as Error,
  );
}
