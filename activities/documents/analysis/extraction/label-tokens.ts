// Tokens of labels, and of the document words they are matched against, folded (text-folding.ts)
// and normalised so the spellings of one label meet: the letters of an abbreviation written with
// dots are one token ("P.U." → "pu", "N.I.F." → "nif"), the number signs and their abbreviations
// ("N°", "Nº", "n.º", "No.", "Nr.", "Nro.", "Núm.", "#") are one token "no", ordinal indicators
// (º, ª) are dropped, and so are the articles and prepositions that labels use or leave out at
// will ("Total des retenues" = "Total retenues", "Date d'émission" = "Date émission",
// "Nº de factura" = "Nº factura"). Pure.

import { foldTokens } from '../text/text-folding.js';

const NUMBER_SIGN = new Set(['n', 'no', 'nr', 'nro', 'num']);
const FUNCTION_WORDS = new Set(['of', 'the', 'de', 'des', 'du', 'd', 'la', 'le', 'l', 'del', 'el', 'los', 'las']);

export function labelTokens(text: string): string[] {
  // "#" before a word boundary is a number sign ("Invoice #", "Order#"), not part of a value ("#4521").
  const prepared = text.replace(/[ºª°]/g, ' ').replace(/#(?!\d)/g, ' no ');
  const tokens = foldTokens(prepared);
  const joined = joinAbbreviation(tokens, prepared);
  return joined.filter((t) => !FUNCTION_WORDS.has(t)).map((t) => (NUMBER_SIGN.has(t) ? 'no' : t));
}

/** "P.U." → ["pu"]: a word made only of single letters each followed by a dot is one token. */
function joinAbbreviation(tokens: string[], text: string): string[] {
  if (tokens.length >= 2 && tokens.every((t) => t.length === 1 && /\p{L}/u.test(t)) && /^\s*(\p{L}\.\s?){2,}\p{L}?\.?\s*$/u.test(text)) return [tokens.join('')];
  return tokens;
}
