/**
 * A route is data: method, path, scope, rate tier, zod schemas and a handler. The app registers
 * routes from this list, the OpenAPI document is generated from it, and the scope test walks it,
 * so a route cannot exist without a scope.
 */
import type { Request } from 'express';
import type { z } from 'zod';
import type { Actor } from '../../activities/events/actor.model.js';
import type { Logger } from '../../infra/logger/logger.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { Scope } from '../auth/scopes.js';
import type { RateTier } from '../auth/rate-limit.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestContext {
  requestId: string;
  environment: Environment;
  apiKeyId: string;
  /** The calling key as the actor of the events this request records. */
  actor: Actor;
  /** The calling key's scopes (for answers that depend on them, e.g. a workflow's definition). */
  scopes: readonly string[];
  log: Logger;
}

export interface RouteResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type ZodAny = z.ZodType;
type Infer<S> = S extends ZodAny ? z.output<S> : undefined;

export interface RouteSchemas {
  params?: ZodAny;
  query?: ZodAny;
  body?: ZodAny;
  /** Success responses by status, for the OpenAPI document; `contentType` for a body that is not JSON (a string). */
  responses: Record<number, { description: string; schema?: ZodAny; contentType?: string }>;
}

export interface RouteInput<S extends RouteSchemas> {
  params: Infer<S['params']>;
  query: Infer<S['query']>;
  body: Infer<S['body']>;
  ctx: RequestContext;
  raw: Request;
}

export interface RouteDefinition<S extends RouteSchemas = RouteSchemas> {
  method: HttpMethod;
  /** OpenAPI-style path: `/v1/screenings/{id}`. */
  path: string;
  /** Required scope. Public routes are declared with `public: true` and no scope. */
  scope: Scope | null;
  public?: boolean;
  rateTier?: RateTier;
  /** Creating POSTs honour Idempotency-Key (default: every POST). */
  idempotent?: boolean;
  summary: string;
  description?: string;
  tag: string;
  /** GET routes that read personal data (accounts, sessions, identity documents) are audited like writes. */
  auditReads?: boolean;
  /** Error body shape for this route's resource errors: the list shape, or the issuer shape for public issuer routes. */
  errorShape?: 'resource' | 'issuer';
  schemas: S;
  handler(input: RouteInput<S>): Promise<RouteResponse>;
}

/** Identity function that infers handler input types from the schemas. */
export function defineRoute<S extends RouteSchemas>(route: RouteDefinition<S>): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export function toExpressPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}
