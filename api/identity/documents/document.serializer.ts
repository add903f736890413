/**
 * The one mapping from stored documents and files to the spec's document/idv and document/address
 * resources. Every spec field is present (null when not read or not applicable). File records carry
 * a presigned GET address (300 s) only while the file is uploaded; the bucket itself is private.
 */
import { DOWNLOAD_URL_TTL_SECONDS } from '../../../activities/uploads/upload-policy.model.js';
import type { IdentityDocumentFileRow } from '../../../infra/db/tables/identity-document-files.table.js';
import type { IdentityDocumentKind, IdentityDocumentRow } from '../../../infra/db/tables/identity-documents.table.js';
import type { ObjectStorage } from '../../../infra/storage/object-storage.js';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export const documentCollectionPath = (kind: IdentityDocumentKind) => `/v1/identity/documents/${kind === 'idv' ? 'idvs' : 'addresses'}`;
export const documentPath = (kind: IdentityDocumentKind, id: string) => `${documentCollectionPath(kind)}/${id}`;

export async function toFileRecord(storage: ObjectStorage, file: IdentityDocumentFileRow) {
  return {
    id: file.id,
    filename: file.filename,
    status: file.status,
    url: file.status === 'uploaded' ? await storage.presignedGetUrl(file.object_key, DOWNLOAD_URL_TTL_SECONDS, file.filename ?? undefined) : null,
    content_type: file.content_type,
    byte_size: file.byte_size ?? file.declared_byte_size,
    checksum: file.checksum ?? file.declared_checksum,
  };
}

type FileRecord = Awaited<ReturnType<typeof toFileRecord>>;
type Extracted = Record<string, unknown>;
const field = <T = string>(extracted: Extracted, key: string): T | null => (extracted[key] ?? null) as T | null;

function relationships(doc: IdentityDocumentRow) {
  return {
    account: { data: doc.account_id ? { type: 'account' as const, id: doc.account_id } : null },
    session: { data: doc.session_id ? { type: 'session' as const, id: doc.session_id } : null },
    verification: { data: null },
  };
}

function common(doc: IdentityDocumentRow, files: FileRecord[], extracted: Extracted) {
  return {
    status: doc.status,
    name: field<{ first: string | null; middle: string | null; last: string | null }>(extracted, 'name'),
    document_number: field(extracted, 'document_number'),
    issue_date: field(extracted, 'issue_date'),
    expiry_date: field(extracted, 'expiry_date'),
    issuing_authority: field(extracted, 'issuing_authority'),
    address: field<Record<string, string | null>>(extracted, 'address'),
    nationality: field(extracted, 'nationality'),
    files,
    processing_errors: doc.processing_errors ?? [],
    created_at: doc.created_at.toISOString(),
    submitted_at: iso(doc.submitted_at),
    processed_at: iso(doc.processed_at),
    redacted_at: iso(doc.redacted_at),
  };
}

export async function toDocumentResource(storage: ObjectStorage, doc: IdentityDocumentRow, fileRows: readonly IdentityDocumentFileRow[], cropRows: readonly IdentityDocumentFileRow[] = []) {
  const files = await Promise.all(fileRows.map((f) => toFileRecord(storage, f)));
  const crop = async (role: string) => {
    const row = cropRows.find((c) => c.role === role);
    return row ? toFileRecord(storage, row) : null;
  };
  const extracted: Extracted = doc.extracted ?? {};
  if (doc.kind === 'address') {
    return {
      type: 'document/address' as const,
      id: doc.id,
      attributes: {
        ...common(doc, files, extracted),
        classification_type: field(extracted, 'classification_type'),
        is_valid: field<boolean>(extracted, 'is_valid'),
        reasoning: field(extracted, 'reasoning'),
      },
      relationships: relationships(doc),
    };
  }
  return {
    type: 'document/idv' as const,
    id: doc.id,
    attributes: {
      ...common(doc, files, extracted),
      document_type: field(extracted, 'document_type'),
      sex: field(extracted, 'sex'),
      birth_date: field(extracted, 'birth_date'),
      birth_place: null,
      personal_number: field(extracted, 'personal_number'),
      document_class: field(extracted, 'document_class'),
      issuing_country: field(extracted, 'issuing_country'),
      place_of_issue: null,
      // Files are declared front first, then back; the portrait and signature are cut out of a
      // passport page (TD3) by processing and stored like the uploads.
      front_side: files[0] ?? null,
      back_side: files[1] ?? null,
      portrait: await crop('portrait'),
      signature: await crop('signature'),
    },
    relationships: relationships(doc),
  };
}
