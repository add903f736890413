// Keeps the processes of `npm start` and stops them in order on Ctrl-C, SIGTERM, a failed
// step, or one of them dying: programs first (API, worker), then the servers in the reverse
// order of their dependencies (MinIO, Temporal, PostgreSQL).
import { tailFile } from './log-tail.js';
import type { ManagedProcess } from './process-group.js';

/** Lower tiers stop first. */
export const STOP_TIER = { program: 0, minio: 1, temporal: 2, postgres: 3 } as const;

interface Supervised {
  process: ManagedProcess;
  tier: number;
}

export class StackSupervisor {
  private readonly members: Supervised[] = [];
  private stopping: Promise<never> | undefined;

  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        console.error(`\n[stack] ${signal}: stopping`);
        void this.shutdown(0);
      });
    }
  }

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /** Watches a process: if it exits while the stack runs, the whole stack goes down with code 1. */
  add(child: ManagedProcess, tier: number, options: { oneShot?: boolean } = {}): ManagedProcess {
    const member = { process: child, tier };
    this.members.push(member);
    // Started while stopping (a step still in flight): it goes at once.
    if (this.stopping) void child.stop();
    void child.exited.then((info) => {
      if (options.oneShot || this.stopping) {
        this.members.splice(this.members.indexOf(member), 1);
        return;
      }
      const log = child.logFile ? `\n--- last lines of ${child.logFile} ---\n${tailFile(child.logFile)}` : '';
      console.error(`[stack] ${child.name} exited unexpectedly (code ${info.code}, signal ${info.signal})${log}`);
      void this.shutdown(1);
    });
    return child;
  }

  /** Stops everything, tier by tier, then exits the process with `code`. */
  shutdown(code: number): Promise<never> {
    this.stopping ??= (async () => {
      const tiers = [...new Set(this.members.map((member) => member.tier))].sort((a, b) => a - b);
      for (const tier of tiers) {
        const inTier = this.members.filter((member) => member.tier === tier && member.process.isRunning());
        await Promise.all(
          inTier.map(async (member) => {
            const info = await member.process.stop(tier === STOP_TIER.postgres ? 30_000 : 15_000);
            console.error(`[stack] ${member.process.name} stopped (${info.signal ?? `code ${info.code}`})`);
          }),
        );
      }
      process.exit(code);
    })();
    return this.stopping;
  }
}
