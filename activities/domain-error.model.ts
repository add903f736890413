/**
 * The typed failure of a transition that cannot happen: the record does not exist (not_found), its
 * state forbids the change (conflict), or a member of the request names something unusable
 * (unprocessable, with a JSON pointer into the request body). The API's one error handler maps it
 * to the resource error shape (404 / 409 / 422).
 */
export type DomainErrorKind = 'not_found' | 'conflict' | 'unprocessable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    detail: string,
    readonly pointer?: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export const notFoundError = (what: string, id: string) => new DomainError('not_found', 'not_found', `${what} ${id} does not exist`);
export const conflictError = (code: string, detail: string, pointer?: string, meta?: Record<string, unknown>) => new DomainError('conflict', code, detail, pointer, meta);
export const unprocessableError = (code: string, detail: string, pointer?: string) => new DomainError('unprocessable', code, detail, pointer);
