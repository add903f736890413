/**
 * The one pino logger factory. JSON lines; API keys, secrets and personal data are redacted
 * wherever they appear in a logged object, so a careless `log.info({ body })` cannot leak them.
 */
import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

const SENSITIVE_KEYS = [
  'x-api-key', 'authorization', 'cookie', 'apiKey', 'api_key', 'rawKey', 'raw_key', 'secret', 'password', 'token',
  'api_token', 'accessKey', 'secretKey', 'S3_SECRET_KEY', 'DATABASE_URL',
  // personal data
  'name', 'name_first', 'name_last', 'first', 'middle', 'last', 'birthdate', 'birth_date', 'date_of_birth', 'email',
  'phone', 'address', 'line1', 'line2', 'person', 'contact', 'identity_numbers', 'document_number', 'personal_number',
  'business_name', 'official_name', 'query',
];

export const REDACT_PATHS = [
  ...SENSITIVE_KEYS.map((k) => (/^[a-z_]+$/i.test(k) ? k : `["${k}"]`)),
  ...SENSITIVE_KEYS.map((k) => (/^[a-z_]+$/i.test(k) ? `*.${k}` : `*["${k}"]`)),
  'req.headers["x-api-key"]',
  'headers["x-api-key"]',
];

export function createLogger(options: { level?: string; name?: string; destination?: pino.DestinationStream } = {}): Logger {
  const opts: LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: options.name ?? 'clearwatch' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return options.destination ? pino(opts, options.destination) : pino(opts);
}
