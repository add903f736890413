// Reads a written date into ISO 8601 (YYYY-MM-DD): numeric forms (14.10.2026, 10/14/2026,
// 2026-10-14, 14-10-26) and written ones in English, German, French and Spanish ("14 October
// 2026", "14. Okt. 2026", "October 14, 2026", "le 1er mars 2026", "14 de octubre de 2026").
// Numeric day/month order: a part above 12 decides; otherwise the caller's order (from the
// extraction rules or the document's language: month first only for US English). Pure.

import { foldText } from '../../text/text-folding.js';

export type DateOrder = 'DMY' | 'MDY' | 'YMD';

const MONTHS: Readonly<Record<string, number>> = buildMonths({
  1: ['january', 'jan', 'januar', 'janner', 'janvier', 'janv', 'enero', 'ene'],
  2: ['february', 'feb', 'februar', 'fevrier', 'fevr', 'fev', 'febrero'],
  3: ['march', 'mar', 'marz', 'mars', 'marzo', 'mrz'],
  4: ['april', 'apr', 'avril', 'avr', 'abril', 'abr'],
  5: ['may', 'mai', 'mayo'],
  6: ['june', 'jun', 'juni', 'juin', 'junio'],
  7: ['july', 'jul', 'juli', 'juillet', 'juil', 'julio'],
  8: ['august', 'aug', 'aout', 'agosto', 'ago'],
  9: ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre'],
  10: ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre'],
  11: ['november', 'nov', 'novembre', 'noviembre'],
  12: ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic'],
});

function buildMonths(groups: Record<number, string[]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [n, names] of Object.entries(groups)) for (const name of names) out[name] = Number(n);
  return out;
}

export function parseDate(text: string, order: DateOrder = 'DMY'): string | null {
  const t = foldText(text).replace(/(\d)(st|nd|rd|th|er|eme|o|º)\b/g, '$1').replace(/\b(le|de|del|the|of)\b/g, ' ').trim();
  let m = /(?:^|[^\d])(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?![\d])/.exec(t);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /(?:^|[^\d])(\d{1,2})[-./ ](\d{1,2})[-./ ](\d{4}|\d{2})(?![\d])/.exec(t);
  if (m) {
    const a = +m[1]!;
    const b = +m[2]!;
    const year = fullYear(m[3]!);
    const monthFirst = a <= 12 && b > 12 ? true : a > 12 ? false : order === 'MDY';
    return monthFirst ? iso(year, a, b) : iso(year, b, a);
  }
  // Written month: day month year, or month day year.
  m = /(?:^|[^\p{L}\d])(\d{1,2})\.?[\s.,-]*([\p{L}]{3,})\.?[\s.,-]*(\d{4}|\d{2})(?![\d])/u.exec(t);
  if (m && MONTHS[m[2]!]) return iso(fullYear(m[3]!), MONTHS[m[2]!]!, +m[1]!);
  m = /(?:^|[^\p{L}])([\p{L}]{3,})\.?[\s.,-]*(\d{1,2})(?:,|\.)?[\s,.-]+(\d{4})(?![\d])/u.exec(t);
  if (m && MONTHS[m[1]!]) return iso(+m[3]!, MONTHS[m[1]!]!, +m[2]!);
  return null;
}

/** Dates that name only a month and year ("Oktober 2026", "10/2026"), as the month's first day. */
export function parseMonthYear(text: string): string | null {
  const t = foldText(text);
  let m = /(?:^|[^\p{L}])([\p{L}]{3,})\.?\s+(\d{4})(?![\d])/u.exec(t);
  if (m && MONTHS[m[1]!]) return iso(+m[2]!, MONTHS[m[1]!]!, 1);
  m = /(?:^|[^\d])(\d{1,2})[/.-](\d{4})(?![\d])/.exec(t);
  if (m) return iso(+m[2]!, +m[1]!, 1);
  return null;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
