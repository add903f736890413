// Development secrets of the local stack, made once and kept in .data (mode 0600): the MinIO
// root credentials, the key-encryption key of stored secrets, and the two API keys `npm start`
// creates on its first run.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface S3Credentials {
  accessKey: string;
  secretKey: string;
}

export interface DevApiKeys {
  staging: string;
  production: string;
}

function writeSecret(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

export function minioCredentialsFile(dataDir: string): string {
  return path.join(dataDir, 'minio-credentials.json');
}

export function loadOrCreateMinioCredentials(dataDir: string): S3Credentials {
  const file = minioCredentialsFile(dataDir);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as S3Credentials;
  const credentials = { accessKey: 'clearwatch-dev', secretKey: randomBytes(24).toString('hex') };
  writeSecret(file, credentials);
  return credentials;
}

export function devApiKeysFile(dataDir: string): string {
  return path.join(dataDir, 'dev-api-keys.json');
}

export function readDevApiKeys(dataDir: string): DevApiKeys | undefined {
  const file = devApiKeysFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DevApiKeys) : undefined;
}

export function writeDevApiKeys(dataDir: string, keys: DevApiKeys): void {
  writeSecret(devApiKeysFile(dataDir), keys);
}

export function encryptionKeyFile(dataDir: string): string {
  return path.join(dataDir, 'secrets-encryption-key.json');
}

/** The local stack's SECRETS_ENCRYPTION_KEY: 32 random bytes, base64, made once. */
export function loadOrCreateEncryptionKey(dataDir: string): string {
  const file = encryptionKeyFile(dataDir);
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { key: string }).key;
  const key = randomBytes(32).toString('base64');
  writeSecret(file, { key });
  return key;
}
