/**
 * Maps what the processors return to the fields a document stores in `extracted` (and the API
 * returns): identity documents get the MRZ fields (the raw zone itself is not kept), proofs of
 * address the classification, validity with its reasoning, holder name, address and issue date.
 */
import type { AddressDocumentResult } from '../processing/address-document.processor.js';
import type { IdentityDocumentFields } from '../processing/identity-document.processor.js';

export interface IdvExtracted {
  document_type: string;
  document_class: string;
  name: { first: string | null; middle: string | null; last: string | null };
  sex: string;
  birth_date: string | null;
  document_number: string;
  expiry_date: string | null;
  nationality: string;
  issuing_country: string;
  personal_number: string | null;
  mrz_format: string;
  /** The file the zone was read from. */
  file_id: string;
}

export function idvExtracted(fields: IdentityDocumentFields, fileId: string): IdvExtracted {
  return {
    document_type: fields.document_type,
    document_class: fields.document_class,
    name: { first: fields.name.first || null, middle: fields.name.middle ?? null, last: fields.name.last || null },
    sex: fields.sex,
    birth_date: fields.birth_date,
    document_number: fields.document_number,
    expiry_date: fields.expiry_date,
    nationality: fields.nationality,
    issuing_country: fields.issuing_country,
    personal_number: fields.personal_number,
    mrz_format: fields.mrz_format,
    file_id: fileId,
  };
}

export interface AddressExtracted {
  classification_type: string;
  is_valid: boolean;
  reasoning: string;
  name: { first: string | null; middle: string | null; last: string | null } | null;
  issue_date: string | null;
  address: { line1: string | null; line2: string | null; city: string | null; subdivision: string | null; postal_code: string | null; country_code: string | null } | null;
  document_number: string | null;
  issuing_authority: string | null;
  text_source: string;
  file_id: string;
}

export function addressExtracted(result: Extract<AddressDocumentResult, { status: 'processed' }>, fileId: string): AddressExtracted {
  const a = result.address;
  return {
    classification_type: result.classification_type,
    is_valid: result.is_valid,
    reasoning: result.reasoning.join('; '),
    name: result.name ? { first: result.name.first || null, middle: result.name.middle ?? null, last: result.name.last || null } : null,
    issue_date: result.issue_date,
    address: a ? { line1: a.line1, line2: a.line2 ?? null, city: a.city ?? null, subdivision: a.subdivision ?? null, postal_code: a.postal_code ?? null, country_code: a.country_code ?? null } : null,
    document_number: result.document_number,
    issuing_authority: result.issuing_authority,
    text_source: result.text_source,
    file_id: fileId,
  };
}
