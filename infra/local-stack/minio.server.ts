// Runs a MinIO server (S3-compatible object storage) bound to 127.0.0.1 with given root
// credentials, optionally with its web console.
import { mkdirSync } from 'node:fs';
import { startProcess, type ManagedProcess } from './process-group.js';
import { isHttpOk, waitFor } from './wait-for.js';

export interface MinioOptions {
  binary: string;
  dataDir: string;
  port: number;
  /** Console port; omit to run without the console. */
  consolePort?: number;
  accessKey: string;
  secretKey: string;
  logFile: string;
  unref?: boolean;
}

export interface MinioServer {
  process: ManagedProcess;
  endpoint: string;
  consoleUrl: string | undefined;
  stop(): Promise<void>;
}

export async function startMinio(options: MinioOptions): Promise<MinioServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const args = ['server', options.dataDir, '--address', `127.0.0.1:${options.port}`, '--quiet'];
  if (options.consolePort !== undefined) args.push('--console-address', `127.0.0.1:${options.consolePort}`);
  const server = startProcess({
    name: 'minio',
    command: options.binary,
    args,
    env: {
      ...process.env,
      MINIO_ROOT_USER: options.accessKey,
      MINIO_ROOT_PASSWORD: options.secretKey,
      MINIO_BROWSER: options.consolePort === undefined ? 'off' : 'on',
      // The machine has no route to the internet: no update checks or call-home.
      MINIO_UPDATE: 'off',
      MINIO_CALLHOME_ENABLE: 'off',
    },
    logFile: options.logFile,
    unref: options.unref,
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  await waitFor('minio', () => isHttpOk(`${endpoint}/minio/health/live`), { process: server, timeoutMs: 60_000 });
  return {
    process: server,
    endpoint,
    consoleUrl: options.consolePort === undefined ? undefined : `http://127.0.0.1:${options.consolePort}`,
    async stop() {
      await server.stop();
    },
  };
}

