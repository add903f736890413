// Stage 2: tells what kind of document this is from the words on it, and says why. Each class has
// a weighted lexicon (classification-lexicon.ts, four languages); a phrase counts once, and counts
// half again when it stands where titles stand (top of the first page, or in large type). A
// machine-readable zone (passports, ID cards) is a feature of its own. The class with the highest
// score wins when it reaches MIN_SCORE; otherwise the document is "other". A specific class (a
// utility bill, a payslip) wins over a generic one it overlaps (an invoice, a contract) when it
// scores at least SPECIFIC_SHARE of it: a German electricity bill says "Rechnung" too. Pure.

import type { DocumentText, DocumentWord } from '../document-text.js';
import { wordsInReadingOrder } from '../document-text.js';
import { locationsOfWords, type Location } from '../location.js';
import { foldTokens } from '../text/text-folding.js';
import { CLASSIFICATION_LEXICON, type LexiconEntry } from './classification-lexicon.js';
import { DOCUMENT_CLASSES, FAMILY_OF_CLASS, type DocumentClass, type DocumentFamily } from './document-classes.js';
import { detectLanguage, type DocumentLanguage } from './language.detector.js';

export interface ClassificationEvidence {
  document_class_type: DocumentClass;
  /** The folded phrase or feature that matched. */
  feature: string;
  weight: number;
  /** True when it counted extra for standing in title position. */
  title_position: boolean;
  locations: Location[];
}

export interface DocumentClassification {
  /** `<document_class_type>.<detailed_type>`: a stable name of the outcome. */
  id: string;
  /** The family: financial, tax, identity, address, legal, other. */
  type: DocumentFamily;
  document_class_type: DocumentClass;
  detailed_type: string;
  /** Share of the winning score in the sum of the two best scores (0.5 = a tie, 1 = no rival). */
  confidence: number;
  language: DocumentLanguage;
  scores: Record<DocumentClass, number>;
  /** The features that counted for the winning class, strongest first. */
  evidence: ClassificationEvidence[];
}

const MIN_SCORE = 3;
const TITLE_BOOST = 1.5;
const SPECIFIC_SHARE = 0.6;
const GENERIC_CLASSES: ReadonlySet<DocumentClass> = new Set(['invoice', 'contract', 'receipt']);
const MRZ_WEIGHT = 6;
const DEFAULT_DETAILED: Readonly<Record<DocumentClass, string>> = {
  invoice: 'invoice',
  receipt: 'receipt',
  bank_statement: 'bank_statement',
  payslip: 'payslip',
  utility_bill: 'utility_bill',
  tax_return: 'tax_return',
  government_id: 'identity_document',
  proof_of_address: 'proof_of_address',
  contract: 'contract',
  other: 'other',
};

interface Token {
  text: string;
  word: DocumentWord;
}

export function classifyDocument(text: DocumentText): DocumentClassification {
  const words = wordsInReadingOrder(text);
  const tokens: Token[] = words.flatMap((word) => foldTokens(word.text).map((t) => ({ text: t, word })));
  const language = detectLanguage(tokens.map((t) => t.text));
  const titleSize = titleFontSize(words);
  const evidence: (ClassificationEvidence & { detailed?: string })[] = [];

  for (const [cls, entries] of Object.entries(CLASSIFICATION_LEXICON) as [DocumentClass, readonly LexiconEntry[]][]) {
    for (const entry of entries) {
      const hits = findPhrase(tokens, foldTokens(entry.phrase));
      if (hits.length === 0) continue;
      const titled = hits.find((h) => h.some((t) => inTitlePosition(t.word, titleSize)));
      const chosen = titled ?? hits[0]!;
      evidence.push({
        document_class_type: cls,
        feature: entry.phrase,
        weight: entry.weight * (titled ? TITLE_BOOST : 1),
        title_position: Boolean(titled),
        locations: locationsOfWords(chosen.map((t) => t.word)),
        ...(entry.detailed ? { detailed: entry.detailed } : {}),
      });
    }
  }
  const mrz = machineReadableZone(words);
  if (mrz) {
    evidence.push({ document_class_type: 'government_id', feature: 'machine-readable zone', weight: MRZ_WEIGHT, title_position: false, locations: locationsOfWords(mrz.words), detailed: mrz.detailed });
  }

  const scores = Object.fromEntries(DOCUMENT_CLASSES.map((c) => [c, 0])) as Record<DocumentClass, number>;
  for (const ev of evidence) scores[ev.document_class_type] += ev.weight;
  for (const c of DOCUMENT_CLASSES) scores[c] = Math.round(scores[c] * 10) / 10;

  const ranked = DOCUMENT_CLASSES.filter((c) => c !== 'other').sort((a, b) => scores[b] - scores[a]);
  let winner: DocumentClass = ranked[0]!;
  if (GENERIC_CLASSES.has(winner)) {
    const specific = ranked.find((c) => !GENERIC_CLASSES.has(c) && scores[c] >= SPECIFIC_SHARE * scores[winner] && scores[c] >= MIN_SCORE);
    if (specific) winner = specific;
  }
  if (scores[winner] < MIN_SCORE) winner = 'other';
  const rival = ranked.filter((c) => c !== winner).map((c) => scores[c])[0] ?? 0;
  const confidence = winner === 'other' ? 1 : Math.round((scores[winner] / (scores[winner] + rival)) * 100) / 100;

  const forWinner = evidence.filter((ev) => ev.document_class_type === winner).sort((a, b) => b.weight - a.weight);
  const detailed = forWinner.find((ev) => ev.detailed)?.detailed ?? DEFAULT_DETAILED[winner];
  return {
    id: `${winner}.${detailed}`,
    type: FAMILY_OF_CLASS[winner],
    document_class_type: winner,
    detailed_type: detailed,
    confidence,
    language,
    scores,
    evidence: forWinner.map(({ detailed: _d, ...ev }) => ev),
  };
}

function findPhrase(tokens: readonly Token[], phrase: readonly string[]): Token[][] {
  const hits: Token[][] = [];
  if (phrase.length === 0) return hits;
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    if (phrase.every((p, k) => tokens[i + k]!.text === p)) hits.push(tokens.slice(i, i + phrase.length));
  }
  return hits;
}

/** The type size titles use: 1.3 times the median word size. */
function titleFontSize(words: readonly DocumentWord[]): number {
  const sizes = words.map((w) => w.font_size).sort((a, b) => a - b);
  return (sizes[Math.floor(sizes.length / 2)] ?? 0) * 1.3;
}

function inTitlePosition(word: DocumentWord, titleSize: number): boolean {
  return (word.page === 1 && word.bbox.top < 0.3) || (titleSize > 0 && word.font_size >= titleSize);
}

/** Two or three lines of 30-44 characters of A-Z, 0-9 and '<' (ICAO 9303), with several fillers. */
function machineReadableZone(words: readonly DocumentWord[]): { words: DocumentWord[]; detailed: string } | null {
  const byLine = new Map<string, DocumentWord[]>();
  for (const w of words) byLine.set(`${w.page}:${w.line}`, [...(byLine.get(`${w.page}:${w.line}`) ?? []), w]);
  const zoneLines = [...byLine.values()].filter((ws) => {
    const joined = ws.map((w) => w.text).join('').replace(/\s/g, '');
    return /^[A-Z0-9<]{28,46}$/.test(joined) && (joined.match(/</g)?.length ?? 0) >= 3;
  });
  if (zoneLines.length < 2) return null;
  const first = zoneLines[0]!.map((w) => w.text).join('');
  const detailed = first.startsWith('P') ? 'passport' : first.startsWith('V') ? 'visa' : 'identity_card';
  return { words: zoneLines.flat(), detailed };
}
