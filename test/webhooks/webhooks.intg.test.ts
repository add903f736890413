/**
 * Webhooks end to end on real PostgreSQL and Temporal: configurations (checked, secret shown once,
 * masked after), events of real state changes relayed and delivered to a loopback receiver,
 * signatures verified by the `standardwebhooks` library, retries with the same webhook-id, 3xx as
 * failure, rotation, resend, the attempts listing, environment isolation, and no secret in any
 * GET body or log line.
 */
import { Writable } from 'node:stream';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger/logger.js';
import { pollUntil } from '../support/poll.js';
import { startEventsContext, type EventsTestContext } from '../events/support/events-test-context.js';
import { startWebhookReceiver, type WebhookReceiver } from '../events/support/webhook-receiver.js';
import { webhookConfigDocument, webhookConfigListDocument, webhookConfigWithSecretDocument, deliveryAttemptListDocument } from '../../api/webhooks/webhook.schemas.js';

let ctx: EventsTestContext;
let receiver: WebhookReceiver;
const logLines: string[] = [];

beforeAll(async () => {
  const destination = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done(); } });
  ctx = await startEventsContext({ relays: true, logger: createLogger({ level: 'debug', destination }) });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

const config = (attributes: Record<string, unknown>) => ({ data: { type: 'webhook_config', attributes: { resource_type: 'screening', url: receiver.url, subscribed_statuses: ['completed', 'failed'], ...attributes } } });
const screening = () => ({ data: { type: 'screening/watchlist', attributes: { query: { name_first: 'Ada', name_last: 'Lovelace' } } } });
const headersOf = (r: { headers: Record<string, unknown> }) => ({
  'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']),
});

describe('webhook configurations', () => {
  it('creates a config with a secret shown once; reads show only its prefix', async () => {
    const res = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({}) });
    expect(res.status).toBe(201);
    expect(webhookConfigWithSecretDocument.safeParse(res.body).success).toBe(true);
    const secret: string = res.body.meta.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(res.body.data.attributes.secret_prefix).toBe(`${secret.slice(0, 10)}…`);
    expect(res.body.data.attributes.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.headers.get('location')).toBe(`/v1/webhooks/${res.body.data.id}`);

    for (const path of [`/v1/webhooks/${res.body.data.id}`, `/v1/webhooks/configs/${res.body.data.id}`]) {
      const read = await ctx.api.request('GET', path, { key: ctx.staging });
      expect(read.status).toBe(200);
      expect(webhookConfigDocument.safeParse(read.body).success).toBe(true);
      expect(read.text).not.toContain(secret.slice(10));
    }
    const list = await ctx.api.request('GET', '/v1/webhooks?filter[resource_type]=screening', { key: ctx.staging });
    expect(webhookConfigListDocument.safeParse(list.body).success).toBe(true);
    expect(list.text).not.toContain(secret.slice(10));
    // Stored sealed, never in the clear.
    const row = await ctx.db.selectFrom('webhook_configs').selectAll().where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret.slice(10));
    // Another environment does not see it.
    expect((await ctx.api.request('GET', `/v1/webhooks/${res.body.data.id}`, { key: ctx.production })).status).toBe(404);
    await ctx.api.request('DELETE', `/v1/webhooks/${res.body.data.id}`, { key: ctx.staging });
  });

  it('refuses unknown resource types and statuses, naming the member', async () => {
    const badType = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ resource_type: 'payout' }) });
    expect(badType.status).toBe(422);
    expect(badType.body.errors[0]).toMatchObject({ code: 'unknown_resource_type', source: { pointer: '/data/attributes/resource_type' } });
    const badStatus = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ subscribed_statuses: ['completed', 'approved'] }) });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors[0]).toMatchObject({ code: 'unknown_status', source: { pointer: '/data/attributes/subscribed_statuses/1' } });
    expect(badStatus.body.errors[0].detail).toContain('approved');
  });

  it('refuses URLs the SSRF guard would refuse, and plain http in production', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://10.1.2.3/hook', 'http://localhost:1/hook', 'http://[::1]:8080/', 'file:///etc/passwd', 'http://user:pw@example.com/', ' https://example.com/hook ', 'https://example.com/ho\tok']) {
      const res = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ url }) });
      expect(res.status, url).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'url_not_allowed', source: { pointer: '/data/attributes/url' } });
    }
    const plain = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.production, body: config({ url: 'http://example.com/hook' }) });
    expect(plain.status).toBe(422);
    expect(plain.body.errors[0].detail).toContain('https');
    const staging = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ url: 'http://example.com/hook', is_active: false }) });
    expect(staging.status).toBe(201);
  });

  it('updates, deletes (404 after), and checks scopes', async () => {
    const created = (await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({}) })).body.data;
    const patched = await ctx.api.request('PATCH', `/v1/webhooks/${created.id}`, { key: ctx.staging, body: { data: { attributes: { subscribed_statuses: ['failed'], is_active: false } } } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ subscribed_statuses: ['failed'], is_active: false });
    expect(patched.body.meta).toBeUndefined();
    const wrongStatus = await ctx.api.request('PATCH', `/v1/webhooks/${created.id}`, { key: ctx.staging, body: { data: { attributes: { resource_type: 'account' } } } });
    expect(wrongStatus.status).toBe(422);
    expect((await ctx.api.request('DELETE', `/v1/webhooks/${created.id}`, { key: ctx.staging })).status).toBe(204);
    expect((await ctx.api.request('GET', `/v1/webhooks/${created.id}`, { key: ctx.staging })).status).toBe(404);
    expect((await ctx.api.request('DELETE', `/v1/webhooks/${created.id}`, { key: ctx.staging })).status).toBe(404);
  });
});

describe('webhook delivery', () => {
  it('delivers each subscribed event of a real state change, signed, to its environment only', async () => {
    const made = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ subscribed_statuses: ['pending', 'processing', 'failed'] }) });
    const secret: string = made.body.meta.secret;
    const other = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.production, body: config({ url: receiver.url.replace('/hook', '/production'), subscribed_statuses: ['pending', 'processing', 'failed'] }) });
    expect(other.status).toBe(201);
    const before = receiver.received.length;
    // No list is loaded: the screening goes pending → processing → failed (no_lists_loaded).
    const s = await ctx.api.request('POST', '/v1/screenings', { key: ctx.staging, body: screening() });
    expect(s.status).toBe(201);
    const mine = () => receiver.received.slice(before).filter((r) => JSON.parse(r.body).data.id === s.body.data.id);
    await pollUntil(async () => (mine().length >= 3 ? true : undefined), 30_000);
    const deliveries = mine();
    expect(deliveries.map((r) => JSON.parse(r.body).type).sort()).toEqual(['screening.failed', 'screening.pending', 'screening.processing']);
    expect(deliveries.every((r) => r.path === '/hook')).toBe(true);
    for (const r of deliveries) {
      const payload = new Webhook(secret).verify(r.body, headersOf(r)) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(Object.keys(payload)).toEqual(['type', 'timestamp', 'data']);
      expect(payload.data).toMatchObject({ type: 'screening/watchlist', id: s.body.data.id, environment: 'staging' });
      expect(r.headers['content-type']).toBe('application/json');
      // webhook-id is the event id.
      const event = await ctx.db.selectFrom('events').select(['id', 'type']).where('id', '=', String(r.headers['webhook-id'])).executeTakeFirstOrThrow();
      expect(event.type).toBe(payload.type);
    }
    const failed = JSON.parse(deliveries.find((r) => JSON.parse(r.body).type === 'screening.failed')!.body);
    expect(failed.data.attributes).toMatchObject({ status: 'failed', has_match: null, error_codes: ['no_lists_loaded'] });
    expect(JSON.stringify(failed)).not.toContain('Lovelace');
    // Nothing reached the production endpoint.
    expect(receiver.received.some((r) => r.path === '/production')).toBe(false);
  });

  it('retries a failing endpoint with the same webhook-id until it answers 2xx; a 3xx is a failure, not followed', async () => {
    const made = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ url: receiver.url.replace('/hook', '/flaky') }) });
    const id = made.body.data.id;
    let flakyCalls = 0;
    receiver.answer = (r) => {
      if (r.path !== '/flaky') return { status: 204 };
      flakyCalls += 1;
      if (flakyCalls === 1) return { status: 500 };
      if (flakyCalls === 2) return { status: 302, headers: { location: receiver.url.replace('/hook', '/redirect-target') } };
      return { status: 200 };
    };
    const s = await ctx.api.request('POST', '/v1/screenings', { key: ctx.staging, body: screening() });
    const attempts = await pollUntil(async () => {
      const page = await ctx.api.request('GET', `/v1/webhooks/${id}/deliveries?page[size]=50`, { key: ctx.staging });
      return page.body.data.some((a: { attributes: { succeeded: boolean } }) => a.attributes.succeeded) ? page : undefined;
    }, 30_000);
    receiver.answer = () => ({ status: 204 });
    expect(deliveryAttemptListDocument.safeParse(attempts.body).success).toBe(true);
    const rows = [...attempts.body.data].reverse();
    expect(rows.map((a: { attributes: { status_code: number } }) => a.attributes.status_code)).toEqual([500, 302, 200]);
    expect(rows.map((a: { attributes: { attempt: number } }) => a.attributes.attempt)).toEqual([1, 2, 3]);
    expect(rows[0].attributes.next_attempt_at).not.toBeNull();
    expect(rows[2].attributes).toMatchObject({ succeeded: true, next_attempt_at: null, error: null });
    const flaky = receiver.received.filter((r) => r.path === '/flaky');
    expect(new Set(flaky.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(JSON.parse(flaky[0]!.body).data.id).toBe(s.body.data.id);
    // The 302 was not followed.
    expect(receiver.received.filter((r) => r.path === '/redirect-target')).toHaveLength(0);
  });

  it('gives up after the last attempt of the schedule', async () => {
    const made = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ url: receiver.url.replace('/hook', '/down') }) });
    receiver.answer = (r) => (r.path === '/down' ? { status: 503 } : { status: 204 });
    await ctx.api.request('POST', '/v1/screenings', { key: ctx.staging, body: screening() });
    const delivery = await pollUntil(async () => {
      const row = await ctx.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', made.body.data.id).executeTakeFirst();
      return row?.status === 'failed' ? row : undefined;
    }, 30_000);
    receiver.answer = () => ({ status: 204 });
    // The test schedule is 1s,1s,1s: four attempts in all.
    expect(delivery.attempts).toBe(4);
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(4);
  });

  it('rotates the secret: the new one is shown once, and both sign for 24 hours', async () => {
    const made = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ url: receiver.url.replace('/hook', '/rotated') }) });
    const oldSecret: string = made.body.meta.secret;
    const rotated = await ctx.api.request('PATCH', `/v1/webhooks/${made.body.data.id}`, { key: ctx.staging, body: { data: { attributes: { rotate_secret: true } } } });
    expect(rotated.status).toBe(200);
    const newSecret: string = rotated.body.meta.secret;
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.body.data.attributes.secret_prefix).toBe(`${newSecret.slice(0, 10)}…`);
    await ctx.api.request('POST', '/v1/screenings', { key: ctx.staging, body: screening() });
    const got = await pollUntil(async () => receiver.received.find((r) => r.path === '/rotated'), 30_000);
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(got.body, headersOf(got))).not.toThrow();
    expect(() => new Webhook(newSecret).verify(got.body, headersOf(got))).not.toThrow();
    const read = await ctx.api.request('GET', `/v1/webhooks/${made.body.data.id}`, { key: ctx.staging });
    expect(read.text).not.toContain(newSecret.slice(10));
  });

  it('resends named events, and failed deliveries of a window, with their original webhook-id', async () => {
    const made = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({ url: receiver.url.replace('/hook', '/resend') }) });
    const id = made.body.data.id;
    await ctx.api.request('POST', '/v1/screenings', { key: ctx.staging, body: screening() });
    const first = await pollUntil(async () => receiver.received.find((r) => r.path === '/resend'), 30_000);
    const eventId = String(first.headers['webhook-id']);
    const res = await ctx.api.request('POST', `/v1/webhooks/${id}/resend`, { key: ctx.staging, body: { data: { attributes: { event_ids: [eventId] } } } });
    expect(res.status).toBe(202);
    expect(res.body.data.attributes).toEqual({ event_count: 1, event_ids: [eventId] });
    await pollUntil(async () => (receiver.received.filter((r) => r.path === '/resend').length >= 2 ? true : undefined), 30_000);
    expect(receiver.received.filter((r) => r.path === '/resend').map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);

    const windowed = await ctx.api.request('POST', `/v1/webhooks/${id}/resend`, { key: ctx.staging, body: { data: { attributes: { since: new Date(Date.now() - 3_600_000).toISOString(), only_failed: true } } } });
    expect(windowed.status).toBe(202);
    expect(windowed.body.data.attributes.event_count).toBe(0);

    const unknown = await ctx.api.request('POST', `/v1/webhooks/${id}/resend`, { key: ctx.staging, body: { data: { attributes: { event_ids: ['00000000-0000-4000-8000-000000000000'] } } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source.pointer).toBe('/data/attributes/event_ids/0');
    const neither = await ctx.api.request('POST', `/v1/webhooks/${id}/resend`, { key: ctx.staging, body: { data: { attributes: {} } } });
    expect(neither.status).toBe(422);
  });

  it('never writes a secret to the logs', async () => {
    const made = await ctx.api.request('POST', '/v1/webhooks', { key: ctx.staging, body: config({}) });
    await ctx.api.request('PATCH', `/v1/webhooks/${made.body.data.id}`, { key: ctx.staging, body: { data: { attributes: { rotate_secret: true } } } });
    const secrets = (await ctx.db.selectFrom('webhook_configs').select('id').execute()).length;
    expect(secrets).toBeGreaterThan(0);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toMatch(/whsec_[A-Za-z0-9+/]{20}/);
  });
});
