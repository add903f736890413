// The document classes the engine tells apart, their family (document_classification.type) and
// their detailed types.

export const DOCUMENT_CLASSES = [
  'invoice',
  'receipt',
  'bank_statement',
  'payslip',
  'utility_bill',
  'tax_return',
  'government_id',
  'proof_of_address',
  'contract',
  'other',
] as const;

export type DocumentClass = (typeof DOCUMENT_CLASSES)[number];

export type DocumentFamily = 'financial' | 'tax' | 'identity' | 'address' | 'legal' | 'other';

export const FAMILY_OF_CLASS: Readonly<Record<DocumentClass, DocumentFamily>> = {
  invoice: 'financial',
  receipt: 'financial',
  bank_statement: 'financial',
  payslip: 'financial',
  utility_bill: 'financial',
  tax_return: 'tax',
  government_id: 'identity',
  proof_of_address: 'address',
  contract: 'legal',
  other: 'other',
};
