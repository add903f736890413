// The countries whose registries the business lookup can query. ZZ is the built-in test
// registry (see test-registry/test-registry.table.ts). No imports: safe for workflow code.

export const SUPPORTED_COUNTRIES = ['BR', 'GB', 'US', 'ZZ'] as const;

export type SupportedCountry = (typeof SUPPORTED_COUNTRIES)[number];

export function isSupportedCountry(value: string): value is SupportedCountry {
  return (SUPPORTED_COUNTRIES as readonly string[]).includes(value);
}
