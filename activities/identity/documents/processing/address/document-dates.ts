// Finds calendar dates in document text, in the formats bills and statements use:
// 2026-03-12, 12/03/2026, 12.03.26, 12 March 2026, 12th Mar 2026, March 12, 2026, and month names
// in English, French, German, Spanish, Italian, Dutch and Portuguese ("12 mars 2026",
// "12. März 2026", "12 de marzo de 2026"). Numeric dates are read day first unless the day cannot
// be (13/25/2026) or the caller says month first.

import { foldText } from './text-folding.js';

export type NumericDateOrder = 'DMY' | 'MDY';

export interface FoundDate {
  /** YYYY-MM-DD */
  iso: string;
  /** Offset of the match in the text. */
  index: number;
  length: number;
}

const MONTH_NAMES: readonly (readonly string[])[] = [
  ['january', 'jan', 'janvier', 'janv', 'januar', 'janner', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'janeiro'],
  ['february', 'feb', 'fevrier', 'fevr', 'fev', 'februar', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'mar', 'mars', 'marz', 'maerz', 'marzo', 'maart', 'marco', 'mrt'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio'],
  ['june', 'jun', 'juin', 'juni', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juillet', 'juil', 'juli', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set', 'setembro'],
  ['october', 'oct', 'octobre', 'oktober', 'okt', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'decembre', 'dezember', 'dez', 'diciembre', 'dic', 'dicembre', 'dezembro'],
];

const MONTH_BY_NAME = new Map(MONTH_NAMES.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
// Longest names first so "march" wins over "mar".
const MONTH = [...MONTH_BY_NAME.keys()].sort((a, b) => b.length - a.length).join('|');

const PATTERNS: readonly { regex: RegExp; parts: (m: RegExpExecArray, order: NumericDateOrder) => [number, number, number] | undefined }[] = [
  { regex: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  {
    regex: new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th|er|e|\\.)?\\s*(?:de\\s+)?(${MONTH})\\.?,?\\s*(?:de\\s+)?(\\d{4})(?!\\d)`, 'gu'),
    parts: (m) => [Number(m[3]), MONTH_BY_NAME.get(m[2]!)!, Number(m[1])],
  },
  {
    regex: new RegExp(`(?<![\\p{L}\\d])(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`, 'gu'),
    parts: (m) => [Number(m[3]), MONTH_BY_NAME.get(m[1]!)!, Number(m[2])],
  },
  {
    regex: /(?<![\d.\/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d.\/-]?\d)/g,
    parts: (m, order) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      const year = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
      const monthFirst = order === 'MDY' ? b <= 31 && a <= 12 : a <= 12 && b > 12;
      return monthFirst ? [year, a, b] : [year, b, a];
    },
  },
];

export function findDates(text: string, order: NumericDateOrder = 'DMY'): FoundDate[] {
  // Fold one UTF-16 unit at a time, keeping one unit each, so match offsets are offsets in `text`.
  const folded = text
    .split('')
    .map((c) => (foldText(c) || c).slice(0, 1))
    .join('');
  const found: FoundDate[] = [];
  for (const { regex, parts } of PATTERNS) {
    regex.lastIndex = 0;
    for (let m = regex.exec(folded); m; m = regex.exec(folded)) {
      if (found.some((f) => m!.index < f.index + f.length && f.index < m!.index + m![0].length)) continue;
      const ymd = parts(m, order);
      const iso = ymd && isoDate(...ymd);
      if (iso) found.push({ iso, index: m.index, length: m[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1900 || year > 2100) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}
