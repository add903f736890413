/**
 * Turns zod failures into resource errors: body problems are 422 with `source.pointer` (JSON Pointer
 * into the body); query and path problems are 400 with `source.parameter`. A value of the wrong
 * type says what it must be ("must be an integer"); only a missing one "is required".
 */
import { z } from 'zod';
import { ResourceError, type ResourceErrorItem } from './errors.js';
import type { TextIssue } from './request-text.js';

export function pointerOf(path: readonly PropertyKey[]): string {
  return '/' + path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

const KINDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  null: 'null',
  bigint: 'an integer',
  date: 'a date',
};

function isIntegerSchema(inst: unknown): boolean {
  const zod = (inst as { _zod?: { def?: { format?: string; checks?: { _zod?: { def?: { format?: string } } }[] } } } | undefined)?._zod;
  const formats = [zod?.def?.format, ...(zod?.def?.checks ?? []).map((check) => check._zod?.def?.format)];
  return formats.some((format) => format === 'safeint' || format === 'int32' || format === 'uint32' || format === 'int64' || format === 'uint64');
}

/**
 * Per-parse error map: the wording of type errors. Schema-level messages still win (a uuid field
 * says "must be a session id (uuid)"), so this only replaces zod's generic "expected X, received Y".
 */
export function typeErrorMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return 'is required';
  const expected = issue.expected === 'number' && isIntegerSchema(issue.inst) ? 'integer' : String(issue.expected);
  return `must be ${KINDS[expected] ?? expected}`;
}

/** The options every request schema is parsed with (see typeErrorMessage). */
export const PARSE_OPTIONS = { reportInput: true, error: typeErrorMessage } as const;

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : 'body';
  if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type') return `${field} ${issue.message}`;
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

/** Strings the request-text walk refused, as 422 items pointing at each. */
export function bodyTextError(issues: TextIssue[]): ResourceError {
  return new ResourceError(
    422,
    issues.map((issue) => ({
      status: '422',
      code: 'validation_error',
      title: 'Invalid attribute',
      detail: `${issue.path.length > 0 ? String(issue.path[issue.path.length - 1]) : 'body'} ${issue.detail}`,
      source: { pointer: pointerOf(issue.path) },
    })),
  );
}

export function parameterValidationError(error: z.ZodError, where: 'query' | 'path'): ResourceError {
  const items: ResourceErrorItem[] = error.issues.map((issue) => {
    const parameter = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : String(issue.path[0] ?? '');
    return {
      status: '400',
      code: 'invalid_parameter',
      title: where === 'query' ? 'Invalid query parameter' : 'Invalid path parameter',
      detail: issue.code === 'unrecognized_keys' ? `unknown query parameter(s): ${issue.keys.join(', ')}` : issue.code === 'invalid_type' ? `${parameter} ${issue.message}` : `${parameter}: ${issue.message}`,
      source: { parameter },
    };
  });
  return new ResourceError(400, items);
}

/** Query parameters the request-text walk refused. */
export function parameterTextError(issues: { parameter: string; detail: string }[]): ResourceError {
  return new ResourceError(
    400,
    issues.map((issue) => ({ status: '400', code: 'invalid_parameter', title: 'Invalid query parameter', detail: issue.detail, source: { parameter: issue.parameter } })),
  );
}

/** YYYY-MM-DD that is a real calendar date; published as format `date` with the pattern that checks it. */
export const calendarDate = z.iso.date({ message: 'must be a real calendar date as YYYY-MM-DD' });

/** Earliest birth year accepted: older dates are typing mistakes, not customers. */
export const EARLIEST_BIRTH_YEAR = 1850;

/**
 * A birth date: a real calendar date as YYYY-MM-DD, not before EARLIEST_BIRTH_YEAR and not after
 * today (a day's slack for time zones ahead of UTC). A birth date filters name hits (screening) and
 * is compared with documents (identity): a mistyped year such as 9999 or 0001 would silently clear
 * true hits, so it is refused. Published as format `date`.
 */
export const birthDate = calendarDate.refine((value) => {
  const year = Number(value.slice(0, 4));
  const latest = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return year >= EARLIEST_BIRTH_YEAR && value <= latest;
}, { message: `must be a birth date: not in the future and not before ${EARLIEST_BIRTH_YEAR}` });
