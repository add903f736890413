/** Response envelopes of the identity family: `{data, meta, links}` for one resource, the page envelope for lists. */
import { z } from 'zod';
import { pageLinksSchema, pageMetaSchema } from '../../http/pagination.js';

export const stampSchema = z.string().nullable();

export { pageMetaSchema };

export const identityResourceDocument = <T extends z.ZodType>(resource: T) =>
  z.object({ data: resource, meta: z.record(z.string(), z.unknown()), links: z.record(z.string(), z.string().nullable()) });

export const identityListDocument = <T extends z.ZodType>(resource: T) =>
  z.strictObject({ data: z.array(resource), meta: z.strictObject({ page: pageMetaSchema }), links: pageLinksSchema });

/** `{data, meta, links}` of one resource at its own address. */
export function resourceEnvelope(data: { id: string }, selfPath: string, meta: Record<string, unknown> = {}) {
  return { data, meta, links: { self: selfPath } };
}
