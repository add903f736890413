// Folds text for matching: lower case, accents removed (ä → a, é → e, ß → ss), split into
// alphanumeric tokens. Labels, lexicons and document words go through the same folding, so
// "Rechnungsnummer", "RECHNUNGSNUMMER" and "rechnungsnummer" match, and "Numéro" matches "numero".

export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
}

export function foldTokens(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
