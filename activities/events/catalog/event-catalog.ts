/**
 * The event catalog: every event type the service emits, `<resource_type>.<status>`, with the zod
 * schema of its payload. The one writer (record-event.ts) validates against it, webhook configs
 * are checked against it, and the OpenAPI `webhooks` section and the README table are generated
 * from it. A feature that emits events adds its family here.
 */
import type { z } from 'zod';
import { accountEvents } from './account.events.js';
import { businessEvents } from './business.events.js';
import { documentEvents, documentTemplateEvents } from './document.events.js';
import { credentialEvents } from './credential.events.js';
import type { EventFamily } from './event-family.js';
import { addressDocumentEvents, documentFileEvents, idvDocumentEvents } from './identity-document.events.js';
import { listVersionEvents } from './list-version.events.js';
import { screeningEvents } from './screening.events.js';
import { sessionEvents } from './session.events.js';
import { auditStreamEvents, webhookConfigEvents } from './webhook-config.events.js';
import { websiteCheckEvents } from './website-check.events.js';
import { workflowExecutionEvents } from './workflow-execution.events.js';
import { workflowEvents } from './workflow.events.js';

export const EVENT_FAMILIES = [
  screeningEvents,
  businessEvents,
  accountEvents,
  sessionEvents,
  idvDocumentEvents,
  addressDocumentEvents,
  documentFileEvents,
  documentEvents,
  documentTemplateEvents,
  listVersionEvents,
  webhookConfigEvents,
  auditStreamEvents,
  credentialEvents,
  workflowEvents,
  workflowExecutionEvents,
  websiteCheckEvents,
] as const;

type Family = (typeof EVENT_FAMILIES)[number];
type TypesOf<F> = F extends EventFamily<infer R, infer S, z.ZodType> ? `${R}.${S[number]}` : never;

/** Every event type, e.g. `screening.completed`, `document/idv.processed`, `list_version.activated`. */
export type EventType = TypesOf<Family>;
export type EventResourceType = Family['resourceType'];

type FamilyOf<T extends string> = Family extends infer F ? (F extends EventFamily<infer R, infer S, z.ZodType> ? (T extends `${R}.${S[number]}` ? F : never) : never) : never;

/** The payload an event type carries. */
export type EventPayload<T extends EventType> = FamilyOf<T> extends EventFamily<string, readonly string[], infer P> ? z.input<P> : never;

const byResourceType = new Map<string, EventFamily>(EVENT_FAMILIES.map((f) => [f.resourceType, f as unknown as EventFamily]));

/** The resource types webhooks may subscribe to. */
export const EVENT_RESOURCE_TYPES: readonly string[] = EVENT_FAMILIES.map((f) => f.resourceType);

export function eventFamily(resourceType: string): EventFamily | undefined {
  return byResourceType.get(resourceType);
}

/** Splits `document/idv.processed` into its resource type and status, or undefined for an unknown type. */
export function parseEventType(type: string): { family: EventFamily; resourceType: string; status: string } | undefined {
  const dot = type.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const family = byResourceType.get(type.slice(0, dot));
  const status = type.slice(dot + 1);
  if (!family || !family.statuses.includes(status)) return undefined;
  return { family, resourceType: family.resourceType, status };
}

export function isEventType(type: string): type is EventType {
  return parseEventType(type) !== undefined;
}

/** Every event type with its description, for documentation. */
export function listEventTypes(): { type: string; resourceType: string; status: string; description: string }[] {
  return EVENT_FAMILIES.flatMap((f) =>
    f.statuses.map((status) => ({
      type: `${f.resourceType}.${status}`,
      resourceType: f.resourceType,
      status,
      description: (f.statusDescriptions as Record<string, string>)[status] ?? '',
    })),
  );
}
