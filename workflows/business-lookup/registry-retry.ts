/**
 * Time limits of a business lookup's registry step. Its retry policy is REGISTRY_RETRY in
 * workflows/shared/retry-policies.ts; the schedule-to-close budget bounds a lookup whose registry
 * keeps timing out.
 */

/** One attempt: the GB adapter makes up to four requests, each bounded by REGISTRY_TIMEOUT_MS. */
export const REGISTRY_ATTEMPT_TIMEOUT = '2 minutes';

/** The overall budget of the registry step, across every attempt and backoff. */
export const REGISTRY_BUDGET = '10 minutes';
