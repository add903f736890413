/**
 * createApp(deps, routes): the Express application. It never listens (api/main.ts does).
 * Each route runs: request id → authenticate (401) → scope (403) → rate limit (429, headers) →
 * content type (415) → JSON body (400/413) → validation (400/422) → idempotency → handler.
 */
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Db } from '../infra/db/create-db.js';
import type { Logger } from '../infra/logger/logger.js';
import { apiKeyActor, systemActor } from '../activities/events/actor.model.js';
import { authenticate, requireScope } from './auth/authenticate.js';
import { ApiKeyCache } from './auth/api-key-cache.js';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateTier, type TierLimit } from './auth/rate-limit.js';
import { createErrorHandler } from './http/error-handler.js';
import { conflict, notFound, ResourceError } from './http/errors.js';
import { withIdempotency } from './http/idempotency.js';
import { auditFinishedRequest, RequestAuditRecorder } from './http/request-audit.js';
import { requestContext } from './http/request-context.js';
import { toExpressPath, type RequestContext, type RouteDefinition } from './http/route.js';
import { methodNotAllowed } from './http/method-not-allowed.js';
import { normaliseJson, parseQueryString, textProblem } from './http/request-text.js';
import { bodyTextError, bodyValidationError, PARSE_OPTIONS, parameterTextError, parameterValidationError } from './http/validation.js';
import { healthRoutes, type ReadinessCheck } from './health/health.routes.js';
import { openApiRoutes } from './openapi/openapi.routes.js';
import { createResponseContract } from './openapi/response-contract.js';

export interface AppDeps {
  db: Db;
  logger: Logger;
  clock: () => Date;
  bodyLimitBytes: number;
  /** Tiers to override (load tests, tests); the rest keep DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<Record<RateTier, TierLimit>>;
  readiness: ReadinessCheck[];
  /** Where request audit records go (made here when not given; `app.locals.auditRecorder`, flushed at shutdown). */
  auditRecorder?: RequestAuditRecorder;
  /** The process's key cache and rate limiter (made here when not given; `app.locals`, closed at shutdown). */
  apiKeys?: ApiKeyCache;
  rateLimiter?: RateLimiter;
  /**
   * Tests: check every response against the published OpenAPI document; a violation (an
   * undocumented member, status or content type) answers 500 response_contract_violation instead.
   */
  responseContract?: boolean;
}

const UNCHECKED_PATHS = new Set(['/healthz', '/readyz', '/v1/openapi.json', '/docs']);

/** Wraps an async step; `terminal` steps answer the request themselves and must not call next(). */
const asyncMw = (fn: (req: Request, res: Response) => Promise<void>, terminal = false): RequestHandler => (req, res, next: NextFunction) => {
  fn(req, res).then(() => {
    if (!terminal) next();
  }, next);
};

export function createApp(deps: AppDeps, routes: RouteDefinition[]): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Responses are not cacheable (Cache-Control: no-store): an ETag would only cost a hash of every body.
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.set('trust proxy', false);
  app.use(requestContext(deps.logger));
  if (deps.responseContract) app.use(responseContractCheck(routes, deps.logger));
  app.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });

  healthRoutes(app, deps.readiness);
  openApiRoutes(app, routes);

  const limits = { ...DEFAULT_RATE_LIMITS, ...deps.rateLimits };
  const auditRecorder = deps.auditRecorder ?? new RequestAuditRecorder({ db: deps.db, logger: deps.logger });
  app.locals.auditRecorder = auditRecorder;
  const apiKeys = deps.apiKeys ?? new ApiKeyCache(deps.db);
  const rateLimiter = deps.rateLimiter ?? new RateLimiter(deps.db);
  // A key change (revocation) also ends the leases taken under the old state of the keys.
  apiKeys.onChange(() => void rateLimiter.returnAll());
  app.locals.apiKeys = apiKeys;
  app.locals.rateLimiter = rateLimiter;
  const jsonParser = express.json({
    limit: deps.bodyLimitBytes,
    type: () => true,
    // Any JSON text is read: a body that is JSON but not an object (null, 12, "x") is then refused by
    // the route's schema (422 "body must be an object"), not called invalid JSON.
    strict: false,
    // The parser replaces bytes that are not UTF-8 with U+FFFD; remember that they were there so
    // the request-text walk can point at the damaged strings instead of storing them.
    verify: (req, _res, buf, encoding) => {
      if (encoding.toLowerCase() === 'utf-8' && !isUtf8(buf)) (req as Request & { invalidUtf8?: boolean }).invalidUtf8 = true;
    },
  });

  for (const route of routes) {
    if (!route.public && !route.scope) throw new Error(`route ${route.method.toUpperCase()} ${route.path} has no scope`);
    const handlers: RequestHandler[] = [];
    handlers.push((req, res, next) => {
      res.locals.route = { method: route.method, path: route.path };
      res.locals.errorShape = route.errorShape ?? 'resource';
      res.locals.publicRoute = Boolean(route.public);
      res.on('finish', () => auditFinishedRequest(auditRecorder, route, req, res));
      next();
    });
    if (!route.public) {
      handlers.push(
        asyncMw(async (req, res) => {
          const now = deps.clock();
          const key = await authenticate(deps.db, req.header('X-Api-Key'), now, (prefix) => apiKeys.find(prefix));
          res.locals.environment = key.environment;
          res.locals.apiKeyId = key.id;
          res.locals.apiKeyName = key.name;
          res.locals.actor = apiKeyActor(key, res.locals.requestId);
          res.locals.scopes = key.scopes;
          // The token is taken before the scope is checked: a refused request counts toward the
          // key's limit like any other, and its 403 carries the rate-limit headers too.
          const headers = await rateLimiter.take({ bucketOwner: key.id, apiKeyId: key.id, tier: route.rateTier ?? 'default', limits, now });
          for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
          requireScope(key, route.scope!);
        }),
      );
    } else if (route.rateTier) {
      // A public route with a tier is limited per client address (no key to count by).
      handlers.push(
        asyncMw(async (req, res) => {
          const headers = await rateLimiter.take({ bucketOwner: `client:${req.socket.remoteAddress ?? 'unknown'}`, tier: route.rateTier!, limits, now: deps.clock() });
          for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        }),
      );
    }
    if (['post', 'put', 'patch'].includes(route.method)) {
      handlers.push((req, _res, next) => {
        const hasBody = Number(req.header('content-length') ?? 0) > 0 || req.header('transfer-encoding') !== undefined;
        if (!hasBody) return next();
        if (!req.is('application/json')) {
          return next(ResourceError.single(415, 'unsupported_media_type', 'Unsupported Media Type', 'Send the body as application/json', { header: 'Content-Type' }));
        }
        // JSON is UTF-8 (RFC 8259 §8.1): another declared charset is refused, not decoded into garbage.
        const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.header('content-type') ?? '')?.[1]?.toLowerCase();
        if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
          return next(ResourceError.single(415, 'unsupported_media_type', 'Unsupported Media Type', 'Only UTF-8 JSON bodies are accepted', { header: 'Content-Type' }));
        }
        jsonParser(req, _res, next);
      });
    }
    handlers.push(
      asyncMw(async (req, res) => {
        // Every string passes the request-text rules before any schema (request-text.ts).
        if (Object.values(req.params).some((value) => typeof value === 'string' && textProblem(value))) throw notFound('Resource');
        const rawQuery = parseQueryString(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
        if (rawQuery.issues.length > 0) throw parameterTextError(rawQuery.issues);
        if (req.body !== undefined) {
          const invalidUtf8 = Boolean((req as Request & { invalidUtf8?: boolean }).invalidUtf8);
          const text = normaliseJson(req.body, { invalidUtf8 });
          if (text.issues.length > 0) throw bodyTextError(text.issues);
          if (invalidUtf8) throw ResourceError.single(400, 'malformed_json', 'Bad Request', 'The request body is not valid UTF-8', { pointer: '' });
          req.body = text.value;
        }
        const params = parseWith(route.schemas.params, req.params, 'path');
        const query = parseWith(route.schemas.query, rawQuery.query, 'query', true);
        let body: unknown = undefined;
        if (route.schemas.body) {
          const parsed = route.schemas.body.safeParse(req.body, PARSE_OPTIONS);
          if (!parsed.success) throw bodyValidationError(parsed.error);
          body = parsed.data;
        }
        if (route.method === 'patch') checkPatchedId(body, params);
        const ctx: RequestContext = {
          requestId: res.locals.requestId,
          environment: res.locals.environment,
          apiKeyId: res.locals.apiKeyId,
          actor: res.locals.actor ?? { ...systemActor('public'), requestId: res.locals.requestId },
          scopes: res.locals.scopes ?? [],
          // A getter: the request's child logger is made only if the handler logs (request-context.ts).
          get log() {
            return res.locals.log as Logger;
          },
        };
        const run = () => route.handler({ params, query, body, ctx, raw: req } as never);
        const idempotent = !route.public && (route.idempotent ?? route.method === 'post');
        const response = idempotent
          ? await withIdempotency(
              deps.db,
              { key: req.header('Idempotency-Key'), environment: ctx.environment, method: route.method, path: req.path, body: req.body ?? null, now: deps.clock() },
              run,
            )
          : await run();
        const created = (response.body as { data?: { id?: unknown } } | undefined)?.data?.id;
        if (typeof created === 'string') res.locals.resourceId = created;
        for (const [k, v] of Object.entries(response.headers ?? {})) res.setHeader(k, v);
        if (response.body === undefined) res.status(response.status).end();
        // A string body is sent as is, with the Content-Type the route set (e.g. application/vc+jwt).
        else if (typeof response.body === 'string') res.status(response.status).send(response.body);
        else res.status(response.status).json(response.body);
      }, true),
    );
    app[route.method](toExpressPath(route.path), ...handlers);
  }

  app.use(methodNotAllowed(routes));
  app.use((req, _res, next) => next(notFound('Route', `${req.method} ${req.path}`)));
  app.use(createErrorHandler({ logger: deps.logger, bodyLimitBytes: deps.bodyLimitBytes }));
  return app;
}

/**
 * JSON:API: the resource object of a PATCH names the resource of the path. Its id may be left out,
 * or given in any case; another id is 409 id_mismatch at /data/id (for every PATCH route, here).
 */
function checkPatchedId(body: unknown, params: unknown): void {
  const id = (body as { data?: { id?: unknown } } | undefined)?.data?.id;
  const pathId = (params as { id?: unknown } | undefined)?.id;
  if (typeof id === 'string' && typeof pathId === 'string' && id.toLowerCase() !== pathId.toLowerCase()) {
    throw conflict('id_mismatch', `data.id ${id} is not the resource of the path (${pathId})`, { pointer: '/data/id' });
  }
}

/** Wraps res.json/res.send so each response is checked against the document before it leaves. */
function responseContractCheck(routes: RouteDefinition[], logger: Logger): RequestHandler {
  const contract = createResponseContract(routes);
  return (req, res, next) => {
    if (UNCHECKED_PATHS.has(req.path)) return next();
    const json = res.json.bind(res);
    const send = res.send.bind(res);
    let refused = false;
    const refuse = (violations: string[]) => {
      refused = true;
      (res.locals.log ?? logger).error({ violations }, 'response contract violation');
      res.status(500);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      return json({ errors: [{ id: randomUUID(), status: '500', code: 'response_contract_violation', title: 'Response does not match the OpenAPI document', detail: violations.slice(0, 20).join('; ') }], meta: { request_id: String(res.getHeader('X-Request-Id') ?? '') } });
    };
    let checked = false;
    res.json = (body: unknown) => {
      if (refused || checked) return json(body);
      checked = true;
      const violations = contract.check(res.locals.route, res.statusCode, body, 'application/json', res.locals.errorShape);
      return violations.length > 0 ? refuse(violations) : json(body);
    };
    res.send = (body: unknown) => {
      // res.json ends in res.send with a string: checked already. Bodies a route sends as text
      // (vc+jwt, JSON it assembled itself) are checked here.
      const type = String(res.getHeader('Content-Type') ?? '');
      if (!refused && !checked && typeof body === 'string') {
        checked = true;
        const isJson = type.startsWith('application/json');
        let parsed: unknown = body;
        if (isJson) {
          try {
            parsed = JSON.parse(body);
          } catch {
            return refuse([`${req.method} ${req.path}: the body is not valid JSON`]);
          }
        }
        const violations = contract.check(res.locals.route, res.statusCode, parsed, isJson ? 'application/json' : type, res.locals.errorShape);
        if (violations.length > 0) return refuse(violations);
      }
      return send(body);
    };
    next();
  };
}

function parseWith(schema: import('zod').ZodType | undefined, input: Record<string, unknown>, where: 'query' | 'path', rejectUnknown = false): unknown {
  if (!schema) {
    const unknown = Object.keys(input);
    if (rejectUnknown && unknown.length > 0) {
      throw ResourceError.single(400, 'invalid_parameter', 'Invalid query parameter', `unknown query parameter(s): ${unknown.join(', ')}`, { parameter: unknown.join(',') });
    }
    return {};
  }
  const parsed = schema.safeParse(input, PARSE_OPTIONS);
  if (!parsed.success) {
    if (where === 'path') throw notFound('Resource');
    throw parameterValidationError(parsed.error, where);
  }
  return parsed.data;
}
