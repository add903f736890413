/** Real API processes (test/platform/fixtures/rate-limited-api.process.ts) over one test database. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ApiProcesses {
  urls: string[];
  stop(): void;
}

export async function startApiProcesses(count: number, env: { databaseUrl: string; perMinute: number; burst: number }): Promise<ApiProcesses> {
  const script = path.resolve(import.meta.dirname, '../fixtures/rate-limited-api.process.ts');
  const procs: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, TEST_DATABASE_URL_FOR_PROCESS: env.databaseUrl, RATE_BURST: String(env.burst), RATE_PER_MINUTE: String(env.perMinute) },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const stop = () => {
    for (const p of procs) p.kill('SIGTERM');
  };
  try {
    const ports = await Promise.all(procs.map((p) => new Promise<number>((resolve, reject) => {
      p.stdout!.on('data', (d: Buffer) => {
        const m = /PORT=(\d+)/.exec(String(d));
        if (m) resolve(Number(m[1]));
      });
      p.on('exit', (code) => reject(new Error(`api process exited ${code}`)));
    })));
    return { urls: ports.map((port) => `http://127.0.0.1:${port}`), stop };
  } catch (error) {
    stop();
    throw error;
  }
}
