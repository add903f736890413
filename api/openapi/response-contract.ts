/**
 * Checks responses against the published OpenAPI document — what tests switch on (createApp's
 * `responseContract`), so a body member, status or content type the document does not declare
 * fails the test that produced it. Every response schema is strict (zod output schemas publish
 * `additionalProperties: false`; the error shapes are written so), so an undocumented field fails.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { RouteDefinition } from '../http/route.js';
import { buildOpenApiDocument } from './openapi.document.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

export interface ResponseContract {
  /** Violations of the document by one response; [] when it conforms. */
  /** `errorShape` matters for unmatched paths only (404, 405 answered in the shape of the path's routes). */
  check(route: { method: string; path: string } | undefined, status: number, body: unknown, contentType: string | undefined, errorShape?: 'resource' | 'issuer'): string[];
}

export function createResponseContract(routes: RouteDefinition[]): ResponseContract {
  const document = buildOpenApiDocument(routes) as { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: Record<string, unknown>) => {
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.compile({ ...schema, components: document.components });
      compiled.set(key, fn);
    }
    return fn;
  };
  return {
    check(route, status, body, contentType, errorShape = 'resource') {
      let declared: Operation['responses'][string] | undefined;
      let key: string;
      if (route) {
        const responses = document.paths[route.path]?.[route.method]?.responses ?? {};
        declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
        key = `${route.method} ${route.path} ${status}`;
        if (!declared) return [`${route.method.toUpperCase()} ${route.path}: status ${status} is not documented`];
      } else {
        // Unmatched paths (404, 405) answer in the resource error shape.
        const schema = { $ref: `#/components/schemas/${errorShape === 'issuer' ? 'IssuerError' : 'ResourceErrors'}` };
        declared = { content: { 'application/json': { schema } } };
        key = `unmatched ${status} ${errorShape}`;
      }
      const media = declared.content ? Object.keys(declared.content) : [];
      if (media.length === 0) return body === undefined || body === '' ? [] : [`${key}: a body was sent where none is documented`];
      const type = (contentType ?? '').split(';')[0]!.trim();
      const entry = declared.content?.[type];
      if (!entry) return [`${key}: content type ${type || '(none)'} is not documented (${media.join(', ')})`];
      if (type !== 'application/json') return [];
      const validate = validator(key, entry.schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map((error) => `${key}: ${error.instancePath || '/'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`);
    },
  };
}
