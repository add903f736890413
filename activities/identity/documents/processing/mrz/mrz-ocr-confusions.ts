// Characters OCR engines confuse in machine-readable zones, by the kind of position they appear in.
// A date or check-digit position can only hold a digit, and a country code, document code, sex or
// name position only a letter, so a wrong-kind character there has one plausible reading.

/** Letter (or filler misread) → the digit it is usually mistaken for. */
export const DIGIT_FOR_LETTER: Readonly<Record<string, string>> = {
  O: '0', Q: '0', D: '0', U: '0',
  I: '1', L: '1',
  Z: '2',
  A: '4',
  S: '5',
  G: '6',
  T: '7',
  B: '8',
};

/** Digit → the letter it is usually mistaken for. */
export const LETTER_FOR_DIGIT: Readonly<Record<string, string>> = {
  '0': 'O', '1': 'I', '2': 'Z', '4': 'A', '5': 'S', '6': 'G', '7': 'T', '8': 'B',
};
