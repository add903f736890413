/** Generic document events (the spec's webhook sample: resource_type document, processed and failed) and template events. */
import { z } from 'zod';
import { codes, nullableId } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

const DOCUMENT_STATUSES = ['pending', 'submitted', 'processing', 'processed', 'failed'] as const;

export const documentEvents = defineEventFamily({
  resourceType: 'document',
  statuses: [...DOCUMENT_STATUSES, 'redacted'],
  description: 'A generic document (upload, text, extraction, fraud analysis).',
  statusDescriptions: {
    pending: 'created; the file is awaited',
    submitted: 'the file was uploaded and verified; processing is queued',
    processing: 'processing started',
    processed: 'processing finished: extracted data and fraud result are on the document',
    failed: 'the file never arrived, was rejected, or could not be processed; error_codes say why',
    redacted: 'the session\'s account was redacted; extracted data and the file were removed',
  },
  payload: z
    .object({
      status: z.enum(DOCUMENT_STATUSES),
      document_template_id: nullableId,
      template_version: z.number().int().nullable(),
      session_id: nullableId,
      error_codes: codes,
      document_class_type: z.string().nullable(),
      fraud_score: z.string().nullable(),
    })
    .strict(),
});

export const documentTemplateEvents = defineEventFamily({
  resourceType: 'document_template',
  statuses: ['created', 'updated'],
  description: 'A document template (extraction and fraud configuration, versioned).',
  statusDescriptions: {
    created: 'the template was created (version 1)',
    updated: 'a new version was made (documents created later use it)',
  },
  payload: z.object({ version: z.number().int(), document_class_type: z.string().nullable() }).strict(),
});
