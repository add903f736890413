/**
 * The audit log end to end: mutating requests, reads of personal data and workflow-driven state
 * changes become audit events (actor, action, resource, request id, client address, user agent,
 * outcome); filters and environments; a client's own events; append-only storage; the hash chain
 * verified by the CLI, which names the first broken link after a row is altered behind the
 * trigger's back; and scopes.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventDocument, auditEventListDocument } from '../../api/audit/audit.schemas.js';
import { pollUntil } from '../support/poll.js';
import { createTestKey } from '../support/test-keys.js';
import { startEventsContext, type EventsTestContext } from '../events/support/events-test-context.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
let ctx: EventsTestContext;

beforeAll(async () => {
  ctx = await startEventsContext({ relays: true });
});
afterAll(async () => {
  await ctx?.close();
});

const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: ctx.tdb.url } });

async function auditOf(filter: string, key = ctx.staging, count = 1) {
  return pollUntil(async () => {
    const res = await ctx.api.request('GET', `/v1/audit/events?${filter}&page[size]=100`, { key });
    return res.body.data.length >= count ? res : undefined;
  }, 30_000);
}

describe('audit events', () => {
  it('record a mutating request and the workflow-driven changes it caused', async () => {
    const s = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.staging, headers: { 'User-Agent': 'audit-test/1.0', 'X-Request-Id': 'req-audit-0001' },
      body: { data: { type: 'screening/watchlist', attributes: { query: { name_first: 'Grace', name_last: 'Hopper' } } } },
    });
    expect(s.status).toBe(201);
    const created = await auditOf('filter[action]=screening.create');
    expect(auditEventListDocument.safeParse(created.body).success).toBe(true);
    expect(created.body.data[0].attributes).toMatchObject({
      action: 'screening.create', source: 'api', outcome_status: 201, request_id: 'req-audit-0001', user_agent: 'audit-test/1.0',
      client_ip: expect.stringMatching(/127\.0\.0\.1/), actor: { type: 'api_key', id: ctx.keys.staging.id, name: 'test' },
      resource: { type: 'screening', id: s.body.data.id },
    });
    const trail = await auditOf(`filter[resource_id]=${s.body.data.id}`, ctx.staging, 4);
    expect(trail.body.data.map((e: { attributes: { action: string } }) => e.attributes.action).sort()).toEqual(['screening.create', 'screening.failed', 'screening.pending', 'screening.processing']);
    const byWorkflow = trail.body.data.find((e: { attributes: { action: string } }) => e.attributes.action === 'screening.failed');
    expect(byWorkflow.attributes).toMatchObject({ source: 'system', actor: { type: 'system', name: 'screeningWorkflow' } });
    expect(JSON.stringify(trail.body)).not.toContain('Hopper');
    const prefixed = await auditOf('filter[action]=screening.*', ctx.staging, 4);
    expect(prefixed.body.data.every((e: { attributes: { action: string } }) => e.attributes.action.startsWith('screening.'))).toBe(true);
  });

  it('record reads of personal data and refused requests; filter by actor and time; keep environments apart', async () => {
    const account = await ctx.api.request('POST', '/v1/identity/accounts', { key: ctx.staging, body: { data: { attributes: { person: { name: { first: 'Ada' } } } } } });
    await ctx.api.request('GET', `/v1/identity/accounts/${account.body.data.id}`, { key: ctx.staging });
    const read = await auditOf('filter[action]=account.read');
    expect(read.body.data[0].attributes).toMatchObject({ outcome_status: 200, resource: { type: 'account', id: account.body.data.id } });
    // GETs without personal data are not audited.
    await ctx.api.request('GET', '/v1/screenings', { key: ctx.staging });
    const narrow = await createTestKey(ctx.db, 'staging', ['screenings:read'], 'narrow');
    expect((await ctx.api.request('POST', '/v1/screenings', { key: narrow.key, body: {} })).status).toBe(403);
    const refused = await auditOf(`filter[actor_id]=${narrow.id}`);
    expect(refused.body.data[0].attributes).toMatchObject({ action: 'screening.create', outcome_status: 403, actor: { id: narrow.id, name: 'narrow' } });
    expect((await ctx.api.request('GET', `/v1/audit/events?filter[action]=screening.list`, { key: ctx.staging })).body.data).toEqual([]);
    const future = await ctx.api.request('GET', `/v1/audit/events?filter[since]=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`, { key: ctx.staging });
    expect(future.body.data).toEqual([]);
    const production = await ctx.api.request('GET', '/v1/audit/events?page[size]=100', { key: ctx.production });
    expect(production.body.data.every((e: { attributes: { actor: { id: string | null } } }) => e.attributes.actor.id !== ctx.keys.staging.id)).toBe(true);
    expect(production.text).not.toContain(account.body.data.id);
  });

  it('take a client\'s own events into the chain, with the key as recorder', async () => {
    const res = await ctx.api.request('POST', '/v1/audit/events', {
      key: ctx.staging,
      body: { data: { type: 'audit_event', attributes: { action: 'payout.approve', actor: { type: 'employee', id: 'emp-42', name: 'J. Doe' }, resource: { type: 'payout', id: 'po-7' }, metadata: { amount: 1200, currency: 'EUR' } } } },
    });
    expect(res.status).toBe(201);
    expect(auditEventDocument.safeParse(res.body).success).toBe(true);
    expect(res.body.data.attributes).toMatchObject({ source: 'client', recorder_key_id: ctx.keys.staging.id, actor: { type: 'employee', id: 'emp-42' }, metadata: { amount: 1200, currency: 'EUR' } });
    expect(res.body.data.attributes.hash).toMatch(/^[0-9a-f]{64}$/);
    const bad = await ctx.api.request('POST', '/v1/audit/events', { key: ctx.staging, body: { data: { type: 'audit_event', attributes: { action: 'Approve Payout!' } } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/action');
  });

  it('are append-only', async () => {
    await expect(sql`update audit_events set action = 'x'`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_events`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_events`.execute(ctx.db)).rejects.toThrow(/append-only/);
  });

  it('form a hash chain the CLI verifies, and a row altered behind the trigger breaks it there', async () => {
    const ok = await cli('audit', 'verify');
    expect(ok.stdout).toMatch(/staging\s+ok\s+events=\d+/);
    const victim = await ctx.db.selectFrom('audit_events').select(['id', 'sequence']).where('environment', '=', 'staging').orderBy('sequence').offset(2).limit(1).executeTakeFirstOrThrow();
    await sql`alter table audit_events disable trigger audit_events_no_update`.execute(ctx.db);
    try {
      await sql`update audit_events set action = 'screening.nothing_happened' where id = ${victim.id}`.execute(ctx.db);
    } finally {
      await sql`alter table audit_events enable trigger audit_events_no_update`.execute(ctx.db);
    }
    const broken = await cli('audit', 'verify', '--env', 'staging').then(() => undefined, (error: { code: number; stdout: string }) => error);
    expect(broken?.code).toBe(1);
    expect(broken?.stdout).toContain(`BROKEN  at sequence ${victim.sequence} (id ${victim.id})`);
    expect(broken?.stdout).toContain('altered');
  });

  it('need their scopes', async () => {
    const reader = await createTestKey(ctx.db, 'staging', ['audit:read'], 'reader');
    expect((await ctx.api.request('GET', '/v1/audit/events', { key: reader.key })).status).toBe(200);
    expect((await ctx.api.request('POST', '/v1/audit/events', { key: reader.key, body: { data: { type: 'audit_event', attributes: { action: 'a.b' } } } })).status).toBe(403);
    expect((await ctx.api.request('GET', '/v1/audit/streams', { key: reader.key })).status).toBe(403);
    const writer = await createTestKey(ctx.db, 'staging', ['audit:write'], 'writer');
    expect((await ctx.api.request('GET', '/v1/audit/events', { key: writer.key })).status).toBe(403);
  });
});
