/**
 * Turns zod failures into resource errors: body problems are 422 with `source.pointer` (JSON Pointer
 * into the body); query and path problems are 400 with `source.parameter`.
 */
import type { z } from 'zod';
import { ResourceError, type ResourceErrorItem } from './errors.js';

function pointerOf(path: readonly PropertyKey[]): string {
  return '/' + path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : 'body';
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field} is required`;
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
  return `${field}: ${issue.message}`;
}

export function bodyValidationError(error: z.ZodError): ResourceError {
  const items: ResourceErrorItem[] = error.issues.map((issue) => ({
    status: '422',
    code: 'validation_error',
    title: 'Invalid attribute',
    detail: describe(issue),
    source: { pointer: issue.code === 'unrecognized_keys' && issue.keys[0] ? pointerOf([...issue.path, issue.keys[0]]) : pointerOf(issue.path) },
  }));
  return new ResourceError(422, items);
}

export function parameterValidationError(error: z.ZodError, where: 'query' | 'path'): ResourceError {
  const items: ResourceErrorItem[] = error.issues.map((issue) => {
    const parameter = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : String(issue.path[0] ?? '');
    return {
      status: '400',
      code: 'invalid_parameter',
      title: where === 'query' ? 'Invalid query parameter' : 'Invalid path parameter',
      detail: issue.code === 'unrecognized_keys' ? `unknown query parameter(s): ${issue.keys.join(', ')}` : `${parameter}: ${issue.message}`,
      source: { parameter },
    };
  });
  return new ResourceError(400, items);
}
