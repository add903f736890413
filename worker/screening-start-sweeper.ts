/**
 * Runs the screening start sweep (activities/screening/screening-start-sweep.ts) in the worker
 * process, every half grace period (at least every 5 s), one sweep at a time. Every worker sweeps:
 * the workflow ids are deterministic and started with USE_EXISTING, so sweeps of several workers
 * start each workflow once. A failed sweep is logged and the next one tries again.
 */
import { sweepUnstartedScreenings, type StartSweepDeps } from '../activities/screening/screening-start-sweep.js';

export interface ScreeningStartSweeper {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export function startScreeningStartSweeper(deps: StartSweepDeps, graceMs: number): ScreeningStartSweeper {
  const everyMs = Math.max(5_000, Math.floor(graceMs / 2));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweepUnstartedScreenings(deps, { graceMs })
        .then(() => undefined, (error: unknown) => deps.logger.error({ err: error }, 'screening start sweep failed'))
        .finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
