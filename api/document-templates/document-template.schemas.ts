/** The zod schemas of the document template routes and the template resource as it leaves the server. */
import { z } from 'zod';
import { DOCUMENT_CLASSES } from '../../activities/documents/document-config.model.js';
import { pageParameters } from '../http/pagination.js';
import { extractionConfigInput, fraudConfigInput } from '../documents/document.schemas.js';
import { linksShape, pageMetaShape } from '../webhooks/webhook.schemas.js';

const attributes = {
  name: z.string().min(1).max(200),
  description: z.string().max(2000).nullish(),
  document_class_type: z.enum(DOCUMENT_CLASSES, { message: `must be one of ${DOCUMENT_CLASSES.join(', ')}` }).nullish(),
  extraction_config: extractionConfigInput,
  fraud_config: fraudConfigInput,
};

export const createTemplateBody = z.strictObject({
  data: z.strictObject({ type: z.literal('document-template'), attributes: z.strictObject(attributes) }),
});

export const updateTemplateBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('document-template').optional(),
    id: z.uuid({ message: 'must be the id of the path (uuid)' }).optional().meta({ description: 'The path id (any case); another id: 409 id_mismatch.' }),
    // Every PATCH makes a new immutable version: one that changes nothing is refused.
    attributes: z.strictObject(attributes).partial().refine((a) => Object.keys(a).length > 0, 'attributes must change at least one field'),
  }),
});

export const templateIdParams = z.strictObject({ id: z.uuid() });
export const listTemplatesQuery = z.strictObject({ ...pageParameters() });

export const templateResource = z.strictObject({
  type: z.literal('document-template'),
  id: z.uuid(),
  attributes: z.strictObject({
    name: z.string(),
    description: z.string().nullable(),
    document_class_type: z.string().nullable(),
    version: z.number().int().describe('the current version; every PATCH makes a new one'),
    extraction_config: z.record(z.string(), z.unknown()),
    fraud_config: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});
export const templateDocument = z.strictObject({ data: templateResource });
export const templateListDocument = z.strictObject({ data: z.array(templateResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });
