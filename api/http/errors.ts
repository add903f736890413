/**
 * Typed HTTP errors and the three body shapes of the spec:
 *  1. auth/rate errors `{error, message}`;
 *  2. resource errors `{errors: [{status, code, title, detail, source?}], meta}`;
 *  3. issuer public endpoints `{error: {code, message, details, request_id}}`.
 * The central handler (error-handler.ts) is the only place that turns errors into responses.
 */

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
  header?: string;
}

export interface ResourceErrorItem {
  status: string;
  code: string;
  title: string;
  detail: string;
  source?: ErrorSource;
  meta?: Record<string, unknown>;
}

/** Errors in the `{error, message}` shape (401, 403, 429). */
export class AuthError extends Error {
  constructor(
    readonly status: 401 | 403 | 429,
    readonly code: 'unauthorized' | 'forbidden' | 'rate_limited',
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

/** Errors in the resource shape. */
export class ResourceError extends Error {
  constructor(
    readonly status: number,
    readonly items: ResourceErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(items.map((i) => i.detail).join('; '));
    this.name = 'ResourceError';
  }

  static single(status: number, code: string, title: string, detail: string, source?: ErrorSource): ResourceError {
    return new ResourceError(status, [{ status: String(status), code, title, detail, ...(source ? { source } : {}) }]);
  }
}

export const notFound = (resource: string, id?: string) =>
  ResourceError.single(404, 'not_found', 'Not Found', id ? `${resource} ${id} does not exist` : `${resource} does not exist`);

export const conflict = (code: string, detail: string, source?: ErrorSource) =>
  ResourceError.single(409, code, 'Conflict', detail, source);

export const unprocessable = (code: string, detail: string, source?: ErrorSource) =>
  ResourceError.single(422, code, 'Unprocessable Entity', detail, source);

export const badRequest = (code: string, detail: string, source?: ErrorSource) =>
  ResourceError.single(400, code, 'Bad Request', detail, source);
