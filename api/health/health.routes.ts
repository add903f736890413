/**
 * GET /healthz: the process is alive (no dependencies checked, no auth).
 * GET /readyz: database, Temporal and object storage answer; 503 naming the failing parts otherwise.
 */
import type { Express } from 'express';

export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

const CHECK_TIMEOUT_MS = 3000;

async function runCheck(check: ReadinessCheck): Promise<{ name: string; ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check.check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { name: check.name, ok: true };
  } catch (error) {
    // Only a short reason: connection details can hold hosts and user names.
    const message = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'failed';
    return { name: check.name, ok: false, error: message };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: Express, checks: ReadinessCheck[]): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(checks.map(runCheck));
    const failing = results.filter((r) => !r.ok);
    res.status(failing.length === 0 ? 200 : 503).json({
      status: failing.length === 0 ? 'ready' : 'not_ready',
      checks: Object.fromEntries(results.map((r) => [r.name, r.ok ? 'ok' : `failing: ${r.error}`])),
      ...(failing.length > 0 ? { failing: failing.map((f) => f.name) } : {}),
    });
  });
}
