/**
 * The zod schemas of the generic document routes: the creating body (one file, optional template
 * and session, optional configs overriding the template's), the list and read queries (sparse
 * fieldsets: `fields[document]`), and the spec's Document resource as it leaves the server.
 */
import { z } from 'zod';
import { CHECKSUM_PATTERN, DOCUMENT_UPLOADS } from '../../activities/uploads/upload-policy.model.js';
import { pageParameters } from '../http/pagination.js';
import { linksShape, pageMetaShape } from '../webhooks/webhook.schemas.js';

export const extractionConfigInput = z.strictObject({
  enabled: z.boolean(),
  schema: z.record(z.string(), z.unknown()).nullish().describe('a JSON Schema object: type "object", properties, required, additionalProperties'),
  extraction_rules: z.string().max(20_000).nullish().describe('free text: labels and their synonyms, layout hints ("right of", "below"), date order'),
});
export const fraudConfigInput = z.strictObject({
  enabled: z.boolean(),
  requires_digital_signature: z.boolean().default(false),
});

const fileDeclaration = z.strictObject({
  filename: z.string().min(1).max(255),
  content_type: z.enum(DOCUMENT_UPLOADS.contentTypes, { message: `must be one of ${DOCUMENT_UPLOADS.contentTypes.join(', ')}` }).optional(),
  byte_size: z.number().int().min(1).max(DOCUMENT_UPLOADS.maxFileBytes, `must be at most ${DOCUMENT_UPLOADS.maxFileBytes} bytes`).optional(),
  checksum: z.string().regex(CHECKSUM_PATTERN, 'must be the SHA-256 of the file as 64 hexadecimal characters').optional(),
});

const reference = <T extends string>(type: T) => z.strictObject({ data: z.strictObject({ type: z.literal(type), id: z.uuid() }).nullable() });

export const createDocumentBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('document'),
    attributes: z.strictObject({ file: fileDeclaration }),
    relationships: z.strictObject({ document_template: reference('document-template').optional(), session: reference('session').optional() }).optional(),
  }),
  meta: z.strictObject({ extraction_config: extractionConfigInput.optional(), fraud_config: fraudConfigInput.optional() }).optional(),
});
export type CreateDocumentBody = z.output<typeof createDocumentBody>;

export const DOCUMENT_STATUSES = ['pending', 'submitted', 'processing', 'processed', 'failed'] as const;

export const listDocumentsQuery = z.strictObject({
  ...pageParameters(),
  'filter[status]': z.enum(DOCUMENT_STATUSES, { message: `must be one of ${DOCUMENT_STATUSES.join(', ')}` }).optional(),
  'filter[document_template]': z.uuid({ message: 'must be a document template id (uuid)' }).optional(),
  'filter[session]': z.uuid({ message: 'must be a session id (uuid)' }).optional(),
});

export const getDocumentQuery = z.strictObject({
  'fields[document]': z.string().max(1000).optional().describe('comma-separated attribute and relationship names; id and type are always returned; empty: only them'),
});

export const documentIdParams = z.strictObject({ id: z.uuid() });

// ---- response shapes ----

const location = z.strictObject({
  surface: z.strictObject({ type: z.string(), number: z.number().int() }),
  coordinate_space: z.string(),
  bbox: z.strictObject({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }),
  polygon: z.array(z.strictObject({ x: z.number(), y: z.number() })).nullable(),
  detail: z.strictObject({ original_text: z.string(), new_text: z.string() }).optional(),
});

const fileRecord = z.strictObject({
  id: z.uuid(), filename: z.string().nullable(), content_type: z.string(), byte_size: z.number().int().nullable(), checksum: z.string().nullable(),
  status: z.string(), url: z.string().nullable(),
});

export const DOCUMENT_ATTRIBUTES = [
  'status', 'file', 'processing_errors', 'created_at', 'submitted_at', 'processed_at', 'redacted_at',
  'extracted_data', 'fraud_result', 'extracted_data_coordinates', 'fraud_result_coordinates',
] as const;
export const DOCUMENT_RELATIONSHIPS = ['document_template', 'session'] as const;

const documentAttributes = z.strictObject({
  status: z.enum(DOCUMENT_STATUSES),
  file: fileRecord.nullable(),
  processing_errors: z.array(z.strictObject({ status: z.string(), code: z.string(), title: z.string(), detail: z.string(), meta: z.record(z.string(), z.unknown()) })),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  processed_at: z.string().nullable(),
  redacted_at: z.string().nullable(),
  extracted_data: z.record(z.string(), z.unknown()).nullable(),
  fraud_result: z.strictObject({
    score: z.string(),
    file_metadata: z.record(z.string(), z.string().nullable()),
    indicators: z.array(z.record(z.string(), z.unknown())),
    document_classification: z.record(z.string(), z.unknown()).nullable(),
  }).nullable(),
  extracted_data_coordinates: z.strictObject({ version: z.number().int(), fields: z.record(z.string(), z.array(location)) }).nullable(),
  fraud_result_coordinates: z.strictObject({ version: z.number().int(), indicators: z.record(z.string(), z.array(location)) }).nullable(),
}).partial();

const documentMeta = z.strictObject({
  extraction_config: z.record(z.string(), z.unknown()),
  fraud_config: z.record(z.string(), z.unknown()),
  file_url: z.string().nullable(),
  ocr_external_id: z.string().nullable(),
  fraud_check_external_id: z.string().nullable(),
});

export const documentResource = z.strictObject({
  type: z.literal('document'),
  id: z.uuid(),
  attributes: documentAttributes.optional(),
  relationships: z.strictObject({
    document_template: z.strictObject({ data: z.strictObject({ type: z.literal('document-template'), id: z.uuid() }).nullable() }),
    session: z.strictObject({ data: z.strictObject({ type: z.literal('session'), id: z.uuid() }).nullable() }),
  }).partial().optional(),
  meta: documentMeta.optional(),
});

export const documentDocument = z.strictObject({ data: documentResource });
export const documentCreatedDocument = z.strictObject({
  data: documentResource,
  meta: z.strictObject({ presigned_upload_urls: z.array(z.strictObject({ file_id: z.uuid(), url: z.string(), expires_in: z.number().int() })) }),
});
export const documentListDocument = z.strictObject({ data: z.array(documentResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });
