/**
 * Object storage through the S3 API (the `minio` client), so MinIO or any S3 store works.
 * Object keys start with the environment (`staging/...`, `production/...`) so a staging reset can
 * remove staging files by prefix. The bucket is private; files leave only through presigned URLs.
 */
import type http from 'node:http';
import { Client } from 'minio';
import type { Readable } from 'node:stream';

export interface StorageSettings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
  /** Host clients use; presigned URLs are signed for it. Defaults to `endpoint`. */
  publicEndpoint?: string | undefined;
  /** Connection agent (e.g. one whose lookup goes through the SSRF guard, for customers' stores). */
  agent?: http.Agent | undefined;
}

export interface ObjectStorage {
  bucket: string;
  ensureBucket(): Promise<void>;
  ping(): Promise<void>;
  presignedPutUrl(key: string, expiresInSeconds: number): Promise<string>;
  presignedGetUrl(key: string, expiresInSeconds: number, downloadName?: string): Promise<string>;
  stat(key: string): Promise<{ size: number; contentType: string | undefined } | null>;
  getObject(key: string): Promise<Readable>;
  putObject(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Server-side copy within the bucket; false when the source does not exist. */
  copyObject(sourceKey: string, targetKey: string): Promise<boolean>;
  removeObject(key: string): Promise<void>;
  removePrefix(prefix: string): Promise<number>;
}

/** Storage settings from the validated configuration (one mapping for the API, worker and tools). */
export function storageSettingsFromConfig(config: {
  S3_ENDPOINT: string; S3_ACCESS_KEY: string; S3_SECRET_KEY: string; S3_BUCKET: string; S3_REGION: string; S3_PUBLIC_ENDPOINT?: string | undefined;
}): StorageSettings {
  return {
    endpoint: config.S3_ENDPOINT,
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    publicEndpoint: config.S3_PUBLIC_ENDPOINT,
  };
}

function clientFor(endpoint: string, s: StorageSettings): Client {
  const url = new URL(endpoint);
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80,
    useSSL: url.protocol === 'https:',
    accessKey: s.accessKey,
    secretKey: s.secretKey,
    // Giving the region stops the client from asking the server for the bucket region.
    region: s.region,
    pathStyle: true,
    ...(s.agent ? { transportAgent: s.agent } : {}),
  });
}

export function createObjectStorage(settings: StorageSettings): ObjectStorage {
  const client = clientFor(settings.endpoint, settings);
  const signer = settings.publicEndpoint ? clientFor(settings.publicEndpoint, settings) : client;
  const bucket = settings.bucket;
  return {
    bucket,
    async ensureBucket() {
      if (!(await client.bucketExists(bucket))) {
        try {
          await client.makeBucket(bucket, settings.region);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
        }
      }
    },
    async ping() {
      if (!(await client.bucketExists(bucket))) throw new Error(`bucket ${bucket} does not exist`);
    },
    presignedPutUrl: (key, expires) => signer.presignedPutObject(bucket, key, expires),
    presignedGetUrl: (key, expires, downloadName) =>
      signer.presignedGetObject(bucket, key, expires, downloadName ? { 'response-content-disposition': `attachment; filename="${downloadName.replace(/["\\\r\n]/g, '_')}"` } : {}),
    async stat(key) {
      try {
        const s = await client.statObject(bucket, key);
        return { size: s.size, contentType: (s.metaData?.['content-type'] as string | undefined) ?? undefined };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'NotFound' || code === 'NoSuchKey') return null;
        throw error;
      }
    },
    getObject: (key) => client.getObject(bucket, key),
    async putObject(key, body, contentType) {
      await client.putObject(bucket, key, body, body.length, { 'Content-Type': contentType });
    },
    async copyObject(sourceKey, targetKey) {
      try {
        await client.copyObject(bucket, targetKey, `/${bucket}/${sourceKey}`);
        return true;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'NotFound' || code === 'NoSuchKey') return false;
        throw error;
      }
    },
    removeObject: (key) => client.removeObject(bucket, key),
    async removePrefix(prefix) {
      const keys: string[] = [];
      const stream = client.listObjectsV2(bucket, prefix, true);
      for await (const item of stream as AsyncIterable<{ name?: string }>) if (item.name) keys.push(item.name);
      if (keys.length > 0) await client.removeObjects(bucket, keys);
      return keys.length;
    },
  };
}
