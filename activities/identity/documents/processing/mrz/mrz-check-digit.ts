// ICAO 9303 part 3 check digits: each character is valued (digits 0-9, A-Z 10-35, filler '<' 0),
// weighted 7, 3, 1 repeating, and the sum taken modulo 10.

const WEIGHTS = [7, 3, 1] as const;

/** Value of one MRZ character, or undefined for a character the MRZ alphabet does not contain. */
export function mrzCharValue(char: string): number | undefined {
  if (char === '<') return 0;
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 65 && code <= 90) return code - 55; // A-Z → 10-35
  return undefined;
}

/** The check digit of `data`, or undefined when `data` holds a character outside the MRZ alphabet. */
export function computeCheckDigit(data: string): number | undefined {
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const value = mrzCharValue(data[i]!);
    if (value === undefined) return undefined;
    sum += value * WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

/**
 * Whether `checkChar` is the right check digit for `data`. A filler '<' in the check position is
 * accepted only when `allowFillerWhenEmpty` and the data itself is all filler (ICAO allows this for
 * an empty optional/personal-number field).
 */
export function isCheckDigitValid(data: string, checkChar: string, allowFillerWhenEmpty = false): boolean {
  if (checkChar === '<') return allowFillerWhenEmpty && /^<*$/.test(data);
  const expected = computeCheckDigit(data);
  return expected !== undefined && String(expected) === checkChar;
}
