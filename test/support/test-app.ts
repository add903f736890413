/** Builds the API app for tests over a test database, with an optional fake clock and extra routes. */
import { createApp } from '../../api/app.js';
import type { RateTier, TierLimit } from '../../api/auth/rate-limit.js';
import type { RouteDefinition } from '../../api/http/route.js';
import type { Db } from '../../infra/db/create-db.js';
import { createLogger, type Logger } from '../../infra/logger/logger.js';

export function buildTestApp(options: {
  db: Db;
  routes: RouteDefinition[];
  clock?: () => Date;
  rateLimits?: Partial<Record<RateTier, TierLimit>>;
  bodyLimitBytes?: number;
  logger?: Logger;
}) {
  return createApp(
    {
      db: options.db,
      logger: options.logger ?? createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      clock: options.clock ?? (() => new Date()),
      bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024,
      ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
      readiness: [],
      // Every response a test provokes must match the published document (strict schemas).
      responseContract: true,
    },
    options.routes,
  );
}
