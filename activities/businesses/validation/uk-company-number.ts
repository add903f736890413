// UK company registration numbers as Companies House issues them: eight characters, either eight
// digits (England and Wales companies) or a two-letter register prefix followed by six digits
// (SC Scotland, NI Northern Ireland, OC LLPs, LP limited partnerships, FC overseas companies, ...).
// Normalisation: spaces removed and letters upper-cased; a number with fewer digits is padded
// with leading zeros — "123456" becomes "00123456" and "SC1234" becomes "SC001234" — because
// Companies House itself prints and indexes numbers that way and its API answers 404 otherwise.

export const UK_COMPANY_NUMBER_PREFIXES = [
  'SC', 'NI', 'OC', 'SO', 'NC', 'R0', 'LP', 'SL', 'NL', 'FC', 'SF', 'NF', 'IP',
  'SP', 'IC', 'SI', 'NP', 'NV', 'RC', 'SR', 'NR', 'NO', 'CE', 'CS', 'GE', 'GS',
] as const;

export type UkCompanyNumberResult = { ok: true; value: string } | { ok: false; detail: string };

const PREFIXED = new RegExp(`^(${UK_COMPANY_NUMBER_PREFIXES.join('|')})(\\d{1,6})$`);

export function normaliseUkCompanyNumber(raw: string): UkCompanyNumberResult {
  const compact = raw.replace(/\s+/g, '').toUpperCase();
  if (/^\d{1,8}$/.test(compact)) return { ok: true, value: compact.padStart(8, '0') };
  const prefixed = PREFIXED.exec(compact);
  if (prefixed?.[1] && prefixed[2]) return { ok: true, value: prefixed[1] + prefixed[2].padStart(6, '0') };
  return {
    ok: false,
    detail:
      'must be a UK company number: 8 digits, or a 2-letter register prefix (SC, NI, OC, LP, FC, ...) followed by 6 digits',
  };
}
