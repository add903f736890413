/** Identity document events (document/idv and document/address) and their files' events. */
import { z } from 'zod';
import { codes, id, nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

const DOCUMENT_STATUSES = ['pending', 'submitted', 'processed', 'failed'] as const;

const documentPayload = z
  .object({
    status: z.enum(DOCUMENT_STATUSES),
    account_id: nullableId,
    session_id: nullableId,
    file_count: z.number().int().min(0),
    error_codes: codes,
    /** Proofs of address: the validity verdict once processed. */
    is_valid: z.boolean().nullable(),
  })
  .strict();

const documentStatusDescriptions = {
  pending: 'created; files awaited',
  submitted: 'files verified and processing requested',
  processed: 'processing finished',
  failed: 'processing failed or could not start; error_codes say why',
  redacted: 'the owning account was redacted; extracted data and files were removed',
};

export const idvDocumentEvents = defineEventFamily({
  resourceType: 'document/idv',
  statuses: [...DOCUMENT_STATUSES, 'redacted'],
  description: 'An identity document verification (government ID).',
  statusDescriptions: documentStatusDescriptions,
  payload: documentPayload,
});

export const addressDocumentEvents = defineEventFamily({
  resourceType: 'document/address',
  statuses: [...DOCUMENT_STATUSES, 'redacted'],
  description: 'A proof of address.',
  statusDescriptions: documentStatusDescriptions,
  payload: documentPayload,
});

export const documentFileEvents = defineEventFamily({
  resourceType: 'document_file',
  statuses: ['uploaded', 'failed', 'expired', 'redacted'],
  description: 'A file uploaded to a document (identity or generic).',
  statusDescriptions: {
    uploaded: 'the file arrived and passed size, checksum and type checks',
    failed: 'the file was rejected and deleted; error_code says why',
    expired: 'no file arrived before the upload address expired (or the session was declined)',
    redacted: 'the owning account was redacted; the file was deleted',
  },
  payload: z
    .object({
      status: z.enum(['uploaded', 'failed', 'expired', 'redacted']),
      document_id: id,
      document_type: z.enum(['document/idv', 'document/address', 'document']),
      error_code: z.string().nullable(),
    })
    .strict(),
});
