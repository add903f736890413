// Guesses the main language of a document from its most common short words. Used to read dates
// (day first outside the US) and reported with the classification. Pure.

const STOPWORDS: Readonly<Record<DocumentLanguage, readonly string[]>> = {
  en: ['the', 'and', 'of', 'to', 'for', 'your', 'you', 'is', 'this', 'with', 'date', 'total', 'amount', 'number', 'from', 'please', 'account'],
  de: ['der', 'die', 'das', 'und', 'fur', 'mit', 'ihre', 'sie', 'ist', 'von', 'zu', 'den', 'des', 'bis', 'betrag', 'datum', 'nr', 'bitte'],
  fr: ['le', 'la', 'les', 'et', 'de', 'du', 'des', 'pour', 'votre', 'vous', 'est', 'au', 'montant', 'date', 'numero', 'par'],
  es: ['el', 'la', 'los', 'las', 'y', 'de', 'del', 'para', 'su', 'por', 'con', 'es', 'fecha', 'importe', 'numero', 'total'],
};

export type DocumentLanguage = 'en' | 'de' | 'fr' | 'es';

export function detectLanguage(tokens: readonly string[]): DocumentLanguage {
  const counts = new Map<string, number>();
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  let best: DocumentLanguage = 'en';
  let bestScore = 0;
  for (const [lang, words] of Object.entries(STOPWORDS) as [DocumentLanguage, readonly string[]][]) {
    const score = words.reduce((s, w) => s + (counts.get(w) ?? 0), 0);
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
