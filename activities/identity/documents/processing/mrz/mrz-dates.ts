// MRZ dates are YYMMDD, so the century must be inferred. Birth dates are never in the future:
// 20YY if that is not after `now`, else 19YY. Expiry dates lie within 50 years of `now` on either
// side (documents are valid for at most ~10-15 years, and expired ones are seldom older than
// decades): 20YY unless that is more than 50 years ahead, then 19YY.

/** ISO YYYY-MM-DD for an MRZ YYMMDD birth date, or undefined when it is not a real calendar date. */
export function mrzBirthDate(yymmdd: string, now: Date): string | undefined {
  const parts = splitYymmdd(yymmdd);
  if (!parts) return undefined;
  const in2000s = isoDate(2000 + parts.yy, parts.mm, parts.dd);
  if (!in2000s) return undefined;
  return in2000s <= isoDateOf(now) ? in2000s : isoDate(1900 + parts.yy, parts.mm, parts.dd);
}

/** ISO YYYY-MM-DD for an MRZ YYMMDD expiry date, or undefined when it is not a real calendar date. */
export function mrzExpiryDate(yymmdd: string, now: Date): string | undefined {
  const parts = splitYymmdd(yymmdd);
  if (!parts) return undefined;
  const year = 2000 + parts.yy > now.getUTCFullYear() + 50 ? 1900 + parts.yy : 2000 + parts.yy;
  return isoDate(year, parts.mm, parts.dd);
}

function splitYymmdd(yymmdd: string): { yy: number; mm: number; dd: number } | undefined {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  return { yy: Number(yymmdd.slice(0, 2)), mm: Number(yymmdd.slice(2, 4)), dd: Number(yymmdd.slice(4, 6)) };
}

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return isoDateOf(date);
}

export function isoDateOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
