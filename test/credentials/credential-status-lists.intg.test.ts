/**
 * The database facts the issuer relies on: one active key per environment however many processes
 * create the first one; status indexes handed out once, ever (allocations refuse updates and
 * deletes); a full list rolls over to the next (v2); a credential deleted while issued (staging
 * reset) has its revocation bit set.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureActiveIssuerKey } from '../../activities/credentials/issuer-keys.transitions.js';
import { allocateStatusIndexes } from '../../activities/credentials/status-index-allocator.js';
import { resetStaging } from '../../cli/commands/staging-reset.command.js';
import { createNextStatusList, insertAllocations, openStatusList, statusBit } from '../../infra/db/repositories/credential-status-lists.repository.js';
import { testSecrets } from '../support/test-config.js';
import { credentialBody, startCredentialsContext, type CredentialsTestContext } from './support/credentials-test-context.js';

let ctx: CredentialsTestContext;

beforeAll(async () => {
  ctx = await startCredentialsContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('issuer keys', () => {
  it('eight concurrent first starts create one active key', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => ensureActiveIssuerKey(ctx.tdb.db, testSecrets, 'production')));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    const rows = await ctx.tdb.db.selectFrom('issuer_keys').selectAll().where('environment', '=', 'production').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.private_key_sealed).toMatch(/^v1\./); // sealed at rest, never the JWK
    expect(rows[0]!.private_key_sealed).not.toContain('"d"');
    const audits = await ctx.tdb.db.selectFrom('events').select('type').where('type', '=', 'issuer_key.create').execute();
    expect(audits).toHaveLength(1);
  });

  it('a second active key for an environment is refused by the database', async () => {
    await expect(sql`insert into issuer_keys (environment, kid, public_jwk, private_key_sealed, status) values ('production', 'dup', '{}', 'x', 'active')`.execute(ctx.tdb.db))
      .rejects.toThrow(/issuer_keys_one_active/);
  });
});

describe('status indexes', () => {
  it('are never reused: an allocation cannot be changed or removed, and a taken index is skipped', async () => {
    const [id] = [randomUUID()];
    const allocated = await allocateStatusIndexes(ctx.tdb.db, 'production', [id!], new Date());
    const list = (await openStatusList(ctx.tdb.db, 'production'))!;
    const { index } = allocated.get(id!)!;
    expect(await insertAllocations(ctx.tdb.db, list.id, [{ index, credentialId: randomUUID() }], new Date())).toEqual([]);
    await expect(sql`delete from credential_status_allocations where credential_id = ${id}`.execute(ctx.tdb.db)).rejects.toThrow(/never reused/);
    await expect(sql`update credential_status_allocations set credential_id = gen_random_uuid() where credential_id = ${id}`.execute(ctx.tdb.db)).rejects.toThrow(/never reused/);
    // Asking again for the same credential returns its index, not a new one.
    expect((await allocateStatusIndexes(ctx.tdb.db, 'production', [id!], new Date())).get(id!)).toEqual(allocated.get(id!));
  });

  it('fill the list’s last free indexes, then continue on v2', async () => {
    await createNextStatusList(ctx.tdb.db, 'staging', 131_072);
    const list = (await openStatusList(ctx.tdb.db, 'staging'))!;
    const free = [5, 70_000, 131_071];
    await sql`
      insert into credential_status_allocations (list_id, status_index, credential_id)
      select ${list.id}, i, gen_random_uuid() from generate_series(0, 131071) as i where i <> all(${free})`.execute(ctx.tdb.db);
    const ids = Array.from({ length: 5 }, () => randomUUID());
    const allocated = await allocateStatusIndexes(ctx.tdb.db, 'staging', ids, new Date());
    const inV1 = ids.map((id) => allocated.get(id)!).filter((a) => a.sequence === 1).map((a) => a.index).sort((a, b) => a - b);
    expect(inV1).toEqual(free);
    expect(ids.map((id) => allocated.get(id)!.sequence).filter((s) => s === 2)).toHaveLength(2);
    const v1 = await ctx.tdb.db.selectFrom('credential_status_lists').select(['sequence', 'full_at']).where('environment', '=', 'staging').orderBy('sequence').execute();
    expect(v1.map((l) => [l.sequence, l.full_at !== null])).toEqual([[1, true], [2, false]]);

    const res = await ctx.api.request('POST', '/v1/credentials', { key: ctx.keys.staging, body: credentialBody({ credential_type: 'AfterRollover', subject: { claims: { a: 1 } } }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes.status_list_credential).toMatch(/\/staging\/status-lists\/v2$/);
    const served = await ctx.api.request('GET', '/staging/status-lists/v2');
    expect(served.status).toBe(200);
  }, 120_000);
});

describe('revocation bits', () => {
  it('staging reset deletes issued credentials and sets their bits, keeping their indexes taken', async () => {
    const res = await ctx.api.request('POST', '/v1/credentials', { key: ctx.keys.staging, body: credentialBody({ credential_type: 'ResetMe', subject: { claims: { a: 1 } } }) });
    const index: number = res.body.data.attributes.status_list_index;
    const sequence = Number(res.body.data.attributes.status_list_credential.match(/v(\d+)$/)[1]);
    expect(await statusBit(ctx.tdb.db, 'staging', sequence, index)).toBe(false);
    await resetStaging(ctx.tdb.db, null);
    expect(await ctx.tdb.db.selectFrom('credentials').select('id').where('environment', '=', 'staging').execute()).toEqual([]);
    expect(await statusBit(ctx.tdb.db, 'staging', sequence, index)).toBe(true);
    const verify = await ctx.api.request('POST', '/v1/credentials/verify', { key: ctx.keys.staging, body: { data: { attributes: { credential: res.body.data.attributes.credential } } } });
    expect(verify.body.data.attributes.verified).toBe(false);
    const taken = await ctx.tdb.db.selectFrom('credential_status_allocations').select('credential_id').where('credential_id', '=', res.body.data.id).execute();
    expect(taken).toHaveLength(1);
  });
});
