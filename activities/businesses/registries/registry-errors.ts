// Typed failures of a registry lookup. Adapters never retry: they classify, and the Temporal
// activity retry policy decides (RegistryPermanentError belongs in `nonRetryableErrorTypes`; the
// SDK uses the error's `name` as the failure type). Messages are written for API clients: they
// name the registry and the HTTP status at most — never a URL (the OpenCorporates token travels
// in the query string), a credential or a response body.
//
// This module has no imports and no I/O, so workflow code may import it too.

export type RegistryName = 'Companies House' | 'BrasilAPI' | 'OpenCorporates' | 'ZZ test registry';

export type RegistryTransientCode =
  | 'registry_rate_limited'
  | 'registry_unavailable'
  | 'registry_timeout'
  | 'registry_network_error';

export type RegistryPermanentCode =
  | 'registry_auth_failed'
  | 'registry_not_configured'
  | 'registry_rejected_request'
  | 'registry_bad_response'
  | 'registry_invalid_input';

interface RegistryErrorOptions {
  /** HTTP status the registry answered with, when there was an answer. */
  status?: number;
  cause?: unknown;
}

/** Worth retrying: 429, 408, 5xx, timeouts, network failures. */
export class RegistryTransientError extends Error {
  override readonly name = 'RegistryTransientError';
  readonly retryable = true;
  readonly code: RegistryTransientCode;
  readonly registry: RegistryName;
  readonly status: number | undefined;
  /** From Retry-After (or the registry's rate-limit reset header), when the registry said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    registry: RegistryName,
    code: RegistryTransientCode,
    message: string,
    options: RegistryErrorOptions & { retryAfterSeconds?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.registry = registry;
    this.code = code;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Retrying cannot help: bad credentials, a rejected request, a response we cannot read. */
export class RegistryPermanentError extends Error {
  override readonly name = 'RegistryPermanentError';
  readonly retryable = false;
  readonly code: RegistryPermanentCode;
  readonly registry: RegistryName;
  readonly status: number | undefined;

  constructor(registry: RegistryName, code: RegistryPermanentCode, message: string, options: RegistryErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.registry = registry;
    this.code = code;
    this.status = options.status;
  }
}

export type RegistryError = RegistryTransientError | RegistryPermanentError;

export function isRegistryError(error: unknown): error is RegistryError {
  return error instanceof RegistryTransientError || error instanceof RegistryPermanentError;
}
