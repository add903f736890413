// Classifies a proof-of-address document by keyword lexicons (English plus common French, German,
// Spanish, Italian and Dutch terms). Distinctive phrases weigh 3, generic words 1; the best class
// needs a score of at least 3, else the document is "other".

import { containsPhrase, foldText } from './text-folding.js';

export type AddressDocumentClass = 'utility_bill' | 'bank_statement' | 'tax_letter' | 'other';

type Lexicon = { strong: readonly string[]; weak: readonly string[] };

const LEXICONS: Readonly<Record<Exclude<AddressDocumentClass, 'other'>, Lexicon>> = {
  utility_bill: {
    strong: [
      'electricity', 'meter reading', 'kwh', 'standing charge', 'supply address', 'gas and electricity', 'water bill',
      'energy bill', 'utility bill', 'broadband', 'tariff', 'unit rate', 'water supply', 'sewerage',
      'electricite', 'releve de compteur', 'consommation', 'facture d\'energie', 'fourniture d\'electricite',
      'stromrechnung', 'zahlerstand', 'zaehlerstand', 'strom', 'abschlag', 'energieversorgung', 'verbrauch',
      'electricidad', 'factura de luz', 'suministro', 'lectura del contador',
      'bolletta', 'energia elettrica', 'fornitura', 'lettura contatore',
      'energierekening', 'elektriciteit', 'meterstand', 'jaarafrekening',
    ],
    weak: [
      'gas', 'water', 'energy', 'meter', 'bill', 'invoice', 'amount due', 'usage', 'units', 'telephone', 'internet', 'mobile',
      'facture', 'eau', 'gaz', 'rechnung', 'wasser', 'factura', 'agua', 'consumo', 'luce', 'acqua', 'verbruik',
    ],
  },
  bank_statement: {
    strong: [
      'bank statement', 'account statement', 'statement of account', 'opening balance', 'closing balance', 'sort code',
      'money in', 'money out', 'available balance', 'balance brought forward', 'balance carried forward',
      'releve de compte', 'releve bancaire', 'solde crediteur', 'solde debiteur', 'ancien solde', 'nouveau solde',
      'kontoauszug', 'kontostand', 'alter saldo', 'neuer saldo',
      'extracto bancario', 'extracto de cuenta', 'saldo anterior', 'saldo final',
      'estratto conto', 'saldo iniziale', 'saldo finale',
      'rekeningafschrift', 'beginsaldo', 'eindsaldo',
    ],
    weak: [
      'bank', 'statement', 'balance', 'iban', 'transactions', 'debit', 'credit', 'deposit', 'withdrawal', 'bic', 'swift', 'overdraft',
      'banque', 'solde', 'virement', 'saldo', 'uberweisung', 'lastschrift', 'gutschrift', 'banco', 'movimientos', 'banca', 'movimenti',
    ],
  },
  tax_letter: {
    strong: [
      'hmrc', 'internal revenue service', 'council tax', 'tax return', 'tax year', 'self assessment', 'income tax',
      'tax code', 'tax office', 'national insurance', 'tax reference', 'unique taxpayer reference', 'notice of assessment',
      'avis d\'imposition', 'impot sur le revenu', 'finances publiques', 'taxe d\'habitation', 'taxe fonciere', 'revenu fiscal',
      'finanzamt', 'steuerbescheid', 'einkommensteuer', 'steuernummer', 'steuer-id',
      'agencia tributaria', 'declaracion de la renta', 'hacienda',
      'agenzia delle entrate', 'codice fiscale', 'dichiarazione dei redditi',
      'belastingdienst', 'aanslag inkomstenbelasting',
    ],
    weak: ['tax', 'taxes', 'revenue', 'assessment', 'irs', 'impot', 'impots', 'steuer', 'impuesto', 'imposta', 'belasting', 'taxable'],
  },
};

export interface Classification {
  type: AddressDocumentClass;
  scores: Record<Exclude<AddressDocumentClass, 'other'>, number>;
}

export function classifyAddressDocument(text: string): Classification {
  const folded = foldText(text);
  const score = (lexicon: Lexicon) =>
    lexicon.strong.filter((t) => containsPhrase(folded, t)).length * 3 + lexicon.weak.filter((t) => containsPhrase(folded, t)).length;
  const scores = {
    utility_bill: score(LEXICONS.utility_bill),
    bank_statement: score(LEXICONS.bank_statement),
    tax_letter: score(LEXICONS.tax_letter),
  };
  const [best, bestScore] = Object.entries(scores).sort((a, b) => b[1] - a[1])[0]! as [keyof typeof scores, number];
  return { type: bestScore >= 3 ? best : 'other', scores };
}
