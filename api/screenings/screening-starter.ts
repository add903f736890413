/**
 * Starts the workflows of screenings the API created, and resolves each request only once a
 * workflow that will run its screening exists (an acknowledged screening is never lost).
 *
 * Requests arriving while starts are in flight are grouped: the next start takes every waiting
 * screening of one environment (up to GROUP_LIMIT) into one screeningBatchWorkflow, so under
 * concurrent load one workflow — the Temporal server's unit of cost — runs several screenings,
 * while a lone request still starts its own screeningWorkflow at once (no added wait). With an
 * eager client (a screening worker in this process sharing its connection), the server hands the
 * first workflow task straight back to that worker.
 *
 * A grouped start is then recorded on its screenings (`onGroupStarted`, after the requests are
 * answered): no screening's own id names that workflow, and the workers' start sweep, which starts
 * the workflows of screenings left pending with none recorded, must leave them to it. A lone start
 * needs no record: its workflow id derives from the screening id, which the sweep joins.
 */
import type { Client } from '@temporalio/client';
import type { Environment } from '../../infra/db/tables/common.js';
import { startWorkflowOnce } from '../../infra/temporal/temporal-client.js';
import {
  SCREENING_BATCH_WORKFLOW_TYPE,
  SCREENING_RESOURCE_TYPE,
  SCREENING_WORKFLOW_TYPE,
  screeningGroupWorkflowId,
  screeningWorkflowId,
  type ScreeningBatchInput,
  type ScreeningWorkflowInput,
} from '../../workflows/screening/screening.contract.js';
import { resourceSearchAttributes } from '../../workflows/shared/search-attributes.js';

/** Most screenings one grouped start takes. */
export const GROUP_LIMIT = 64;
/**
 * Starts in flight at once; arrivals meanwhile wait for the next group. One: while a start is on
 * its way to the server, every request that arrives joins the next group, and each workflow the
 * server runs is the largest unit of cost saved. Against two (2026-11-27, `bench/screening-throughput.ts
 * --only sync,async`, alternating runs): sync screenings at 8 clients 88–100/s instead of 67–81,
 * p50 77–87 ms instead of 92–117; async 168–190/s instead of 128–143; a lone request is not
 * affected (it starts at once either way). The cost: a slow start holds the next group back, where
 * two let one group pass another.
 */
export const STARTS_IN_FLIGHT = 1;

/**
 * A start that has not answered by then fails its group (503, the screenings stored failed with
 * not_started): without a deadline a gRPC call to a server that stopped answering can wait
 * forever (the SDK's own advice), and with one start in flight it would hold back every screening
 * behind it. A start the server did take in the meantime runs nothing: its workflow finds the
 * screenings failed, not pending.
 */
export const START_DEADLINE_MS = 15_000;

/**
 * Longest a start that could go now waits for requests of its environment announced (`arriving`)
 * but not yet queued: the records of a burst of requests are committed a few milliseconds apart,
 * and without the wait the first of them started alone and the rest went in the next group. The
 * wait ends as soon as every announced request has queued (or withdrawn), so the limit only counts
 * when records are slow to commit — under load, when larger groups save the most. A lone request,
 * with nothing announced, never waits; under steady load a start waits up to this long even when
 * its group is already large (the price of larger groups: at most 20 ms on a request's answer).
 * Measured (README, Screening → Measured, alternating runs of `bench/screening-throughput.ts --only
 * sync,async`): none → 5 ms: 8 sync clients 2.7–2.8 → 3.5–3.8 screenings per workflow, async 6.3 →
 * 7.5–7.7; 5 → 20 ms (two pairs, ABBA): sync 3.6–3.8 → 4.0–4.2 and async 8.6–9.3 → 10.7–11.0 per
 * workflow, Temporal server CPU per async screening 1.5–1.7 → 1.3 ms, async 244, 209 → 253, 228/s,
 * sync 143, 114 → 141, 129/s (5 → 12 ms and 12 → 20 ms in the README).
 * The limit is per start (timers fire late on a busy event loop); an environment that waits never
 * holds back another environment's group, which goes first.
 */
export const ARRIVAL_LINGER_MS = 20;

/**
 * An announcement not fulfilled by then no longer holds starts back: its record write is stuck (a
 * database that stopped answering), and every start of its environment would otherwise wait the
 * full linger for as long as it stays stuck. Fulfilling it later is harmless (done is idempotent).
 */
export const ANNOUNCEMENT_MAX_MS = 1_000;

/** A request that will call `start` shortly (its record is being written); `done` when it has, or never will. */
export interface Arrival {
  /** Idempotent. */
  done(): void;
}

export interface ScreeningStarter {
  /**
   * Announces a request that will call start soon: while it is on its way, a start that could go
   * waits for it (up to ARRIVAL_LINGER_MS) so both go in one workflow.
   */
  arriving(environment: Environment): Arrival;
  /** Resolves once a workflow running this screening has started; rejects when none could be. `arrival`: this request's announcement, now fulfilled. */
  start(environment: Environment, screeningId: string, arrival?: Arrival): Promise<void>;
}

export interface StarterDeps {
  client: Client;
  taskQueue: string;
  /** The client shares a NativeConnection with a screening worker of this process. */
  eager: boolean;
  /** Starts in flight at once (default STARTS_IN_FLIGHT). */
  startsInFlight?: number;
  /** How long one start may take before its group is refused (default START_DEADLINE_MS). */
  startDeadlineMs?: number;
  /** How long a start waits for announced requests (default ARRIVAL_LINGER_MS). */
  lingerMs?: number;
  /** How long an announcement counts before it lapses (default ANNOUNCEMENT_MAX_MS). */
  announcementMaxMs?: number;
  /** Records the workflow a group of screenings was started in (failures are the callee's to log). */
  onGroupStarted?(environment: Environment, screeningIds: string[], workflowId: string): Promise<void>;
}

interface Waiting {
  environment: Environment;
  id: string;
  resolve(): void;
  reject(error: unknown): void;
}

export function groupingStarter(deps: StarterDeps): ScreeningStarter {
  const queue: Waiting[] = [];
  let inFlight = 0;
  /** Requests announced and not yet queued (or withdrawn), per environment: only they can join a group. */
  const announced = new Map<Environment, number>();
  /** Per environment: when its queued requests could first have started while announced ones were on their way. */
  const lingerSince = new Map<Environment, number>();
  let lingerTimer: ReturnType<typeof setTimeout> | undefined;
  const lingerMs = deps.lingerMs ?? ARRIVAL_LINGER_MS;
  const announcementMaxMs = deps.announcementMaxMs ?? ANNOUNCEMENT_MAX_MS;
  const startsInFlight = deps.startsInFlight ?? STARTS_IN_FLIGHT;
  const startDeadlineMs = deps.startDeadlineMs ?? START_DEADLINE_MS;
  const startOnce = (start: Parameters<typeof startWorkflowOnce>[1]) => deps.client.withDeadline(Date.now() + startDeadlineMs, () => startWorkflowOnce(deps.client, start));

  /** Starts the group's workflow; returns the record to make once the requests are answered. */
  const startGroup = async (group: Waiting[]): Promise<(() => Promise<void>) | undefined> => {
    const first = group[0]!;
    if (group.length === 1) {
      const input: ScreeningWorkflowInput = { screeningId: first.id, environment: first.environment };
      await startOnce({
        workflowType: SCREENING_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueue, workflowId: screeningWorkflowId(first.id),
        searchAttributes: resourceSearchAttributes(SCREENING_RESOURCE_TYPE, first.id, first.environment), requestEagerStart: deps.eager,
      });
      return undefined;
    }
    const input: ScreeningBatchInput = { environment: first.environment, screeningIds: group.map((w) => w.id) };
    const workflowId = screeningGroupWorkflowId(first.id);
    await startOnce({
      workflowType: SCREENING_BATCH_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueue, workflowId,
      searchAttributes: resourceSearchAttributes(SCREENING_RESOURCE_TYPE, first.id, first.environment), requestEagerStart: deps.eager,
    });
    const record = deps.onGroupStarted;
    return record ? () => record(first.environment, input.screeningIds, workflowId) : undefined;
  };

  const queuedOf = (environment: Environment) => {
    let n = 0;
    for (const w of queue) if (w.environment === environment) n += 1;
    return n;
  };

  /** The environments with queued requests, oldest first. */
  const queuedEnvironments = () => {
    const out: Environment[] = [];
    for (const w of queue) if (!out.includes(w.environment)) out.push(w.environment);
    return out;
  };

  /**
   * The environment whose group goes next: the oldest queued one that need not wait for announced
   * requests (none on their way, a full group, or its linger over). One that must wait never holds
   * back another environment's group. Undefined, with the time to the first linger's end, when all wait.
   */
  const nextEnvironment = (): { environment?: Environment; waitMs: number } => {
    const now = performance.now();
    let waitMs = Number.POSITIVE_INFINITY;
    for (const environment of queuedEnvironments()) {
      if ((announced.get(environment) ?? 0) > 0 && queuedOf(environment) < GROUP_LIMIT) {
        const since = lingerSince.get(environment) ?? now;
        lingerSince.set(environment, since);
        const left = since + lingerMs - now;
        if (left > 0) {
          waitMs = Math.min(waitMs, left);
          continue;
        }
      }
      return { environment, waitMs: 0 };
    }
    return { waitMs };
  };

  const pump = () => {
    while (inFlight < startsInFlight && queue.length > 0) {
      const { environment, waitMs } = nextEnvironment();
      if (environment === undefined) {
        lingerTimer ??= setTimeout(() => {
          lingerTimer = undefined;
          pump();
        }, Math.ceil(waitMs));
        return;
      }
      lingerSince.delete(environment);
      const group: Waiting[] = [];
      for (let i = 0; i < queue.length && group.length < GROUP_LIMIT; ) {
        if (queue[i]!.environment === environment) group.push(...queue.splice(i, 1));
        else i += 1;
      }
      inFlight += 1;
      startGroup(group).then(
        async (record) => {
          group.forEach((w) => w.resolve());
          // Holds this start's slot until recorded, so records never pile up behind the starts.
          await record?.().catch(() => undefined);
        },
        (error: unknown) => group.forEach((w) => w.reject(error)),
      ).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };

  return {
    arriving(environment) {
      announced.set(environment, (announced.get(environment) ?? 0) + 1);
      let open = true;
      const done = () => {
        if (!open) return;
        open = false;
        clearTimeout(lapse);
        const left = (announced.get(environment) ?? 1) - 1;
        if (left > 0) announced.set(environment, left);
        else announced.delete(environment);
        pump();
      };
      const lapse = setTimeout(done, announcementMaxMs);
      lapse.unref?.();
      return { done };
    },
    start(environment, id, arrival) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ environment, id, resolve, reject });
        arrival?.done();
        pump();
      });
    },
  };
}
