// Judges a proof-of-address document from its text: what kind of document it is, whose name and
// which address it shows, when it was issued, and whether it is acceptable — a utility bill, bank
// statement or tax letter, in the account holder's name, with an address, issued within the last
// three months (by default). Pure: `now` is injected. Reasons are short phrases for reviewers.

import { classifyAddressDocument, type AddressDocumentClass } from './address-document.classifier.js';
import type { NumericDateOrder } from './document-dates.js';
import { findDocumentNumber, findIssuingAuthority } from './document-reference.finder.js';
import { findHolderName, type PersonName } from './holder-name.matcher.js';
import { findIssueDate } from './issue-date.finder.js';
import { addressMatches } from './address-match.js';
import { searchPostalAddress, type PostalAddress } from './postal-address.finder.js';

export interface ExpectedAddress {
  line1?: string;
  postal_code?: string;
}

export interface AnalyzeAddressDocumentOptions {
  now: Date;
  /** The account holder's name, to match against the document. */
  expectedName?: PersonName;
  /** The account's address, to compare with the document's. */
  expectedAddress?: ExpectedAddress;
  /** How old the document may be (default 3 months). */
  maxAgeMonths?: number;
  /** How to read ambiguous numeric dates such as 03/04/2026 (default day first). */
  dateOrder?: NumericDateOrder;
}

export interface AddressDocumentAnalysis {
  classification_type: AddressDocumentClass;
  name: PersonName | null;
  issue_date: string | null;
  address: PostalAddress | null;
  document_number: string | null;
  issuing_authority: string | null;
  is_valid: boolean;
  reasoning: string[];
}

export function analyzeAddressDocument(text: string, options: AnalyzeAddressDocumentOptions): AddressDocumentAnalysis {
  const lines = text.split(/\r?\n/);
  const classification = classifyAddressDocument(text);
  const holder = findHolderName(lines, options.expectedName);
  const issueDate = findIssueDate(text, { dateOrder: options.dateOrder });
  const addressSearch = searchPostalAddress(lines, { holderLine: holder?.line });
  const address = addressSearch.finding?.address;
  const checks = [
    classificationReason(classification.type),
    nameReason(holder, options.expectedName),
    issueDateReason(issueDate, options.now, options.maxAgeMonths ?? 3),
    addressReason(address, addressSearch.reason, options.expectedAddress),
  ];
  return {
    classification_type: classification.type,
    name: holder?.name ?? null,
    issue_date: issueDate ?? null,
    address: address ?? null,
    document_number: findDocumentNumber(lines) ?? null,
    issuing_authority: findIssuingAuthority(lines) ?? null,
    is_valid: checks.every((c) => c.ok),
    reasoning: checks.map((c) => c.reason),
  };
}

interface Check {
  ok: boolean;
  reason: string;
}

const CLASS_LABELS: Readonly<Record<AddressDocumentClass, string>> = {
  utility_bill: 'utility bill',
  bank_statement: 'bank statement',
  tax_letter: 'tax letter',
  other: 'other',
};

function classificationReason(type: AddressDocumentClass): Check {
  return type === 'other'
    ? { ok: false, reason: 'not a recognised proof of address (utility bill, bank statement or tax letter)' }
    : { ok: true, reason: `recognised as a ${CLASS_LABELS[type]}` };
}

function nameReason(holder: ReturnType<typeof findHolderName>, expected: PersonName | undefined): Check {
  const shown = (n: PersonName) => [n.first, n.middle, n.last].filter(Boolean).join(' ');
  if (!expected) {
    return holder ? { ok: true, reason: `holder name found (${shown(holder.name)}); no account name to compare` } : { ok: false, reason: 'no holder name found' };
  }
  if (holder?.matchesExpected) return { ok: true, reason: 'name matches the account' };
  return holder
    ? { ok: false, reason: `name on the document (${shown(holder.name)}) does not match the account` }
    : { ok: false, reason: 'the account holder\'s name does not appear on the document' };
}

function issueDateReason(issueDate: string | undefined, now: Date, maxAgeMonths: number): Check {
  if (!issueDate) return { ok: false, reason: 'no issue date found' };
  const today = now.toISOString().slice(0, 10);
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - maxAgeMonths, now.getUTCDate())).toISOString().slice(0, 10);
  if (issueDate > today) return { ok: false, reason: `issue date ${issueDate} is in the future` };
  if (issueDate < oldest) return { ok: false, reason: `issued ${issueDate}, more than ${maxAgeMonths} months ago` };
  return { ok: true, reason: `issued within the last ${maxAgeMonths} months` };
}

function addressReason(address: PostalAddress | undefined, whyMissing: string | undefined, expected: ExpectedAddress | undefined): Check {
  if (!address) return { ok: false, reason: `no address found: ${whyMissing ?? 'nothing in the text looks like one'}` };
  if (!expected || (!expected.line1 && !expected.postal_code)) return { ok: true, reason: 'address present' };
  return addressMatches(address, expected)
    ? { ok: true, reason: 'address matches the account' }
    : { ok: false, reason: 'address does not match the account' };
}
