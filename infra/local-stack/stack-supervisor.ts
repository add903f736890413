// Keeps the processes of `npm start` running and stops them in order on Ctrl-C, SIGTERM or a
// failed start-up step: programs first (API, worker), then the servers in the reverse order of
// their dependencies (MinIO, Temporal, PostgreSQL). A member that dies while the stack runs is
// restarted with backoff (restart-backoff.ts) and a log line — a SIGKILLed worker never takes
// the API down with it, and a crashed PostgreSQL, Temporal or MinIO comes back on its own data.
import { tailFile } from './log-tail.js';
import type { ManagedProcess } from './process-group.js';
import { nextAttempt, restartDelayMs, RESTART_BACKOFF } from './restart-backoff.js';

/** Lower tiers stop first. */
export const STOP_TIER = { program: 0, minio: 1, temporal: 2, postgres: 3 } as const;

export interface MemberOptions {
  /** A step that runs to its end (migrations, CLI); its exit is not a crash. */
  oneShot?: boolean;
  /** Starts a replacement after a crash; without it a crash stops the whole stack. */
  restart?: () => Promise<ManagedProcess>;
  /** Told about each new process (e.g. to record its pid). */
  onStarted?: (process: ManagedProcess) => void;
}

interface Member {
  process: ManagedProcess;
  tier: number;
  options: MemberOptions;
  startedAt: number;
  attempt: number;
  restartTimer?: NodeJS.Timeout;
}

export interface SupervisorOptions {
  /** Ends the program after shutdown (process.exit by default; tests pass their own). */
  exit?: (code: number) => void;
  /** Listen for SIGINT/SIGTERM/SIGHUP (the real stack does; tests do not). */
  handleSignals?: boolean;
  log?: (line: string) => void;
  backoff?: { initialMs: number; maxMs: number; healthyAfterMs: number };
}

export class StackSupervisor {
  private readonly members: Member[] = [];
  private stopping: Promise<void> | undefined;
  private readonly exit: (code: number) => void;
  private readonly log: (line: string) => void;
  private readonly backoff: { initialMs: number; maxMs: number; healthyAfterMs: number };

  constructor(options: SupervisorOptions = {}) {
    this.exit = options.exit ?? ((code) => process.exit(code));
    this.log = options.log ?? ((line) => console.error(line));
    this.backoff = options.backoff ?? RESTART_BACKOFF;
    if (options.handleSignals ?? true) {
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
        process.on(signal, () => {
          this.log(`\n[stack] ${signal}: stopping`);
          void this.shutdown(0);
        });
      }
    }
  }

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /** The current process of each long-running member, by name. */
  running(): ManagedProcess[] {
    return this.members.filter((member) => !member.options.oneShot).map((member) => member.process);
  }

  /** Watches a process: a crash restarts it (when it can be restarted) or stops the whole stack. */
  add(child: ManagedProcess, tier: number, options: MemberOptions = {}): ManagedProcess {
    const member: Member = { process: child, tier, options, startedAt: Date.now(), attempt: 0 };
    this.members.push(member);
    // Started while stopping (a step still in flight): it goes at once.
    if (this.stopping) void child.stop();
    this.watch(member);
    options.onStarted?.(child);
    return child;
  }

  private watch(member: Member): void {
    const child = member.process;
    void child.exited.then((info) => {
      if (member.process !== child) return;
      if (member.options.oneShot || this.stopping) {
        this.forget(member);
        return;
      }
      const log = child.logFile ? `\n--- last lines of ${child.logFile} ---\n${tailFile(child.logFile)}` : '';
      if (!member.options.restart) {
        this.log(`[stack] ${child.name} exited unexpectedly (code ${info.code}, signal ${info.signal})${log}`);
        void this.shutdown(1);
        return;
      }
      member.attempt = nextAttempt(member.attempt, Date.now() - member.startedAt, this.backoff.healthyAfterMs);
      this.scheduleRestart(member, `exited unexpectedly (code ${info.code}, signal ${info.signal})`, log);
    });
  }

  private scheduleRestart(member: Member, why: string, log = ''): void {
    const delay = restartDelayMs(member.attempt, this.backoff);
    this.log(`[stack] ${member.process.name} ${why}; restarting in ${(delay / 1000).toFixed(1)} s (restart ${member.attempt})${log}`);
    member.restartTimer = setTimeout(() => {
      member.restartTimer = undefined;
      if (this.stopping) return;
      member.options.restart!().then(
        (replacement) => {
          if (this.stopping) {
            void replacement.stop();
            return;
          }
          member.process = replacement;
          member.startedAt = Date.now();
          this.log(`[stack] ${replacement.name} restarted (pid ${replacement.pid})`);
          this.watch(member);
          member.options.onStarted?.(replacement);
        },
        (error: unknown) => {
          member.attempt += 1;
          this.scheduleRestart(member, `could not be restarted (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
        },
      );
    }, delay);
  }

  private forget(member: Member): void {
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
  }

  /** Stops everything, tier by tier, then ends the program with `code`. */
  shutdown(code: number): Promise<void> {
    this.stopping ??= (async () => {
      for (const member of this.members) if (member.restartTimer) clearTimeout(member.restartTimer);
      const tiers = [...new Set(this.members.map((member) => member.tier))].sort((a, b) => a - b);
      for (const tier of tiers) {
        const inTier = this.members.filter((member) => member.tier === tier && member.process.isRunning());
        await Promise.all(
          inTier.map(async (member) => {
            const info = await member.process.stop(tier === STOP_TIER.postgres ? 30_000 : 15_000);
            this.log(`[stack] ${member.process.name} stopped (${info.signal ?? `code ${info.code}`})`);
          }),
        );
      }
      this.exit(code);
    })();
    return this.stopping;
  }
}
