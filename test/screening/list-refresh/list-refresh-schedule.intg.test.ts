/** The list-refresh Schedule on the dev server: created once, brought up to date on every start, paused by `off`. */
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureListRefreshSchedule } from '../../../workflows/list-refresh/list-refresh.schedule.js';
import { testEnv } from '../../setup/test-env.js';
import { silentLogger } from '../support/screening-test-context.js';

let connection: Connection;
const scheduleId = `list-refresh-test-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  connection = await Connection.connect({ address: testEnv().temporalAddress });
});
afterAll(async () => {
  await new Client({ connection, namespace: testEnv().temporalNamespace }).schedule.getHandle(scheduleId).delete().catch(() => undefined);
  await connection?.close();
});

it('creates the schedule once and updates it idempotently on later starts', async () => {
  const options = { namespace: testEnv().temporalNamespace, taskQueue: 'screening-q', interval: '6h', logger: silentLogger, scheduleId };
  expect(await ensureListRefreshSchedule(connection, options)).toBe('created');
  expect(await ensureListRefreshSchedule(connection, options)).toBe('updated');

  const handle = new Client({ connection, namespace: testEnv().temporalNamespace }).schedule.getHandle(scheduleId);
  let described = await handle.describe();
  expect(described.spec.intervals).toMatchObject([{ every: 6 * 3600 * 1000 }]);
  expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'listRefreshWorkflow', taskQueue: 'screening-q' });
  expect(described.policies.overlap).toBe('SKIP');
  expect(described.state.paused).toBe(false);

  expect(await ensureListRefreshSchedule(connection, { ...options, interval: '30m', taskQueue: 'screening-q2' })).toBe('updated');
  described = await handle.describe();
  expect(described.spec.intervals).toMatchObject([{ every: 30 * 60 * 1000 }]);
  expect(described.action).toMatchObject({ taskQueue: 'screening-q2' });

  expect(await ensureListRefreshSchedule(connection, { ...options, interval: 'off' })).toBe('paused');
  expect((await handle.describe()).state.paused).toBe(true);
});
