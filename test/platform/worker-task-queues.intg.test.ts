// A worker started with an unknown task queue in WORKER_TASK_QUEUES stops at once and says why
// (before it connects to anything), instead of running without the queue the operator meant.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('worker WORKER_TASK_QUEUES', () => {
  it('exits with the unknown queue named', async () => {
    const env = {
      PATH: process.env.PATH,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_ACCESS_KEY: 'unused',
      S3_SECRET_KEY: 'unused-secret',
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WORKER_TASK_QUEUES: 'screening,ocr',
      LOG_LEVEL: 'info',
    };
    const failure = await run(process.execPath, ['--import', 'tsx', path.join(root, 'worker/main.ts')], { env, cwd: root, timeout: 60_000 }).then(
      () => undefined,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(`${failure?.stdout}${failure?.stderr}`).toContain('unknown task queue \\"ocr\\"');
  }, 90_000);
});
