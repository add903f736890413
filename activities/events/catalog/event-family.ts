/**
 * The shape of one entry of the event catalog: a resource type, the event names (statuses) it
 * emits, and the zod schema of its payload — the non-personal attributes of the resource at the
 * event, which are also the `data.attributes` of its webhook. Event types are `<resource>.<status>`.
 */
import type { z } from 'zod';

export interface EventFamily<R extends string = string, S extends readonly string[] = readonly string[], P extends z.ZodType = z.ZodType> {
  resourceType: R;
  statuses: S;
  payload: P;
  /** The `data.type` of webhooks (an API resource type, e.g. `screening/watchlist`); default the resource type. */
  dataType?: (payload: z.output<P>) => string;
  description: string;
  statusDescriptions: Record<S[number], string>;
}

export function defineEventFamily<const R extends string, const S extends readonly string[], P extends z.ZodType>(family: EventFamily<R, S, P>): EventFamily<R, S, P> {
  return family;
}
