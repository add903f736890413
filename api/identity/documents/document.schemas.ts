/**
 * Zod schemas of the identity document routes (document/idv and document/address): create bodies
 * with their file declarations, the list query and the resources as they leave the server.
 */
import { z } from 'zod';
import { ACCEPTED_CONTENT_TYPES, CHECKSUM_PATTERN, CONTENT_TYPES, MAX_FILE_BYTES, MAX_FILES_PER_REQUEST } from '../../../activities/uploads/upload-policy.model.js';
import { pageParameters } from '../../http/pagination.js';
import { identityListDocument, identityResourceDocument, stampSchema } from '../shared/identity-envelope.schemas.js';
import { relationshipRef } from '../shared/identity-shapes.schemas.js';

export const DOCUMENT_STATUSES = ['pending', 'submitted', 'processed', 'failed'] as const;
export const FILE_STATUSES = ['pending_upload', 'uploaded', 'failed', 'expired', 'redacted'] as const;

const fileDeclarationShape = {
  filename: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(255, 'must be at most 255 characters')
    .refine((name) => !/[/\\\u0000-\u001f]/.test(name), 'must be a plain file name (no slashes or control characters)'),
  /** Taken from the filename extension when left out. */
  content_type: z.enum(CONTENT_TYPES, { message: `must be one of ${CONTENT_TYPES.join(', ')}` }).optional(),
  byte_size: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_FILE_BYTES, `must be at most ${MAX_FILE_BYTES} (10 MiB)`).optional(),
  checksum: z.string().regex(CHECKSUM_PATTERN, 'must be the SHA-256 of the file as 64 hexadecimal characters').optional(),
};
const fileDeclaration = z.strictObject(fileDeclarationShape);
export type FileDeclaration = z.output<typeof fileDeclaration>;

/** File name extensions that give each accepted content type (upload-policy.model.ts). */
const EXTENSION_PATTERNS: Record<string, string> = { 'image/jpeg': '[Jj][Pp][Ee]?[Gg]', 'image/png': '[Pp][Nn][Gg]', 'application/pdf': '[Pp][Dd][Ff]' };

/**
 * The declaration as published for one kind of document: what the creation checks beyond the
 * shape — the content types the kind accepts, and a content type given or taken from the
 * file name's extension — so generated requests and the API agree.
 */
function fileDeclarationFor(kind: keyof typeof ACCEPTED_CONTENT_TYPES) {
  const accepted = ACCEPTED_CONTENT_TYPES[kind];
  return z.strictObject(fileDeclarationShape).meta({
    properties: {
      filename: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^/\\\\\\x00-\\x1f]*[^/\\\\\\x00-\\x20][^/\\\\\\x00-\\x1f]*$' },
      content_type: { type: 'string', enum: [...accepted] },
      byte_size: { type: 'integer', minimum: 1, maximum: MAX_FILE_BYTES },
      checksum: { type: 'string', pattern: CHECKSUM_PATTERN.source },
    },
    anyOf: [{ required: ['content_type'] }, { properties: { filename: { pattern: `\\.(${accepted.map((type) => EXTENSION_PATTERNS[type]).join('|')})$` } } }],
  });
}

const filesFor = (kind: keyof typeof ACCEPTED_CONTENT_TYPES) =>
  z.array(fileDeclarationFor(kind)).max(MAX_FILES_PER_REQUEST, `at most ${MAX_FILES_PER_REQUEST} files per request`);

const documentRelationships = z
  .strictObject({ account: relationshipRef('account').optional(), session: relationshipRef('session').optional() })
  .default({});

export const createIdvBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('document/idv').optional(),
    attributes: z.strictObject({ files: filesFor('idv').optional() }).default({}),
    relationships: documentRelationships,
  }),
});

export const createAddressBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('document/address').optional(),
    attributes: z.strictObject({ files: filesFor('address').min(1, 'at least one file is required') }),
    relationships: documentRelationships,
  }),
  meta: z.strictObject({ auto_submit_for_processing: z.boolean().default(false) }).default({ auto_submit_for_processing: false }),
});

export const listDocumentsQuery = z.strictObject({
  ...pageParameters(),
  'filter[account]': z.uuid({ message: 'must be an account id (uuid)' }).optional(),
  'filter[session]': z.uuid({ message: 'must be a session id (uuid)' }).optional(),
  'filter[status]': z.enum(DOCUMENT_STATUSES, { message: `must be one of ${DOCUMENT_STATUSES.join(', ')}` }).optional(),
});

// ---- response shapes ----

export const fileRecord = z.object({
  id: z.uuid(),
  filename: z.string().nullable(),
  status: z.enum(FILE_STATUSES),
  url: z.string().nullable(),
  content_type: z.string(),
  byte_size: z.number().int().nullable(),
  checksum: z.string().nullable(),
});

const processingError = z.object({
  status: z.string(), code: z.string(), title: z.string(), detail: z.string(),
  meta: z.object({ occurred_at: z.string(), file_id: z.string().optional() }),
});
const name = z.object({ first: z.string().nullable(), middle: z.string().nullable(), last: z.string().nullable() }).nullable();
const documentAddress = z.object({
  line1: z.string().nullable(), line2: z.string().nullable(), city: z.string().nullable(), subdivision: z.string().nullable(),
  postal_code: z.string().nullable(), country_code: z.string().nullable(),
}).nullable();
const refOrNull = (type: string) => z.object({ data: z.object({ type: z.literal(type), id: z.uuid() }).nullable() });
const relationships = z.object({ account: refOrNull('account'), session: refOrNull('session'), verification: refOrNull('verification') });
const common = {
  status: z.enum(DOCUMENT_STATUSES),
  name,
  document_number: z.string().nullable(),
  issue_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  issuing_authority: z.string().nullable(),
  address: documentAddress,
  nationality: z.string().nullable(),
  files: z.array(fileRecord),
  processing_errors: z.array(processingError),
  created_at: z.string(),
  submitted_at: stampSchema,
  processed_at: stampSchema,
  redacted_at: stampSchema,
};

export const idvResource = z.object({
  type: z.literal('document/idv'),
  id: z.uuid(),
  attributes: z.object({
    ...common,
    document_type: z.string().nullable(), sex: z.string().nullable(), birth_date: z.string().nullable(), birth_place: z.string().nullable(),
    personal_number: z.string().nullable(), document_class: z.string().nullable(), issuing_country: z.string().nullable(),
    place_of_issue: z.string().nullable(),
    front_side: fileRecord.nullable(), back_side: fileRecord.nullable(), portrait: fileRecord.nullable(), signature: fileRecord.nullable(),
  }),
  relationships,
});

export const addressResource = z.object({
  type: z.literal('document/address'),
  id: z.uuid(),
  attributes: z.object({ ...common, classification_type: z.string().nullable(), is_valid: z.boolean().nullable(), reasoning: z.string().nullable() }),
  relationships,
});

const uploadUrls = z.object({ presigned_upload_urls: z.array(z.object({ file_id: z.uuid(), url: z.string(), expires_in: z.number().int() })) });

export const createdIdvDocument = z.object({ data: idvResource, meta: uploadUrls, links: z.record(z.string(), z.string()) });
export const createdAddressDocument = z.object({ data: addressResource, meta: uploadUrls.extend({ auto_submit_for_processing: z.boolean() }), links: z.record(z.string(), z.string()) });
export const idvDocument = identityResourceDocument(idvResource);
export const addressDocument = identityResourceDocument(addressResource);
export const idvListDocument = identityListDocument(idvResource);
export const addressListDocument = identityListDocument(addressResource);
