/**
 * Every scope a key can carry. The spec's scope table, plus `identity:read` / `identity:write`
 * for the identity family (accounts, sessions, identity documents), which the spec leaves unnamed.
 * Webhook configs use `webhooks:read` / `webhooks:write`; website check results are read with
 * `website_checks:read` (the spec names only website_checks:write).
 */
export const ALL_SCOPES = [
  'workflows:read', 'workflows:editor:read', 'workflows:write', 'workflows:execute', 'workflows:executions:read',
  'credentials:write', 'credentials:read', 'credentials:verify', 'credentials:revoke', 'credentials:delete',
  'audit:read', 'audit:write', 'audit:streams',
  'documents:write', 'documents:read',
  'document_templates:write', 'document_templates:read',
  'businesses:write', 'businesses:read',
  'screenings:write', 'screenings:read',
  'website_checks:write', 'website_checks:read',
  'webhooks:write', 'webhooks:read',
  'identity:read', 'identity:write',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

/** Scopes that include others (spec: workflows:editor:read is implied by workflows:write). */
const IMPLIED: Partial<Record<Scope, Scope[]>> = {
  'workflows:write': ['workflows:editor:read'],
};

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

export function keyHasScope(granted: readonly string[], required: Scope): boolean {
  if (granted.includes(required)) return true;
  return granted.some((g) => isScope(g) && (IMPLIED[g] ?? []).includes(required));
}

/** Parses a CLI/API scope list: comma-separated names or `all`. Throws naming unknown scopes. */
export function parseScopeList(input: string): Scope[] {
  if (input.trim() === 'all') return [...ALL_SCOPES];
  const items = input.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = items.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new Error(`unknown scope(s): ${unknown.join(', ')}; known: ${ALL_SCOPES.join(', ')}`);
  if (items.length === 0) throw new Error('at least one scope is required');
  return [...new Set(items)] as Scope[];
}
