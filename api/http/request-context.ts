/**
 * Request id (from a well-formed incoming X-Request-Id, else a new uuid) and one log line per
 * request. The request's child logger (`res.locals.log`) is made on first use: most requests log
 * nothing but that line, and a pino child with redaction is not free on the hot path.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../../infra/logger/logger.js';

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header('X-Request-Id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    let log: Logger | undefined;
    const requestLog = () => (log ??= logger.child({ request_id: requestId }));
    res.locals.requestId = requestId;
    Object.defineProperty(res.locals, 'log', { get: requestLog, enumerable: true, configurable: true });
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      if (!logger.isLevelEnabled('info')) return;
      requestLog().info(
        {
          method: req.method,
          // the route template, not the concrete URL: ids and filters in URLs may be personal data
          route: (req.route?.path as string | undefined) ?? 'unmatched',
          status: res.statusCode,
          environment: res.locals.environment,
          duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  };
}
