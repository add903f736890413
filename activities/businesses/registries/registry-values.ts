// Small readers that turn loosely typed registry JSON values into the record's strict types.
// Registries send "" for absent text and mix numbers into string fields; these helpers make
// "absent" uniformly null so the mappers stay declarative.

/** A trimmed non-empty string, or null for null/undefined/blank/non-string values. */
export function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A YYYY-MM-DD date from a registry date or timestamp; null when absent or unreadable. */
export function isoDate(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(raw);
  return match?.[1] ?? null;
}

/** A finite number from a number or a numeric string ("1,200,000" included); null otherwise. */
export function amount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const raw = text(value);
  if (raw === null) return null;
  const normalised = raw.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return Number(normalised);
}

/** Elements of `value` when it is an array, else an empty array. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** `value` as a plain object (for property access), or an empty object. */
export function object(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Joins the non-empty parts with the separator; null when no part is present. */
export function joinPresent(parts: ReadonlyArray<string | null | undefined>, separator: string): string | null {
  const present = parts.map((part) => text(part)).filter((part): part is string => part !== null);
  return present.length === 0 ? null : present.join(separator);
}
