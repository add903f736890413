/**
 * Builds the OpenAPI 3.1 document from the route list: the same zod schemas that validate
 * requests produce the JSON Schemas here (zod 4 emits draft 2020-12, which OpenAPI 3.1 uses).
 */
import { z } from 'zod';
import type { RouteDefinition } from '../http/route.js';
import { webhooksSection } from './webhooks.document.js';

const ERROR_SCHEMAS = {
  AuthError: {
    type: 'object',
    required: ['error', 'message'],
    properties: { error: { type: 'string', enum: ['unauthorized', 'forbidden', 'rate_limited'] }, message: { type: 'string' } },
  },
  ResourceErrors: {
    type: 'object',
    required: ['errors'],
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['status', 'title', 'detail'],
          properties: {
            status: { type: 'string' }, code: { type: 'string' }, title: { type: 'string' }, detail: { type: 'string' },
            source: { type: 'object', properties: { pointer: { type: 'string' }, parameter: { type: 'string' }, header: { type: 'string' } } },
          },
        },
      },
      meta: { type: 'object', properties: { request_id: { type: 'string' } } },
    },
  },
  IssuerError: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'details', 'request_id'],
        properties: {
          code: { type: 'string' }, message: { type: 'string' }, request_id: { type: 'string' },
          details: { type: 'array', items: { type: 'object', properties: { issue: { type: 'string' }, field: { type: ['string', 'null'] }, hint: { type: 'string' } } } },
        },
      },
    },
  },
} as const;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete out.$schema;
    return out;
  } catch {
    return {};
  }
}

function parametersOf(route: RouteDefinition): unknown[] {
  const params: unknown[] = [];
  for (const [where, schema] of [['path', route.schemas.params], ['query', route.schemas.query]] as const) {
    if (!schema) continue;
    const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      params.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
    }
  }
  if (!route.public && route.method === 'post' && (route.idempotent ?? true)) {
    params.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 },
      description: 'Replays the stored response for 24 hours; 409 while the first request runs; 422 when reused with another payload.' });
  }
  return params;
}

export function buildOpenApiDocument(routes: RouteDefinition[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(route.schemas.responses)) {
      responses[status] = { description: r.description, ...(r.schema ? { content: { 'application/json': { schema: jsonSchema(r.schema, 'output') } } } : {}) };
    }
    if (!route.public) {
      responses['401'] = { description: 'Missing, malformed or revoked key', content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } };
      responses['403'] = { description: `Key lacks the scope ${route.scope}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } };
      responses['429'] = { description: 'Rate limited (see Retry-After)', content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } };
    }
    responses['4XX'] = route.errorShape === 'issuer'
      ? { description: 'Issuer error', content: { 'application/json': { schema: { $ref: '#/components/schemas/IssuerError' } } } }
      : { description: 'Resource error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ResourceErrors' } } } };
    const operation: Record<string, unknown> = {
      operationId: `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      parameters: parametersOf(route),
      ...(route.schemas.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.schemas.body, 'input') } } } }
        : {}),
      responses,
      ...(route.public ? { security: [] } : { 'x-required-scope': route.scope }),
    };
    (paths[route.path] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clearwatch compliance screening and identity verification API',
      version: '1.0.0',
      description:
        'Self-hostable compliance screening, business registry lookup and identity verification. ' +
        'Authenticate with the X-Api-Key header; the key prefix (sk_production_ / sk_staging_) selects the environment. ' +
        'Lists use page[size], page[after], page[before], page[include_total] and filter[...] query parameters.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      schemas: ERROR_SCHEMAS,
    },
    security: [{ ApiKey: [] }],
    paths,
    webhooks: webhooksSection(),
  };
}
