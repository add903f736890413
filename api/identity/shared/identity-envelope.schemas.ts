/** Response envelopes of the identity family: `{data, meta, links}` for one resource, the page envelope for lists. */
import { z } from 'zod';

export const stampSchema = z.string().nullable();

export const pageMetaSchema = z.object({
  cursors: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  total: z.number().int().optional(),
});

export const identityResourceDocument = <T extends z.ZodType>(resource: T) =>
  z.object({ data: resource, meta: z.record(z.string(), z.unknown()), links: z.record(z.string(), z.string().nullable()) });

export const identityListDocument = <T extends z.ZodType>(resource: T) =>
  z.object({ data: z.array(resource), meta: z.object({ page: pageMetaSchema }), links: z.record(z.string(), z.string().nullable()) });

/** `{data, meta, links}` of one resource at its own address. */
export function resourceEnvelope(data: { id: string }, selfPath: string, meta: Record<string, unknown> = {}) {
  return { data, meta, links: { self: selfPath } };
}
