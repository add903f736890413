/**
 * Client-side (never imported by workflow code): creates the Temporal Schedule that runs
 * listRefreshWorkflow every LIST_REFRESH_INTERVAL, idempotently — every worker calls this at
 * start-up; the first creates it, the others find it and bring its interval and task queue up to
 * date. `off` pauses it. Overlapping runs are skipped.
 */
import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Connection } from '@temporalio/client';
import type { Logger } from '../../infra/logger/logger.js';
import { LIST_REFRESH_SCHEDULE_ID, LIST_REFRESH_WORKFLOW_TYPE, type ListRefreshInput } from './list-refresh.contract.js';

export interface ListRefreshScheduleOptions {
  namespace: string;
  taskQueue: string;
  /** Temporal duration (`6h`, `30m`, `1d`) or `off`. */
  interval: string;
  logger: Logger;
  scheduleId?: string;
}

export async function ensureListRefreshSchedule(connection: Connection, options: ListRefreshScheduleOptions): Promise<'created' | 'updated' | 'paused'> {
  const client = new Client({ connection, namespace: options.namespace });
  const scheduleId = options.scheduleId ?? LIST_REFRESH_SCHEDULE_ID;
  const off = options.interval === 'off';
  const every = off ? '6h' : options.interval;
  const action = { type: 'startWorkflow' as const, workflowType: LIST_REFRESH_WORKFLOW_TYPE, args: [{} satisfies ListRefreshInput], taskQueue: options.taskQueue };
  try {
    await client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every }] },
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 hour' },
      state: { paused: off, note: off ? 'LIST_REFRESH_INTERVAL=off' : `every ${every}` },
    });
    options.logger.info({ scheduleId, every: off ? 'off' : every }, 'list refresh schedule created');
    return off ? 'paused' : 'created';
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  const handle = client.schedule.getHandle(scheduleId);
  await handle.update((previous) => ({
    ...previous,
    spec: { intervals: [{ every }] },
    action,
    state: { ...previous.state, paused: off, note: off ? 'LIST_REFRESH_INTERVAL=off' : `every ${every}` },
  }));
  options.logger.info({ scheduleId, every: off ? 'off' : every }, 'list refresh schedule brought up to date');
  return off ? 'paused' : 'updated';
}
