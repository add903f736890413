/**
 * Routes the Temporal SDK's own logs (worker state, workflow and activity loggers) into pino, so
 * the worker writes one JSON line per event with the same redaction as everything else.
 */
import { DefaultLogger, type LogLevel } from '@temporalio/worker';
import type { Logger } from './logger.js';

const PINO_LEVEL: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error',
};

export function temporalRuntimeLogger(logger: Logger, level: LogLevel = 'INFO'): DefaultLogger {
  const log = logger.child({ component: 'temporal' });
  return new DefaultLogger(level, (entry) => {
    log[PINO_LEVEL[entry.level]]({ ...(entry.meta ?? {}) }, entry.message);
  });
}

/** A Temporal logger that drops everything (benchmarks and test workers that must not print). */
export const silentTemporalLogger = new DefaultLogger('ERROR', () => {});
