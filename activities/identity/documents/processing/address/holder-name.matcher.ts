// Finds the account holder's name in document text. With the expected (account) name, a line
// matches when it holds the first given name (or its initial) and the surname, in any order and
// case, with or without accents, middle names and titles; of a compound surname ("Garcia Lopez",
// "van der Berg") one significant part is enough, as documents often shorten it. Otherwise (or
// when nothing matches) the name is taken from a "Name:"-style label or a line starting with a
// title (Mr, Mrs, Mme, Herr, Sra...).

import { foldText, foldedTokens } from './text-folding.js';

export interface PersonName {
  first: string;
  middle?: string;
  last: string;
}

export interface NameFinding {
  name: PersonName;
  /** Index of the line the name was found on. */
  line: number;
  /** Whether it matches the expected name (undefined when none was given). */
  matchesExpected?: boolean;
}

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'm', 'mme', 'mlle', 'herr', 'frau', 'sr', 'sra', 'srta', 'don', 'dona', 'sig', 'sigra', 'dhr', 'mevr']);
const NAME_LABELS = /^(?:account holder|account name|customer name|customer|name|holder|titulaire|nom|kontoinhaber|name des kunden|titular|nombre|intestatario|naam)\s*:\s*(.+)$/i;
const NAME_WORD = /^\p{Lu}[\p{L}'’-]*\.?$/u;

const SURNAME_PARTICLES = new Set(['van', 'der', 'den', 'de', 'la', 'le', 'von', 'zu', 'del', 'della', 'di', 'da', 'du', 'dos', 'das', 'y', 'e', 'al', 'el', 'bin', 'ibn', 'mac', 'st']);

export function findHolderName(lines: readonly string[], expected?: PersonName): NameFinding | undefined {
  if (!expected) return findLabelledName(lines);
  const matched = findExpectedName(lines, expected);
  if (matched) return matched;
  const other = findLabelledName(lines);
  return other && { ...other, matchesExpected: false };
}

function findExpectedName(lines: readonly string[], expected: PersonName): NameFinding | undefined {
  const surname = foldedTokens(expected.last);
  const significant = surname.filter((t) => !SURNAME_PARTICLES.has(t));
  const firstToken = foldedTokens(expected.first)[0];
  if (significant.length === 0 || !firstToken) return undefined;
  for (const [index, line] of lines.entries()) {
    const words = wordsOf(line);
    // "Jean-Pierre" is one word of two parts: either part may match a given name token.
    const firstAt = words.findIndex((w) => w.parts[0] === firstToken || (w.parts.length === 1 && w.parts[0] === firstToken[0]));
    if (firstAt === -1) continue;
    const lastAts = words
      .map((w, i) => (i !== firstAt && w.parts.some((p) => surname.includes(p)) ? i : -1))
      .filter((i) => i !== -1);
    if (!lastAts.some((i) => words[i]!.parts.some((p) => significant.includes(p)))) continue;
    const span = [firstAt, ...lastAts];
    const from = Math.min(...span);
    const to = Math.max(...span);
    const middle = words
      .slice(from, to + 1)
      .filter((w, i) => !span.includes(from + i) && !TITLES.has(w.parts.join('')))
      .map((w) => w.text);
    const name: PersonName = { first: words[firstAt]!.text, last: lastAts.map((i) => words[i]!.text).join(' ') };
    if (middle.length > 0) name.middle = middle.join(' ');
    return { name, line: index, matchesExpected: true };
  }
  return undefined;
}

function findLabelledName(lines: readonly string[]): NameFinding | undefined {
  for (const [index, raw] of lines.entries()) {
    for (const cell of raw.split(/\s{3,}/)) {
      const text = cell.trim();
      const candidate = NAME_LABELS.exec(text)?.[1] ?? titledName(text);
      if (!candidate) continue;
      const words = wordsOf(candidate).filter((w) => !TITLES.has(w.parts.join('')));
      if (words.length < 2 || words.some((w) => /\d/.test(w.text))) continue;
      const name: PersonName = { first: words[0]!.text, last: words.at(-1)!.text };
      if (words.length > 2) name.middle = words.slice(1, -1).map((w) => w.text).join(' ');
      return { name, line: index };
    }
  }
  return undefined;
}

// "Mrs Jane A. Doe": a title, then two to five capitalised words and nothing else.
function titledName(text: string): string | undefined {
  const [title, ...rest] = text.split(/\s+/);
  if (!title || !TITLES.has(foldText(title).replace(/\.$/, '')) || rest.length < 2 || rest.length > 5) return undefined;
  return rest.every((w) => NAME_WORD.test(w)) ? rest.join(' ') : undefined;
}

interface Word {
  /** The word as printed, without surrounding punctuation. */
  text: string;
  /** Its folded parts ("Jean-Pierre" → jean, pierre). */
  parts: string[];
}

function wordsOf(line: string): Word[] {
  return line
    .split(/[\s,;:]+/)
    .map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((w) => w.length > 0)
    .map((w) => ({ text: w, parts: foldedTokens(w) }));
}
