/**
 * Every mutating API request, and every read of personal data (routes marked `auditReads`),
 * becomes an audit record in the event log when its response is sent: the key as actor, the
 * action `<resource_type>.<verb>` (e.g. `screening.create`, `session.decline`, `account.read`),
 * the resource, the request id, the client's address and user agent, and the outcome status.
 * Records are written in small batches off the response path; a request that fails
 * authentication has no environment to file it under and is only logged.
 */
import type { Request, Response } from 'express';
import type { Actor } from '../../activities/events/actor.model.js';
import { recordRequestAudits, type RequestAuditRecord as AuditRecord } from '../../activities/audit/request-audit.transitions.js';
import type { Db } from '../../infra/db/create-db.js';
import type { Logger } from '../../infra/logger/logger.js';
import type { RouteDefinition } from './route.js';

/** Collection paths (longest first) and the resource type their requests act on. */
const COLLECTIONS: [string, string][] = [
  ['identity/documents/idvs', 'document/idv'],
  ['identity/documents/addresses', 'document/address'],
  ['identity/accounts', 'account'],
  ['identity/sessions', 'session'],
  ['webhooks/configs', 'webhook_config'],
  ['webhooks', 'webhook_config'],
  ['audit/events', 'audit_event'],
  ['audit/streams', 'audit_stream'],
  ['workflows/executions', 'workflow_execution'],
  ['workflows/status', 'workflow_execution'],
  ['document-templates', 'document_template'],
  ['website-checks', 'website_check'],
  ['credentials/_public', 'credential'],
];

const METHOD_VERB: Record<string, string> = { post: 'create', put: 'update', patch: 'update', delete: 'delete' };

/** The action and resource type a route acts on, from its path and method. */
export function auditActionOf(route: Pick<RouteDefinition, 'method' | 'path'>): { action: string; resourceType: string } {
  const path = route.path.replace(/^\/v1\//, '');
  const known = COLLECTIONS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  const collection = known?.[0] ?? path.split('/')[0]!;
  const resourceType = known?.[1] ?? collection.replace(/-/g, '_').replace(/(ies)$/, 'y').replace(/(sses|shes|ches|xes)$/, (m) => m.slice(0, -2)).replace(/s$/, '');
  const rest = path.slice(collection.length).split('/').filter((s) => s && !s.startsWith('{'));
  const tail = rest[rest.length - 1];
  const hasId = path.includes('{');
  const verb = tail ? tail.replace(/-/g, '_') : route.method === 'get' ? (hasId ? 'read' : 'list') : (METHOD_VERB[route.method] ?? route.method);
  return { action: `${resourceType}.${verb}`, resourceType };
}

export function shouldAudit(route: Pick<RouteDefinition, 'method' | 'auditReads'>): boolean {
  return route.method !== 'get' || Boolean(route.auditReads);
}

/** Batches audit records and writes them a moment later; `flush` at shutdown. */
export class RequestAuditRecorder {
  private queue: AuditRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: { db: Db; logger: Logger; delayMs?: number; maxBatch?: number }) {}

  add(record: AuditRecord): void {
    this.queue.push(record);
    if (this.queue.length >= (this.deps.maxBatch ?? 200)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.deps.delayMs ?? 10);
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 0) {
      this.writing = this.writing.then(() =>
        recordRequestAudits(this.deps.db, batch).catch((error: unknown) => this.deps.logger.error({ err: error, records: batch.length }, 'audit records could not be written')),
      );
    }
    await this.writing;
  }
}

/** Queues the audit record of a finished request (after the response is sent). */
export function auditFinishedRequest(recorder: RequestAuditRecorder, route: RouteDefinition, req: Request, res: Response): void {
  if (!shouldAudit(route)) return;
  const environment = res.locals.environment;
  const actor = res.locals.actor as Actor | undefined;
  if (!environment || !actor) return;
  const { action, resourceType } = auditActionOf(route);
  const resourceId = (typeof req.params?.id === 'string' ? req.params.id : undefined) ?? (res.locals.resourceId as string | undefined) ?? null;
  recorder.add({
    actor,
    environment,
    action,
    resourceType,
    resourceId: resourceId ? resourceId.slice(0, 200) : null,
    details: {
      method: req.method,
      route: route.path,
      status: res.statusCode,
      client_ip: req.socket.remoteAddress ?? null,
      user_agent: req.header('user-agent')?.slice(0, 300) ?? null,
    },
  });
}
