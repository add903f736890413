/**
 * Stored generic documents to the spec's Document resource: every attribute (null where not yet
 * known), the file record with a short-lived download address while the file is uploaded, the
 * relationships, and `meta` (the configs processing uses, the file address, the Temporal ids of
 * the work). `fields[document]` selects attributes and relationships: id and type always; an empty
 * value gives only them; an unknown name is a 400 naming it; with a selection, meta is left out.
 */
import { effectiveConfigs } from '../../activities/documents/document-config.model.js';
import { DOWNLOAD_URL_TTL_SECONDS } from '../../activities/uploads/upload-policy.model.js';
import type { DocumentFileRow, DocumentRow } from '../../infra/db/tables/documents.table.js';
import type { DocumentTemplateVersionRow } from '../../infra/db/tables/document-templates.table.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { badRequest } from '../http/errors.js';
import { DOCUMENT_ATTRIBUTES, DOCUMENT_RELATIONSHIPS } from './document.schemas.js';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const KNOWN = new Set<string>([...DOCUMENT_ATTRIBUTES, ...DOCUMENT_RELATIONSHIPS]);

export const documentPath = (id: string) => `/v1/documents/${id}`;

/** The names of `fields[document]`, or null for every field. */
export function parseDocumentFields(raw: string | undefined): Set<string> | null {
  if (raw === undefined) return null;
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
  const unknown = names.filter((n) => !KNOWN.has(n));
  if (unknown.length > 0) {
    throw badRequest('invalid_parameter', `unknown field name(s) in fields[document]: ${unknown.join(', ')}; known: ${[...KNOWN].join(', ')}`, { parameter: 'fields[document]' });
  }
  return new Set(names);
}

export async function toGenericDocumentResource(
  storage: ObjectStorage, doc: DocumentRow, file: DocumentFileRow | undefined, template: DocumentTemplateVersionRow | null, fields: Set<string> | null = null,
) {
  const url = file && file.status === 'uploaded' && !doc.redacted_at ? await storage.presignedGetUrl(file.object_key, DOWNLOAD_URL_TTL_SECONDS, file.filename ?? undefined) : null;
  const fraud = doc.fraud_result as Record<string, unknown> | null;
  const attributes: Record<string, unknown> = {
    status: doc.status,
    file: file
      ? { id: file.id, filename: file.filename, content_type: file.content_type, byte_size: file.byte_size ?? file.declared_byte_size, checksum: file.checksum ?? file.declared_checksum, status: file.status, url }
      : null,
    processing_errors: doc.processing_errors ?? [],
    created_at: doc.created_at.toISOString(),
    submitted_at: iso(doc.submitted_at),
    processed_at: iso(doc.processed_at),
    redacted_at: iso(doc.redacted_at),
    extracted_data: doc.extracted_data,
    fraud_result: fraud
      ? { score: fraud.score, file_metadata: fraud.file_metadata, indicators: fraud.indicators, document_classification: fraud.document_classification ?? doc.classification ?? null }
      : null,
    extracted_data_coordinates: doc.extracted_data_coordinates,
    fraud_result_coordinates: doc.fraud_result_coordinates,
  };
  const relationships: Record<string, unknown> = {
    document_template: { data: doc.template_id ? { type: 'document-template', id: doc.template_id } : null },
    session: { data: doc.session_id ? { type: 'session', id: doc.session_id } : null },
  };
  if (fields) {
    const pick = (source: Record<string, unknown>) => Object.fromEntries(Object.entries(source).filter(([k]) => fields.has(k)));
    const picked = { attributes: pick(attributes), relationships: pick(relationships) };
    return {
      type: 'document' as const,
      id: doc.id,
      ...(Object.keys(picked.attributes).length > 0 ? { attributes: picked.attributes } : {}),
      ...(Object.keys(picked.relationships).length > 0 ? { relationships: picked.relationships } : {}),
    };
  }
  const configs = effectiveConfigs(template, doc);
  return {
    type: 'document' as const,
    id: doc.id,
    attributes,
    relationships,
    meta: {
      extraction_config: configs.extraction as unknown as Record<string, unknown>,
      fraud_config: configs.fraud as unknown as Record<string, unknown>,
      file_url: url,
      ocr_external_id: doc.ocr_external_id,
      fraud_check_external_id: doc.fraud_check_external_id,
    },
  };
}
