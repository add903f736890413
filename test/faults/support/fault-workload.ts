/**
 * The work the fault suite puts in flight and the checks it makes afterwards: screenings,
 * business lookups (one that fails twice before it answers), identity documents read by OCR, and
 * webhook deliveries of their final states — then every record must reach its final state and
 * every subscribed event must have been delivered, counted from the database and the receiver.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../../infra/db/create-db.js';
import type { WebhookReceiver } from '../../events/support/webhook-receiver.js';
import { documentFixtures, sha256, upload } from '../../identity/support/identity-documents.fixtures.js';
import { pollUntil } from '../../support/poll.js';

export interface Workload {
  screenings: string[];
  businesses: string[];
  documents: string[];
}

/** Resource type → the statuses the fault suite's webhooks subscribe to (the final ones). */
export const SUBSCRIBED: Record<string, string[]> = {
  screening: ['completed', 'failed', 'not_found'],
  business: ['completed', 'not_found', 'failed'],
  'document/idv': ['processed', 'failed'],
};

export class FaultClient {
  private passport: Buffer | undefined;
  private sessionId: string | undefined;

  constructor(private readonly apiUrl: string, private readonly key: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: { 'X-Api-Key': this.key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  private async created(method: string, path: string, body: unknown): Promise<any> {
    const res = await this.request(method, path, body);
    if (res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async subscribe(receiverUrl: string): Promise<void> {
    for (const [resourceType, statuses] of Object.entries(SUBSCRIBED)) {
      await this.created('POST', '/v1/webhooks', { data: { type: 'webhook_config', attributes: { resource_type: resourceType, url: receiverUrl, subscribed_statuses: statuses } } });
    }
  }

  private async session(): Promise<string> {
    if (!this.sessionId) {
      const account = await this.created('POST', '/v1/identity/accounts', { data: { type: 'account', attributes: { external_id: 'faults', person: { name: { first: 'John', last: 'Smith' } } } } });
      const session = await this.created('POST', '/v1/identity/sessions', { data: { type: 'session', attributes: {}, relationships: { account: { data: { type: 'account', id: account.data.id } } } } });
      this.sessionId = session.data.id as string;
    }
    return this.sessionId;
  }

  async screenings(label: string, count: number): Promise<string[]> {
    return Promise.all(Array.from({ length: count }, async (_, i) =>
      (await this.created('POST', '/v1/screenings', { data: { type: 'screening/watchlist', attributes: { query: { name_first: `Fault${label}`, name_last: `Person${i}` } } } })).data.id as string));
  }

  async businessLookups(): Promise<string[]> {
    const session = await this.session();
    const numbers = ['ZZ000001', 'ZZFLAKY2', 'ZZ404FAULT', 'ZZ000002'];
    return Promise.all(numbers.map(async (registration_number) =>
      (await this.created('POST', '/v1/businesses', {
        data: { type: 'business', meta: { search_parameters: { country: 'ZZ', input: { registration_number }, async: true } }, relationships: { session: { data: { type: 'session', id: session } } } },
      })).data.id as string));
  }

  /** Identity documents with a passport image uploaded through the presigned address; `afterUpload` runs once all bytes are in. */
  async documents(count: number, afterUpload?: () => Promise<void>): Promise<string[]> {
    if (!this.passport) {
      // The images are read into memory; the folder they were generated in is not needed after.
      const dir = mkdtempSync(path.join(os.tmpdir(), 'cw-fault-docs-'));
      try {
        this.passport = (await documentFixtures(dir)).passport;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const passport = this.passport;
    const created = await Promise.all(Array.from({ length: count }, () =>
      this.created('POST', '/v1/identity/documents/idvs', { data: { attributes: { files: [{ filename: 'passport.png', content_type: 'image/png', byte_size: passport.length, checksum: sha256(passport) }] } } })));
    for (const doc of created) {
      const status = await upload(doc.meta.presigned_upload_urls[0].url as string, passport, 'image/png');
      if (status !== 200) throw new Error(`upload answered ${status}`);
    }
    await afterUpload?.();
    return created.map((doc) => doc.data.id as string);
  }

  async mixed(label: string): Promise<Workload> {
    const [screenings, businesses, documents] = await Promise.all([this.screenings(label, 16), this.businessLookups(), this.documents(2)]);
    return { screenings, businesses, documents };
  }
}

export interface Outcome {
  statuses: Record<string, Record<string, number>>;
  events: number;
  delivered: number;
}

function tally(rows: { status: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) out[row.status] = (out[row.status] ?? 0) + 1;
  return out;
}

/** Waits until every record of the workload is final and every subscribed event was delivered. */
export async function settle(db: Db, receiver: WebhookReceiver, work: Workload, timeoutMs = 240_000): Promise<Outcome> {
  const ids = [...work.screenings, ...work.businesses, ...work.documents];
  const read = async () => ({
    screenings: await db.selectFrom('screenings').select('status').where('id', 'in', work.screenings.length ? work.screenings : ['00000000-0000-4000-8000-000000000000']).execute(),
    businesses: await db.selectFrom('businesses').select('async_status as status').where('id', 'in', work.businesses.length ? work.businesses : ['00000000-0000-4000-8000-000000000000']).execute(),
    documents: await db.selectFrom('identity_documents').select('status').where('id', 'in', work.documents.length ? work.documents : ['00000000-0000-4000-8000-000000000000']).execute(),
  });
  const final = await pollUntil(async () => {
    const now = await read().catch(() => undefined);
    if (!now) return undefined;
    const pending = now.screenings.some((r) => r.status === 'pending' || r.status === 'processing')
      || now.businesses.some((r) => r.status === 'processing')
      || now.documents.some((r) => r.status === 'pending' || r.status === 'submitted');
    return pending ? undefined : now;
  }, timeoutMs, 250);
  const expected = async () => {
    const rows = await sql<{ type: string; resource_id: string; resource_type: string; status: string }>`
      select type, resource_id, resource_type, status from events
      where category = 'change' and resource_id = any(${ids}::text[])`.execute(db);
    return rows.rows.filter((row) => SUBSCRIBED[row.resource_type]?.includes(row.status)).map((row) => `${row.type}:${row.resource_id}`);
  };
  const delivered = () => new Set(receiver.received.map((r) => {
    const body = JSON.parse(r.body) as { type: string; data: { id: string } };
    return `${body.type}:${body.data.id}`;
  }));
  const events = await pollUntil(async () => {
    const wanted = await expected().catch(() => undefined);
    if (!wanted) return undefined;
    const got = delivered();
    return wanted.every((key) => got.has(key)) ? wanted : undefined;
  }, timeoutMs, 250);
  return {
    statuses: { screenings: tally(final.screenings), businesses: tally(final.businesses), documents: tally(final.documents) },
    events: events.length,
    delivered: events.filter((key) => delivered().has(key)).length,
  };
}
