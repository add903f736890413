// Case- and accent-insensitive comparison of document text: "Électricité" and "ELECTRICITE",
// "Straße" and "STRASSE" fold to the same string.

export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

/** Folded word tokens (letters and digits), splitting on everything else. */
export function foldedTokens(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 0);
}

/** Whether folded `text` contains the folded phrase as whole words. */
export function containsPhrase(foldedTextValue: string, phrase: string): boolean {
  const escaped = foldText(phrase).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(foldedTextValue);
}
