/**
 * A request whose path exists under other methods answers 405 with `Allow` (RFC 9110 §15.5.6)
 * rather than 404: the client has the right address and the wrong verb. OPTIONS answers 204 with
 * the same `Allow`. Paths unknown under every method fall through to the 404 handler.
 */
import type { RequestHandler } from 'express';
import { ResourceError } from './errors.js';
import type { HttpMethod } from './route.js';

/** Routes served outside the route list (health, OpenAPI). */
const BUILT_IN: { method: HttpMethod; path: string }[] = [
  { method: 'get', path: '/healthz' },
  { method: 'get', path: '/readyz' },
  { method: 'get', path: '/v1/openapi.json' },
  { method: 'get', path: '/docs' },
];

function patternOf(openApiPath: string): RegExp {
  const escaped = openApiPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+');
  // Express matches case-insensitively and tolerates one trailing slash; so do we.
  return new RegExp(`^${escaped}/?$`, 'i');
}

export function methodNotAllowed(routes: { method: HttpMethod; path: string; errorShape?: 'resource' | 'issuer' }[]): RequestHandler {
  const table = [...BUILT_IN, ...routes].map((route) => ({ ...route, pattern: patternOf(route.path) }));
  return (req, res, next) => {
    const matching = table.filter((route) => route.pattern.test(req.path));
    if (matching.length === 0) return next();
    const methods = new Set(matching.map((route) => route.method.toUpperCase()));
    if (methods.has('GET')) methods.add('HEAD');
    const allow = [...methods].sort().join(', ');
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    if (matching.every((route) => 'errorShape' in route && route.errorShape === 'issuer')) res.locals.errorShape = 'issuer';
    next(ResourceError.single(405, 'method_not_allowed', 'Method Not Allowed', `${req.method} is not allowed on ${req.path}; allowed: ${allow}`));
  };
}
