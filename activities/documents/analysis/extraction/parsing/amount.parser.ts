// Reads a written amount into a number and, when it shows one, its currency: thousands
// separators (1,234.56 · 1.234,56 · 1 234,56 · 1'234.56), currency symbols and codes before or
// after, and negative forms (-12.00, 12.00-, (12.00), 12.00 CR/DR as the caller's sign). Which
// separator is the decimal one: the last separator followed by one or two digits is; a single
// separator followed by exactly three digits groups thousands. Pure.

export interface ParsedAmount {
  value: number;
  currency: string | null;
}

const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '₹': 'INR', 'CHF': 'CHF', 'Fr.': 'CHF', 'kr': 'SEK', 'zł': 'PLN' };
const CODES = /\b(EUR|USD|GBP|CHF|JPY|CAD|AUD|SEK|NOK|DKK|PLN|CZK|HUF|INR|CNY|BRL|MXN|ZAR)\b/;

export function parseAmount(text: string): ParsedAmount | null {
  const raw = text.replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
  const code = CODES.exec(raw.toUpperCase())?.[1] ?? null;
  const symbol = Object.keys(SYMBOLS).find((s) => raw.includes(s));
  const currency = code ?? (symbol ? SYMBOLS[symbol]! : null);
  const m = /(\(?)\s*([-−–+]?)\s*(\d{1,3}(?:[ .,'’]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,3})?)\s*(-?)\s*(\)?)/.exec(raw.replace(CODES, ' '));
  if (!m) return null;
  const digits = m[3]!;
  const negative = (m[1] === '(' && m[5] === ')') || m[2] === '-' || m[2] === '−' || m[2] === '–' || m[4] === '-';
  const value = toNumber(digits);
  if (value === null) return null;
  return { value: negative ? -value : value, currency };
}

function toNumber(digits: string): number | null {
  const separators = [...digits.matchAll(/[ .,'’]/g)].map((s) => ({ char: s[0], index: s.index }));
  if (separators.length === 0) return Number(digits);
  const last = separators[separators.length - 1]!;
  const after = digits.length - last.index - 1;
  const onlyOneKind = separators.every((s) => s.char === last.char);
  // One kind of separator before exactly three digits groups thousands (1,234 · 1.234.567).
  const decimal = after === 3 && onlyOneKind ? null : last.char === '.' || last.char === ',' ? last.char : null;
  let normalised = '';
  for (let i = 0; i < digits.length; i++) {
    const c = digits[i]!;
    if (/\d/.test(c)) normalised += c;
    else if (decimal !== null && i === last.index && c === decimal) normalised += '.';
  }
  const n = Number(normalised);
  return Number.isFinite(n) ? n : null;
}
