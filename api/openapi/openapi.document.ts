/**
 * Builds the OpenAPI 3.1 document from the route list: the same zod schemas that validate
 * requests produce the JSON Schemas here (zod 4 emits draft 2020-12, which OpenAPI 3.1 uses).
 */
import { z } from 'zod';
import type { RouteDefinition } from '../http/route.js';
import { webhooksSection } from './webhooks.document.js';

/** The three error shapes of the spec, strict like every response schema (an undocumented member fails the checks). */
const ERROR_SCHEMAS = {
  AuthError: {
    type: 'object',
    required: ['error', 'message'],
    additionalProperties: false,
    properties: { error: { type: 'string', enum: ['unauthorized', 'forbidden', 'rate_limited'] }, message: { type: 'string' } },
  },
  ResourceErrors: {
    type: 'object',
    required: ['errors', 'meta'],
    additionalProperties: false,
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'status', 'code', 'title', 'detail'],
          additionalProperties: false,
          properties: {
            id: { type: 'string', format: 'uuid', description: 'this occurrence of the problem' },
            status: { type: 'string' }, code: { type: 'string' }, title: { type: 'string' }, detail: { type: 'string' },
            source: {
              type: 'object', additionalProperties: false,
              properties: { pointer: { type: 'string' }, parameter: { type: 'string' }, header: { type: 'string' } },
            },
            meta: { type: 'object' },
          },
        },
      },
      meta: { type: 'object', required: ['request_id'], additionalProperties: false, properties: { request_id: { type: 'string' } } },
    },
  },
  IssuerError: {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', 'details', 'request_id'],
        additionalProperties: false,
        properties: {
          code: { type: 'string' }, message: { type: 'string' }, request_id: { type: 'string' },
          details: {
            type: 'array',
            items: { type: 'object', required: ['issue', 'field', 'hint'], additionalProperties: false, properties: { issue: { type: 'string' }, field: { type: ['string', 'null'] }, hint: { type: 'string' } } },
          },
        },
      },
    },
  },
} as const;

/** Shared definitions (recursive schemas such as JSON values) hoisted into components.schemas. */
type Components = Record<string, unknown>;

/** Rewrites `#/$defs/<name>` references to the hoisted component names. */
function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof member === 'string' && member.startsWith('#/$defs/') ? `#/components/schemas/${names.get(member.slice(8)) ?? member.slice(8)}` : rewriteRefs(member, names);
  }
  return out;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Components, prefix: string): Record<string, unknown> {
  try {
    const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    delete out.$schema;
    // A schema embedded in an operation cannot keep its own $defs: `#/$defs/...` would point at the
    // document's root. Hoist them under unique names.
    const defs = out.$defs as Record<string, unknown> | undefined;
    delete out.$defs;
    if (!defs) return out;
    const names = new Map(Object.keys(defs).map((name) => [name, `${prefix}_${io}_${name.replace(/^_+/, '')}`]));
    for (const [name, def] of Object.entries(defs)) components[names.get(name)!] = rewriteRefs(def, names);
    return rewriteRefs(out, names) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function parametersOf(route: RouteDefinition, components: Components, prefix: string): unknown[] {
  const params: unknown[] = [];
  for (const [where, schema] of [['path', route.schemas.params], ['query', route.schemas.query]] as const) {
    if (!schema) continue;
    const js = jsonSchema(schema, 'input', components, prefix) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      params.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: prop });
    }
  }
  if (!route.public && route.method === 'post' && (route.idempotent ?? true)) {
    params.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
      description: 'Replays the stored response for 24 hours; 409 while the first request runs; 422 when reused with another payload.' });
  }
  return params;
}

export function operationIdOf(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
}

/**
 * OpenAPI links from each creating POST to the operations on what it created (`P/{id}`,
 * `P/{id}/...`): the id comes from the created resource's `data.id`. Stateful testing (and
 * readers) follow them: create, then read, change, decide, delete.
 */
function linksOf(route: RouteDefinition, routes: RouteDefinition[]): Record<string, unknown> | undefined {
  if (route.method !== 'post' || route.path.includes('{')) return undefined;
  const links: Record<string, unknown> = {};
  for (const target of routes) {
    const match = new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}/\\{(\\w+)\\}(/[^{}]*)?$`).exec(target.path);
    if (!match) continue;
    links[operationIdOf(target)] = { operationId: operationIdOf(target), parameters: { [match[1]!]: '$response.body#/data/id' } };
  }
  return Object.keys(links).length > 0 ? links : undefined;
}

export function buildOpenApiDocument(routes: RouteDefinition[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = {};
  for (const route of routes) {
    const operationId = operationIdOf(route);
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(route.schemas.responses)) {
      const links = status === '201' || status === '200' ? linksOf(route, routes) : undefined;
      responses[status] = {
        description: r.description,
        ...(r.contentType ? { content: { [r.contentType]: { schema: { type: 'string' } } } } : {}),
        ...(r.schema && !r.contentType ? { content: { 'application/json': { schema: jsonSchema(r.schema, 'output', components, `${operationId}_${status}`) } } } : {}),
        ...(links ? { links } : {}),
      };
    }
    if (!route.public) {
      responses['401'] = { description: 'Missing, malformed or revoked key', content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } };
      responses['403'] = { description: `Key lacks the scope ${route.scope}`, content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } };
      responses['429'] = { description: 'Rate limited (see Retry-After)', content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } };
    }
    // 500 internal_error, 503 when a dependency (Temporal) is down: the same shapes as 4XX.
    responses['5XX'] = route.errorShape === 'issuer'
      ? { description: 'Server error (retry with backoff)', content: { 'application/json': { schema: { $ref: '#/components/schemas/IssuerError' } } } }
      : { description: 'Server error (retry with backoff)', content: { 'application/json': { schema: { $ref: '#/components/schemas/ResourceErrors' } } } };
    responses['4XX'] = route.errorShape === 'issuer'
      ? { description: 'Issuer error', content: { 'application/json': { schema: { $ref: '#/components/schemas/IssuerError' } } } }
      : { description: 'Resource error', content: { 'application/json': { schema: { $ref: '#/components/schemas/ResourceErrors' } } } };
    const operation: Record<string, unknown> = {
      operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      parameters: parametersOf(route, components, operationId),
      ...(route.schemas.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.schemas.body, 'input', components, operationId) } } } }
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
      schemas: { ...ERROR_SCHEMAS, ...components },
    },
    security: [{ ApiKey: [] }],
    paths,
    webhooks: webhooksSection(),
  };
}
