/**
 * Audit streams end to end: an https stream receives each new audit event signed like a webhook
 * (verified with the `standardwebhooks` library), filtered by action prefix; an S3 stream writes
 * NDJSON objects to a MinIO bucket through the S3 API; credentials never come back; a deleted
 * stream receives nothing more.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditStreamListDocument, auditStreamWithSecretDocument } from '../../api/audit/audit.schemas.js';
import { createObjectStorage } from '../../infra/storage/object-storage.js';
import { startEventsContext, type EventsTestContext } from '../events/support/events-test-context.js';
import { startWebhookReceiver, type WebhookReceiver } from '../events/support/webhook-receiver.js';
import { testEnv } from '../setup/test-env.js';
import { pollUntil } from '../support/poll.js';

let ctx: EventsTestContext;
let receiver: WebhookReceiver;

beforeAll(async () => {
  ctx = await startEventsContext({ relays: true });
  receiver = await startWebhookReceiver('/audit');
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

const clientEvent = (action: string, metadata: Record<string, unknown> = {}) =>
  ctx.api.request('POST', '/v1/audit/events', { key: ctx.staging, body: { data: { type: 'audit_event', attributes: { action, metadata } } } });
const stream = (destination: Record<string, unknown>, actionPrefix?: string) =>
  ctx.api.request('POST', '/v1/audit/streams', { key: ctx.staging, body: { data: { type: 'audit_stream', attributes: { destination, ...(actionPrefix ? { action_prefix: actionPrefix } : {}) } } } });

describe('audit streams', () => {
  it('push new audit events to an https endpoint, signed, filtered by action prefix', async () => {
    const created = await stream({ type: 'https', url: receiver.url }, 'payout.');
    expect(created.status).toBe(201);
    expect(auditStreamWithSecretDocument.safeParse(created.body).success).toBe(true);
    const secret: string = created.body.meta.secret;
    expect(secret).toMatch(/^whsec_/);
    await clientEvent('refund.issue');
    const approved = await clientEvent('payout.approve', { amount: 10 });
    const got = await pollUntil(async () => receiver.received.find((r) => JSON.parse(r.body).data.id === approved.body.data.id), 30_000);
    const headers = { 'webhook-id': String(got.headers['webhook-id']), 'webhook-timestamp': String(got.headers['webhook-timestamp']), 'webhook-signature': String(got.headers['webhook-signature']) };
    const payload = new Webhook(secret).verify(got.body, headers) as { type: string; data: { type: string; attributes: { action: string; hash: string } } };
    expect(payload.type).toBe('audit_event.recorded');
    expect(payload.data.attributes).toMatchObject({ action: 'payout.approve', hash: approved.body.data.attributes.hash });
    expect(receiver.received.every((r) => JSON.parse(r.body).data.attributes.action.startsWith('payout.'))).toBe(true);
    const list = await ctx.api.request('GET', '/v1/audit/streams', { key: ctx.staging });
    expect(auditStreamListDocument.safeParse(list.body).success).toBe(true);
    expect(list.text).not.toContain(secret.slice(10));
  });

  it('write NDJSON objects to an S3 bucket (MinIO), and keep the credentials to itself', async () => {
    const s3 = testEnv().s3;
    const bucket = `audit-${randomBytes(4).toString('hex')}`;
    const target = createObjectStorage({ ...s3, bucket });
    await target.ensureBucket();
    const created = await stream({ type: 's3', bucket, prefix: 'clearwatch/', endpoint: s3.endpoint, region: s3.region, access_key: s3.accessKey, secret_key: s3.secretKey });
    expect(created.status).toBe(201);
    expect(created.body.meta.secret).toBeNull();
    expect(created.text).not.toContain(s3.secretKey);
    const written = await Promise.all([clientEvent('ledger.close', { n: 1 }), clientEvent('ledger.close', { n: 2 })]);
    const ids = written.map((w) => w.body.data.id as string);
    const lines = await pollUntil(async () => {
      const keys: string[] = [];
      const found: Record<string, unknown>[] = [];
      for (const key of await listKeys(bucket, 'clearwatch/staging/')) {
        keys.push(key);
        const body = await new Response((await target.getObject(key)) as never).text();
        for (const line of body.trim().split('\n')) found.push(JSON.parse(line) as Record<string, unknown>);
      }
      return ids.every((id) => found.some((f) => f.id === id)) ? { found, keys } : undefined;
    }, 30_000);
    expect(lines.keys.every((k) => /^clearwatch\/staging\/\d{4}\/\d\d\/\d\d\/\d{12}-\d{12}\.ndjson$/.test(k))).toBe(true);
    expect(lines.found.find((f) => f.id === ids[0])).toMatchObject({ type: 'audit_event', environment: 'staging', attributes: { action: 'ledger.close' } });
    const list = await ctx.api.request('GET', '/v1/audit/streams', { key: ctx.staging });
    expect(list.text).not.toContain(s3.secretKey);
    expect(list.text).not.toContain(s3.accessKey);
  });

  it('refuse destinations the SSRF guard refuses', async () => {
    const res = await stream({ type: 'https', url: 'http://169.254.169.254/latest' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/attributes/destination/url');
    const s3 = await stream({ type: 's3', bucket: 'x-bucket', endpoint: 'http://10.0.0.5:9000', access_key: 'a', secret_key: 'b' });
    expect(s3.status).toBe(422);
    expect(s3.body.errors[0].source.pointer).toBe('/data/attributes/destination/endpoint');
  });

  it('stop pushing once deleted', async () => {
    const created = await stream({ type: 'https', url: receiver.url.replace('/audit', '/deleted') });
    expect((await ctx.api.request('DELETE', `/v1/audit/streams/${created.body.data.id}`, { key: ctx.staging })).status).toBe(204);
    expect((await ctx.api.request('DELETE', `/v1/audit/streams/${created.body.data.id}`, { key: ctx.staging })).status).toBe(404);
    const after = await clientEvent('payout.reject');
    // The https stream of the first test still receives; the deleted one does not.
    await pollUntil(async () => receiver.received.find((r) => JSON.parse(r.body).data.id === after.body.data.id), 30_000);
    expect(receiver.received.some((r) => r.path === '/deleted')).toBe(false);
  });
});

async function listKeys(bucket: string, prefix: string): Promise<string[]> {
  const { Client } = await import('minio');
  const s3 = testEnv().s3;
  const url = new URL(s3.endpoint);
  const client = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: s3.accessKey, secretKey: s3.secretKey, region: s3.region, pathStyle: true });
  const keys: string[] = [];
  for await (const item of client.listObjectsV2(bucket, prefix, true) as AsyncIterable<{ name?: string }>) if (item.name) keys.push(item.name);
  return keys;
}
