/**
 * Builds PartialDate values (year, year-month or full day) from the date spellings the
 * lists use, rejecting impossible dates so a typo in a list never becomes match evidence.
 */
import type { PartialDate } from '../list-entity.js';

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

/** Years outside this window are data errors (UN uses 1900-01-01 style placeholders rarely, kept). */
const MIN_YEAR = 1800;
const MAX_YEAR = 2100;

/** A PartialDate from numeric parts; 0 or missing month/day lower the granularity. Undefined if invalid. */
export function partialDate(year: number, month?: number, day?: number): PartialDate | undefined {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return undefined;
  if (!month) return { year, granularity: 'year' };
  if (!Number.isInteger(month) || month < 1 || month > 12) return { year, granularity: 'year' };
  if (!day) return { year, month, granularity: 'month' };
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth) return { year, month, granularity: 'month' };
  return { year, month, day, granularity: 'day' };
}

/** "1960", "1960-05", "1960-05-01" (and an ISO timestamp's date part). */
export function parseIsoPartialDate(text: string | null | undefined): PartialDate | undefined {
  const m = /^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(text ?? '');
  if (!m) return undefined;
  return partialDate(Number(m[1]), m[2] ? Number(m[2]) : undefined, m[3] ? Number(m[3]) : undefined);
}

/** Month number for "Jan", "January", "Sept."; undefined otherwise. */
export function monthNumber(text: string): number | undefined {
  const key = text.toLowerCase().replace(/\.$/, '');
  return key.length >= 3 ? MONTHS[key.slice(0, 3)] : undefined;
}

/** OFAC style "01 Jan 1960", "Jan 1960", "1960" (no range, no "circa"). */
export function parseDayMonthYear(text: string): PartialDate | undefined {
  const t = text.trim().replace(/\.$/, '');
  let m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = monthNumber(m[2]!);
    return month ? partialDate(Number(m[3]), month, Number(m[1])) : undefined;
  }
  m = /^([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(t);
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? partialDate(Number(m[2]), month) : undefined;
  }
  m = /^(\d{4})$/.exec(t);
  return m ? partialDate(Number(m[1])) : undefined;
}

/** "dd/mm/yyyy" with "00" (or "dd"/"mm" placeholders) for unknown parts, as in the UK ConList. */
export function parseSlashDate(text: string): PartialDate | undefined {
  const m = /^\s*(\d{1,2}|dd)\/(\d{1,2}|mm)\/(\d{4})\s*$/i.exec(text);
  if (!m) return parseDayMonthYear(text);
  const day = /^\d+$/.test(m[1]!) ? Number(m[1]) : 0;
  const month = /^\d+$/.test(m[2]!) ? Number(m[2]) : 0;
  return partialDate(Number(m[3]), month || undefined, month ? day || undefined : undefined);
}

/** Every year from `from` to `to` (inclusive) as year-granular dates; a range longer than `maxYears` keeps its ends. */
export function yearRange(from: number, to: number, maxYears = 15): PartialDate[] {
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const years = hi - lo + 1 <= maxYears ? Array.from({ length: hi - lo + 1 }, (_, i) => lo + i) : [lo, hi];
  return years.map((y) => partialDate(y)).filter((d): d is PartialDate => d !== undefined);
}

/** Adds `date` unless an equal one is already present. */
export function addDate(into: PartialDate[], date: PartialDate | undefined): void {
  if (!date) return;
  if (into.some((d) => d.year === date.year && d.month === date.month && d.day === date.day)) return;
  into.push(date);
}
