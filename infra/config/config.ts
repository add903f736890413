/**
 * All configuration, read from the environment and validated in one place at start-up.
 * A missing or invalid value stops the process with a message naming the variable.
 */
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const url = z.url();

const ConfigSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** The service's public origin (scheme://host[:port], no path): the issuer's did:web and status-list URLs derive from it. Default http://127.0.0.1:<PORT>. */
  PUBLIC_BASE_URL: url.refine((v) => /^https?:\/\/[^/?#]+\/?$/.test(v), 'must be an origin like https://verify.example.com (no path)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: url.refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  TEMPORAL_ADDRESS: z.string().regex(/^[\w.-]+:\d+$/, 'must be host:port'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  S3_ENDPOINT: url,
  S3_ACCESS_KEY: z.string().min(3),
  S3_SECRET_KEY: z.string().min(8),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name').default('clearwatch'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Base URL clients use to reach the object store (presigned URLs are signed for this host). */
  S3_PUBLIC_ENDPOINT: url.optional(),
  LISTS_DIR: z.string().min(1).optional(),
  /** Lists the refresh schedule downloads: JSON array of default-source slugs or {slug, downloads, ...} (README, Screening). Unset: the default sources that allow any use. */
  LIST_SOURCES: z.string().min(2).optional(),
  /** How often the list-refresh schedule runs (Temporal interval such as 6h, 30m, 1d), or off. */
  LIST_REFRESH_INTERVAL: z.string().regex(/^(off|\d+[smhd])$/, 'must be like 6h, 30m, 1d, or off').default('6h'),
  /** Comma-separated RSS/Atom feed URLs the list refresh also ingests as adverse-media articles. */
  ADVERSE_MEDIA_FEEDS: z.string().default(''),
  COMPANIES_HOUSE_API_KEY: z.string().min(1).optional(),
  COMPANIES_HOUSE_BASE_URL: url.default('https://api.company-information.service.gov.uk'),
  BRASILAPI_BASE_URL: url.default('https://brasilapi.com.br'),
  OPENCORPORATES_API_TOKEN: z.string().min(1).optional(),
  OPENCORPORATES_BASE_URL: url.default('https://api.opencorporates.com/v0.4'),
  REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Comma-separated host[:port] entries that outbound calls may reach even when they resolve to private addresses (tests, on-prem targets). */
  OUTBOUND_ALLOWLIST: z.string().default(''),
  /** Default rate-limit tier (spec: 300/min, burst 500). Raise only for load tests. */
  RATE_LIMIT_DEFAULT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_DEFAULT_BURST: z.coerce.number().int().min(1).default(500),
  /** Key-encryption key for secrets stored by the service (webhook secrets, stream credentials, issuer keys): 32 bytes, base64. `npm start` generates one into .data/. */
  SECRETS_ENCRYPTION_KEY: z.string().refine((v) => {
    try {
      return Buffer.from(v.trim(), v.includes('-') || v.includes('_') ? 'base64url' : 'base64').length === 32;
    } catch {
      return false;
    }
  }, 'must be 32 bytes encoded as base64 (generate with: openssl rand -base64 32)'),
  /** Webhook retry schedule: delays between attempts (Temporal durations), the first attempt immediate. Default: Svix's. */
  WEBHOOK_RETRY_SCHEDULE: z.string().regex(/^\s*\d+(ms|s|m|h|d)(\s*,\s*\d+(ms|s|m|h|d))*\s*$/, 'must be a comma-separated list of durations like 5s,5m,30m').default('5s,5m,30m,2h,5h,10h,10h'),
  /** RDAP server for website checks' domain registration dates (e.g. https://rdap.org); unset: no registration lookups. */
  RDAP_BASE_URL: url.optional(),
  /** Task queues a worker process serves: all, or comma-separated names (screening, screeningRuns, businesses, identity, events, credentials, workflows, websiteChecks). They share the process's workflow threads (WORKFLOW_THREADS). The worker checks the names (worker/task-queue-selection.ts). */
  WORKER_TASK_QUEUES: z.string().default('all'),
  /** Workflow threads of a worker process, shared by all the task queues it serves (infra/temporal/shared-workflow-threads.ts): each is a V8 isolate holding the workflow bundle (40–55 MB). 0: a thread of its own for each queue (the SDK's layout). */
  WORKFLOW_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  /** Run a screening worker inside each API process (screenings start eagerly on it); false leaves screenings to the standalone workers. */
  SCREENING_WORKER_IN_API: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  /** Seconds a screening may stay pending with no workflow recorded before the workers' start sweep starts it (its start was lost). */
  SCREENING_START_GRACE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(60),
  /** Request body limit for JSON bodies. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(1024 * 1024),
});

export type AppConfig = z.infer<typeof ConfigSchema> & { PUBLIC_BASE_URL: string };

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming every bad or missing variable. Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (result.success) return { ...result.data, PUBLIC_BASE_URL: (result.data.PUBLIC_BASE_URL ?? `http://127.0.0.1:${result.data.PORT}`).replace(/\/$/, '') };
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? '(unknown)'),
      message: issue.code === 'invalid_type' && cleaned[String(issue.path[0])] === undefined ? 'is required' : issue.message,
    })),
  );
}

/** Variable names, for documentation and the README check. */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape);

/** Loads config or prints the problems and exits; for process entry points. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
