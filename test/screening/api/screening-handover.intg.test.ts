/**
 * Screenings stored by a screening worker in the API's own process reach the requests waiting for
 * them with their stored rows (FinishedScreenings): a sync POST /v1/screenings, or a batch with sync
 * items, answers with those rows instead of reading the records back — exactly as GET shows them.
 * A row of another environment, or one nobody waits for, is not taken; a listener that throws
 * fails neither the others nor the activity that stored the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FinishedScreenings } from '../../../activities/screening/finished-screenings.model.js';
import { notifiedCompletionWaiter } from '../../../api/screenings/screening-completion.js';
import { sql } from 'kysely';
import { listenForPayloads } from '../../../infra/db/notifications.js';
import { SCREENING_FINISHED_CHANNEL } from '../../../infra/db/repositories/screenings.repository.js';
import type { ScreeningRow } from '../../../infra/db/tables/screenings.table.js';
import { importRealLists, personBody, silentLogger, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';

/** Hands over what the runs publish, after `alter` (to show which copy a response came from). */
class AlteringHub extends FinishedScreenings {
  published: ScreeningRow[] = [];
  alter: ((row: ScreeningRow) => ScreeningRow) | undefined;
  override publish(rows: readonly ScreeningRow[]): void {
    this.published.push(...rows);
    super.publish(this.alter ? rows.map(this.alter) : rows);
  }
}

const UN_PERSON = { name_first: 'Jean-Marie Lugerero', name_last: 'Rukunda' };
const NOBODY = { name_first: 'Tamsin', name_last: 'Oyelaran-Whitcombe' };

let ctx: ScreeningTestContext;
// A generous grace: the test machine may run the notification well ahead of the commit's answer.
const hub = new AlteringHub(2000);

beforeAll(async () => {
  ctx = await startScreeningContext({ finished: hub });
  await importRealLists(ctx.tdb.db, 'un_sc_2026-02-27');
}, 120_000);
afterAll(async () => ctx?.close());

describe('sync screenings answered with the rows their run stored', () => {
  it('answers a sync screening with the stored row, exactly as GET shows the record', async () => {
    hub.alter = undefined;
    const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: personBody('screening/watchlist', UN_PERSON, { execution_mode: 'sync' }) });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes.status).toBe('completed');
    expect(res.body.data.attributes.has_match).toBe(true);
    expect(hub.published.map((r) => r.id)).toContain(res.body.data.id);
    const get = await ctx.api.request('GET', `/v1/screenings/${res.body.data.id}`, { key: ctx.keys.staging });
    expect(get.body.data).toEqual(res.body.data);
  });

  it('takes the handed row instead of reading the record back', async () => {
    hub.alter = (row) => ({ ...row, ignore_list: ['handed-over'] });
    try {
      const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: personBody('screening/watchlist', NOBODY, { execution_mode: 'sync' }) });
      expect(res.status).toBe(201);
      expect(res.body.data.attributes.status).toBe('completed');
      expect(res.body.data.attributes.ignore_list).toEqual(['handed-over']);
      const get = await ctx.api.request('GET', `/v1/screenings/${res.body.data.id}`, { key: ctx.keys.staging });
      expect(get.body.data.attributes.ignore_list).toEqual([]);
    } finally {
      hub.alter = undefined;
    }
  });

  it('a batch with sync items answers with the handed rows, the async ones as created', async () => {
    hub.alter = (row) => ({ ...row, ignore_list: ['handed-over'] });
    try {
      const res = await ctx.api.request('POST', '/v1/screenings/batch', {
        key: ctx.keys.staging,
        body: { data: [
          { type: 'screening/watchlist', attributes: { query: UN_PERSON, execution_mode: 'sync' } },
          { type: 'screening/watchlist', attributes: { query: NOBODY } },
        ] },
      });
      expect(res.status).toBe(201);
      const [sync, async_] = res.body.data;
      expect(sync.attributes.status).toBe('completed');
      expect(sync.attributes.ignore_list).toEqual(['handed-over']);
      // The async item may have finished as well (the same run stored it); it is answered either way.
      expect(['pending', 'processing', 'completed']).toContain(async_.attributes.status);
    } finally {
      hub.alter = undefined;
    }
  });
});

describe('the completion waiter and the hand-over', () => {
  const row = (id: string, environment: 'staging' | 'production') => ({ id, environment, status: 'completed' }) as unknown as ScreeningRow;

  it('wakes on a handed row of its environment and keeps it; ignores another environment\'s', async () => {
    const local = new FinishedScreenings();
    const waiter = notifiedCompletionWaiter(ctx.tdb.db, silentLogger, local);
    const a = '00000000-0000-4000-8000-0000000000a1';
    const b = '00000000-0000-4000-8000-0000000000b2';
    const wait = await waiter.expect('staging', [a, b]);
    const handedA = row(a, 'staging');
    // Neither screening exists in the database: only the hand-over can end this wait before its minute.
    const until = wait.until(60_000);
    local.publish([handedA, row(b, 'production'), row('00000000-0000-4000-8000-0000000000c3', 'staging')]);
    await until;
    expect(wait.finished(a)).toBe(handedA);
    expect(wait.finished(b)).toBeUndefined();
    expect(wait.finished('00000000-0000-4000-8000-0000000000c3')).toBeUndefined();
  });

  it('woken by the notification first, still takes rows handed over within the grace', async () => {
    const local = new FinishedScreenings(2000);
    const waiter = notifiedCompletionWaiter(ctx.tdb.db, silentLogger, local);
    const a = '00000000-0000-4000-8000-0000000000d4';
    const wait = await waiter.expect('staging', [a]);
    let ended = false;
    const until = wait.until(60_000).then(() => void (ended = true));
    // The notification is delivered on the process's one LISTEN connection, to the waiter's
    // listener and to this one alike: once this one has it, the waiter was woken too.
    let notified!: () => void;
    const arrived = new Promise<void>((resolve) => (notified = resolve));
    const probe = await listenForPayloads(ctx.tdb.db, SCREENING_FINISHED_CHANNEL, (id) => id === a && notified());
    try {
      await sql`select pg_notify(${SCREENING_FINISHED_CHANNEL}, ${a})`.execute(ctx.tdb.db);
      await arrived;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ended).toBe(false); // woken, and waiting for the hand-over
      const handed = row(a, 'staging');
      local.publish([handed]);
      await until;
      expect(wait.finished(a)).toBe(handed);
    } finally {
      await probe.close();
    }
  });

  it('does not wait for a hand-over once the worker that hands rows over has stopped', async () => {
    const local = new FinishedScreenings(60_000);
    local.close();
    const waiter = notifiedCompletionWaiter(ctx.tdb.db, silentLogger, local);
    const a = '00000000-0000-4000-8000-0000000000f6';
    const wait = await waiter.expect('staging', [a]);
    const until = wait.until(60_000);
    await sql`select pg_notify(${SCREENING_FINISHED_CHANNEL}, ${a})`.execute(ctx.tdb.db);
    await until; // with the 60 s grace of an active hub this would not end within the test's time
    expect(wait.finished(a)).toBeUndefined();
  });

  it('woken by the notification and handed nothing, ends after the grace (the handler reads the record)', async () => {
    const local = new FinishedScreenings(50);
    const waiter = notifiedCompletionWaiter(ctx.tdb.db, silentLogger, local);
    const a = '00000000-0000-4000-8000-0000000000e5';
    const wait = await waiter.expect('staging', [a]);
    const until = wait.until(60_000);
    await sql`select pg_notify(${SCREENING_FINISHED_CHANNEL}, ${a})`.execute(ctx.tdb.db);
    await until;
    expect(wait.finished(a)).toBeUndefined();
  });

  it('a listener that throws stops neither the others nor the publisher', () => {
    const local = new FinishedScreenings();
    const seen: string[] = [];
    local.subscribe(() => {
      throw new Error('listener failed');
    });
    const stop = local.subscribe((rows) => seen.push(...rows.map((r) => r.id)));
    expect(() => local.publish([row('x', 'staging')])).not.toThrow();
    expect(seen).toEqual(['x']);
    stop();
    local.publish([row('y', 'staging')]);
    expect(seen).toEqual(['x']);
  });
});
