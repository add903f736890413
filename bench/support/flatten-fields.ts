/** Extracted fields as `path → value` (`a.b[0].c`), so benches compare them with the ground truth one by one. */
export function flattenFields(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value)) value.forEach((v, i) => flattenFields(v, `${prefix}[${i}]`, out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) flattenFields(v, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, value);
  return out;
}
