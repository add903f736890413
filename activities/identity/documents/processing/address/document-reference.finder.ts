// Finds a proof-of-address document's reference number (account, customer, invoice or statement
// number) and its issuer (the letterhead organisation).

import { foldText } from './text-folding.js';

// A label, then the value: "Account number: 8472 1190 33", "N° client : 6001 234 567".
const REFERENCE_LABEL = new RegExp(
  '(?:' +
    [
      '(?:account|customer|invoice|bill|statement|policy|contract|client|membership|reference)\\s*(?:number|no\\.?|nr\\.?|num\\.?|#|n°)',
      'unique taxpayer reference', 'utr', 'reference', 'ref\\.?',
      'kundennummer', 'kunden-nr\\.?', 'rechnungsnummer', 'rechnungs-nr\\.?', 'vertragsnummer', 'klantnummer', 'factuurnummer',
      'n°\\s*(?:de\\s+)?(?:client|facture|contrat)', 'num[eé]ro\\s+(?:de\\s+)?(?:client|facture|contrat|cliente|factura|fattura)', 'r[eé]f[eé]rence',
    ].join('|') +
    ')\\s*[:#]?\\s*([A-Z0-9][A-Z0-9/-]*(?:\\s[A-Z0-9/-]+){0,3})',
  'iu',
);

const ORGANISATION =
  /\b(?:ltd|limited|plc|llp|inc|llc|corp|gmbh|ag|kg|se|sa|s\.a\.|sas|sarl|spa|s\.p\.a\.|srl|bv|b\.v\.|nv|n\.v\.|bank|banque|banco|banca|energy|energie|energia|electric|power|water|gas|telecom|council|hmrc|revenue|finanzamt|stadtwerke|agencia|agenzia|direction|tresor|treasury)\b/;

export function findDocumentNumber(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    for (const cell of line.split(/\s{3,}/)) {
      const value = REFERENCE_LABEL.exec(cell)?.[1]?.trim();
      // A reference has digits; "Account holder: Jane" is not one.
      if (value && /\d{3,}/.test(value.replace(/\s/g, ''))) return value;
    }
  }
  return undefined;
}

export function findIssuingAuthority(lines: readonly string[]): string | undefined {
  const cells = lines
    .slice(0, 12)
    .flatMap((line) => line.split(/\s{3,}/))
    .map((c) => c.trim())
    .filter((c) => c.length > 1 && /\p{L}{2}/u.test(c));
  return cells.find((c) => ORGANISATION.test(foldText(c)) && !/\d{3,}/.test(c)) ?? cells[0];
}
