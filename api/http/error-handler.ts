/**
 * The central error handler: maps every error to one of the spec's three shapes, tags it with
 * the request id, and never lets a stack trace, SQL or internal message reach the client.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from '../../infra/logger/logger.js';
import { DomainError } from '../../activities/domain-error.model.js';
import { AuthError, ResourceError, type ResourceErrorItem } from './errors.js';

const DOMAIN_STATUS = { not_found: [404, 'Not Found'], conflict: [409, 'Conflict'], unprocessable: [422, 'Unprocessable Entity'] } as const;

/** A transition's typed refusal, in the resource error shape. */
function domainError(err: DomainError): ResourceError {
  const [status, title] = DOMAIN_STATUS[err.kind];
  return new ResourceError(status, [
    { status: String(status), code: err.code, title, detail: err.message, ...(err.pointer ? { source: { pointer: err.pointer } } : {}), ...(err.meta ? { meta: err.meta } : {}) },
  ]);
}

function sendResource(res: Response, status: number, items: ResourceErrorItem[], shape: 'resource' | 'issuer'): void {
  const requestId = String(res.getHeader('X-Request-Id') ?? '');
  if (shape === 'issuer') {
    const first = items[0];
    res.status(status).json({
      error: {
        code: first?.code ?? 'error',
        message: first?.detail ?? 'Request failed',
        details: items.map((i) => ({ issue: i.detail, field: i.source?.pointer ?? i.source?.parameter ?? null, hint: i.title })),
        request_id: requestId,
      },
    });
    return;
  }
  // `id` names this occurrence of the problem (the spec's identity error objects list it; every
  // family carries it so there is one error shape).
  res.status(status).json({ errors: items.map((item) => ({ id: randomUUID(), ...item })), meta: { request_id: requestId } });
}

/** Body-parser and other framework errors carry `type`/`status`. */
function frameworkError(err: unknown, limitBytes: number): ResourceError | null {
  const e = err as { type?: string; status?: number };
  if (e?.type === 'entity.parse.failed') {
    return ResourceError.single(400, 'malformed_json', 'Bad Request', 'The request body is not valid JSON', { pointer: '' });
  }
  if (e?.type === 'entity.too.large') {
    return ResourceError.single(413, 'payload_too_large', 'Payload Too Large', `The request body exceeds ${limitBytes} bytes`);
  }
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return ResourceError.single(415, 'unsupported_media_type', 'Unsupported Media Type', 'Only UTF-8 JSON bodies are accepted', { header: 'Content-Type' });
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return ResourceError.single(e.status, 'bad_request', 'Bad Request', 'The request could not be read');
  }
  return null;
}

export function createErrorHandler(deps: { logger: Logger; bodyLimitBytes: number }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const shape: 'resource' | 'issuer' = res.locals.errorShape ?? 'resource';
    const log: Logger = res.locals.log ?? deps.logger;
    if (res.headersSent) {
      log.error({ err }, 'error after response started');
      return;
    }
    if (err instanceof AuthError) {
      for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      // Public issuer routes answer only in the issuer shape, their rate limit included.
      if (shape === 'issuer' && res.locals.publicRoute) sendResource(res, err.status, [{ status: String(err.status), code: err.code, title: err.code, detail: err.message }], shape);
      else res.status(err.status).json({ error: err.code, message: err.message });
      return;
    }
    const known = err instanceof ResourceError ? err : err instanceof DomainError ? domainError(err) : frameworkError(err, deps.bodyLimitBytes);
    if (known) {
      for (const [k, v] of Object.entries(known.headers)) res.setHeader(k, v);
      sendResource(res, known.status, known.items, shape);
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'unhandled error');
    sendResource(res, 500, [{ status: '500', code: 'internal_error', title: 'Internal Server Error', detail: 'An unexpected error occurred; quote the request id when reporting it' }], shape);
  };
}
