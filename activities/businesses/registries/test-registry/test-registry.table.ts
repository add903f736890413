// The ZZ test registry's documented inputs: what each input makes the lookup do, so API clients
// and our own end-to-end tests can exercise every outcome without a real registry.
//
// Matching: registration_number is consulted first (trimmed, upper-cased, spaces removed); when
// it is absent, official_name (case-insensitive, spaces collapsed); when both are absent, address.
// An input that matches nothing below is not_found.
//
// | registration_number | official_name           | address contains | behaviour                                  |
// |---------------------|-------------------------|------------------|--------------------------------------------|
// | ZZ000001            | Acme Test Ltd           | 1 Test Street    | found: active company, every field filled  |
// | ZZ000002            | Dissolved Test Ltd      |                  | found: dissolved company (is_registered false) |
// | ZZ404…  (any suffix)| …Not Found… (contains)  |                  | not_found                                  |
// | ZZSLOW              | Slow Answer Ltd         |                  | found after sleep(60 000 ms)               |
// | ZZFAIL              | Failing Registry Ltd    |                  | RegistryTransientError (registry_unavailable) on every attempt |
// | ZZDENIED            | Denied Registry Ltd     |                  | RegistryPermanentError (registry_auth_failed) |
// | ZZFLAKY / ZZFLAKYn  | Flaky Registry Ltd      |                  | RegistryTransientError while attempt ≤ n (default 2), then found |
//
// ZZSLOW waits through the injected `sleep`, never a wall-clock timer of its own: the sync path's
// 45-second wait can then be tested with Temporal's time skipping (run the lookup where the
// delay is a Temporal timer — e.g. in workflow code with the workflow `sleep` — or inject a fake
// sleep in unit tests). ZZFLAKY is stateless: it reads the attempt number the caller passes in
// the lookup context (Temporal's activity attempt); without one, every call counts as attempt 1
// and fails. ZZFAIL is transient so it exercises retries until the retry policy gives up.

export const ZZ_SLOW_DELAY_MS = 60_000;
export const ZZ_FLAKY_DEFAULT_FAILURES = 2;

export type TestRegistryBehaviour =
  | { kind: 'found_active' }
  | { kind: 'found_dissolved' }
  | { kind: 'not_found' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'transient_failure' }
  | { kind: 'permanent_failure' }
  | { kind: 'flaky'; failures: number };

export interface TestRegistryInput {
  registration_number: string | null;
  official_name: string | null;
  address_contains: string | null;
  behaviour: TestRegistryBehaviour;
  description: string;
}

/** The table above as data (for docs, the API's examples and tests). */
export const TEST_REGISTRY_INPUTS: readonly TestRegistryInput[] = [
  { registration_number: 'ZZ000001', official_name: 'Acme Test Ltd', address_contains: '1 Test Street', behaviour: { kind: 'found_active' }, description: 'Active company with every field filled' },
  { registration_number: 'ZZ000002', official_name: 'Dissolved Test Ltd', address_contains: null, behaviour: { kind: 'found_dissolved' }, description: 'Dissolved company' },
  { registration_number: 'ZZ404', official_name: 'Not Found', address_contains: null, behaviour: { kind: 'not_found' }, description: 'Not in the registry (number prefix / name substring)' },
  { registration_number: 'ZZSLOW', official_name: 'Slow Answer Ltd', address_contains: null, behaviour: { kind: 'slow', delayMs: ZZ_SLOW_DELAY_MS }, description: 'Answers after 60 seconds' },
  { registration_number: 'ZZFAIL', official_name: 'Failing Registry Ltd', address_contains: null, behaviour: { kind: 'transient_failure' }, description: 'Registry unavailable on every attempt' },
  { registration_number: 'ZZDENIED', official_name: 'Denied Registry Ltd', address_contains: null, behaviour: { kind: 'permanent_failure' }, description: 'Registry refuses the request permanently' },
  { registration_number: 'ZZFLAKY', official_name: 'Flaky Registry Ltd', address_contains: null, behaviour: { kind: 'flaky', failures: ZZ_FLAKY_DEFAULT_FAILURES }, description: 'Fails while attempt <= n (ZZFLAKYn, default 2), then answers' },
];

export interface TestRegistryQuery {
  official_name?: string | undefined;
  registration_number?: string | undefined;
  address?: string | undefined;
}

/** The behaviour an input selects, following the matching rules in the header. */
export function behaviourFor(query: TestRegistryQuery): TestRegistryBehaviour {
  const number = query.registration_number?.replace(/\s+/g, '').toUpperCase();
  if (number) return byRegistrationNumber(number);
  const name = query.official_name?.trim().replace(/\s+/g, ' ').toLowerCase();
  if (name) return byName(name);
  const address = query.address?.toLowerCase().replace(/\s+/g, ' ') ?? '';
  return address.includes('1 test street') ? { kind: 'found_active' } : { kind: 'not_found' };
}

function byRegistrationNumber(number: string): TestRegistryBehaviour {
  if (number.startsWith('ZZ404')) return { kind: 'not_found' };
  const flaky = /^ZZFLAKY(\d{0,3})$/.exec(number);
  if (flaky) return { kind: 'flaky', failures: flaky[1] ? Number.parseInt(flaky[1], 10) : ZZ_FLAKY_DEFAULT_FAILURES };
  return TEST_REGISTRY_INPUTS.find((entry) => entry.registration_number === number)?.behaviour ?? { kind: 'not_found' };
}

function byName(name: string): TestRegistryBehaviour {
  if (name.includes('not found')) return { kind: 'not_found' };
  return TEST_REGISTRY_INPUTS.find((entry) => entry.official_name?.toLowerCase() === name)?.behaviour ?? { kind: 'not_found' };
}
