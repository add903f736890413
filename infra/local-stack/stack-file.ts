// What a running `npm start` started, recorded in .data/stack.json so the CLI and the benches
// find the stack without any variable set: the addresses (API, PostgreSQL, Temporal, S3), the
// non-secret settings (namespace, bucket, region) and the pid of `npm start` (a file whose process
// is gone is stale and ignored). Secrets stay in their own files (MinIO credentials, the
// encryption key, dev API keys); every file here is written with mode 0600 all the same, since a
// DATABASE_URL given to `npm start` may carry a password.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encryptionKeyFile, minioCredentialsFile, type S3Credentials } from './dev-credentials.js';

export interface StackRecord {
  pid: number;
  startedAt: string;
  apiUrl: string | null;
  databaseUrl: string;
  temporalAddress: string;
  temporalNamespace: string;
  s3Endpoint: string;
  s3Bucket: string;
  s3Region: string;
}

export function stackFile(dataDir: string): string {
  return path.join(dataDir, 'stack.json');
}

export function writeStackFile(dataDir: string, record: StackRecord): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(stackFile(dataDir), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
}

export function removeStackFile(dataDir: string, pid: number = process.pid): void {
  const record = readStackRecord(dataDir, { includeStale: true });
  if (record?.pid === pid) rmSync(stackFile(dataDir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The record of the running stack, or undefined (no file, unreadable, or its `npm start` is gone). */
export function readStackRecord(dataDir: string, options: { includeStale?: boolean } = {}): StackRecord | undefined {
  const file = stackFile(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as StackRecord;
    if (!options.includeStale && !isAlive(record.pid)) return undefined;
    return record;
  } catch {
    return undefined;
  }
}

function readJson<T>(file: string): T | undefined {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The environment a program run next to the stack should see: `env` as given, with every
 * variable it leaves unset filled from the running stack's record (and the S3 credentials and
 * encryption key `npm start` keeps in .data when it started MinIO or made the key).
 */
export function withStackDefaults(env: NodeJS.ProcessEnv, dataDir: string): NodeJS.ProcessEnv {
  const record = readStackRecord(dataDir);
  if (!record) return env;
  const minio = readJson<S3Credentials>(minioCredentialsFile(dataDir));
  const encryption = readJson<{ key: string }>(encryptionKeyFile(dataDir));
  const defaults: Record<string, string | undefined> = {
    DATABASE_URL: record.databaseUrl,
    TEMPORAL_ADDRESS: record.temporalAddress,
    TEMPORAL_NAMESPACE: record.temporalNamespace,
    S3_ENDPOINT: record.s3Endpoint,
    S3_BUCKET: record.s3Bucket,
    S3_REGION: record.s3Region,
    // Credentials go with the endpoint they belong to: only when the S3 endpoint is the stack's too.
    S3_ACCESS_KEY: env.S3_ENDPOINT ? undefined : minio?.accessKey,
    S3_SECRET_KEY: env.S3_ENDPOINT ? undefined : minio?.secretKey,
    SECRETS_ENCRYPTION_KEY: encryption?.key,
    BASE_URL: record.apiUrl ?? undefined,
  };
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(defaults)) {
    if ((merged[name] === undefined || merged[name] === '') && value !== undefined) merged[name] = value;
  }
  return merged;
}
