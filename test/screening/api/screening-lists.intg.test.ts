/**
 * Watchlist, PEP and business-watchlist screenings end to end: HTTP → PostgreSQL → Temporal
 * workflow on a real worker → matcher over the real UN, OFAC and US Congress PEP lists → stored
 * result read back over HTTP. Covers async and sync, no_lists_loaded, ignore_list and the shape of
 * matched_lists field by field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableEntityId } from '../../../activities/screening/list-store/entity-id.js';
import { ALGORITHM_VERSION, DEFAULT_THRESHOLD } from '../../../activities/screening/matching/matcher.js';
import { eventsOfResource } from '../../../infra/db/repositories/events.repository.js';
import { screeningDocument } from '../../../api/screenings/screening.schemas.js';
import { screeningWorkflowId } from '../../../workflows/screening/screening.contract.js';
import { recordHistory } from '../support/workflow-histories.js';
import { importRealLists, personBody, pollScreening, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';

let ctx: ScreeningTestContext;

beforeAll(async () => {
  ctx = await startScreeningContext();
});
afterAll(async () => {
  await ctx?.close();
});

const RUKUNDA = { name_first: 'Michel', name_last: 'Rukunda', birthdate: '1974-09-12', country_code: 'CD' };

describe('before any list is loaded', () => {
  it('fails a watchlist screening with no_lists_loaded instead of reporting no match', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: personBody('screening/watchlist', RUKUNDA) });
    expect(res.status).toBe(201);
    const done = await pollScreening(ctx.api, ctx.keys.staging, res.body.data.id);
    expect(done.attributes.status).toBe('failed');
    expect(done.attributes.has_match).toBeNull();
    expect(done.attributes.matched_lists).toBeNull();
    expect(done.attributes.errors).toEqual([{ code: 'no_lists_loaded', message: expect.stringContaining('sanctions or watch list'), details: { list_group: 'watchlist' } }]);
    await recordHistory(ctx.temporal.client, screeningWorkflowId(done.id), 'screening-no-lists-failed');
  });
});

describe('with the real lists loaded', () => {
  beforeAll(async () => {
    const reports = await importRealLists(ctx.tdb.db, 'un_sc_2026-02-27', 'ofac_sdn_2021-07', 'pep/us_congress_opensanctions_senzing');
    expect(reports.map((r) => r.status)).toEqual(['activated', 'activated', 'activated']);
  }, 120_000);

  it('async: answers 201 pending at once, then completes with the UN-listed person, every field of matched_lists checked', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: personBody('screening/watchlist', RUKUNDA) });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/v1/screenings/${res.body.data.id}`);
    expect(res.body.data).toMatchObject({ type: 'screening/watchlist', attributes: { status: 'pending', execution_mode: 'async', has_match: null, matched_lists: null, query: RUKUNDA, ignore_list: [] } });
    expect(screeningDocument.safeParse(res.body).success).toBe(true);

    const done = await pollScreening(ctx.api, ctx.keys.staging, res.body.data.id);
    const a = done.attributes;
    expect(a.status).toBe('completed');
    expect(a.has_match).toBe(true);
    expect(a.started_at).not.toBeNull();
    expect(a.completed_at).not.toBeNull();
    expect(a.errors).toBeNull();
    expect(a.algorithm_version).toBe(ALGORITHM_VERSION);
    expect(a.threshold).toBe(DEFAULT_THRESHOLD);
    expect(a.list_versions.map((v: { slug: string }) => v.slug).sort()).toEqual(['un_sc_sanctions', 'us_ofac_sdn']);

    const un = a.matched_lists.find((l: { slug: string }) => l.slug === 'un_sc_sanctions');
    expect(Object.keys(un).sort()).toEqual(['country_code', 'entities', 'flag_code', 'list_type', 'list_types', 'match_types', 'name', 'slug', 'url'].sort());
    expect(un.name).toBe('UN Security Council Consolidated List');
    expect(un.url).toMatch(/^https:\/\//);
    expect(un.list_type).toBe('sanctions');
    expect(un.list_types).toEqual(['sanctions']);
    expect(un.flag_code).toBe('un');
    expect(un.country_code).toBeNull();
    const entity = un.entities[0];
    expect(entity.source_id).toBe('6908995');
    expect(entity.id).toBe(stableEntityId('un_sc_sanctions', '6908995'));
    expect(entity.name.toUpperCase()).toContain('RUKUNDA');
    expect(typeof entity.alias_type).toBe('string');
    expect(entity.birthdates).toContainEqual({ day: '12', month: '09', year: '1974', granularity: 'day' });
    expect(entity.birthdate).toBe('1974-09-12');
    expect(entity.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(entity.score).toBeLessThanOrEqual(1);
    expect(entity.match_types).toEqual(expect.arrayContaining(['exact_name', 'birthdate_exact']));
    expect(un.match_types).toEqual(expect.arrayContaining(entity.match_types));
    expect(entity.kind).toBe('person');
    expect(screeningDocument.safeParse({ data: done }).success).toBe(true);

    const events = await eventsOfResource(ctx.tdb.db, done.id);
    expect(events.map((e) => e.status)).toEqual(['pending', 'processing', 'completed']);
    expect(events.every((e) => e.environment === 'staging' && e.resource_type === 'screening')).toBe(true);
    await recordHistory(ctx.temporal.client, screeningWorkflowId(done.id), 'screening-match-completed');
  });

  it('sync: answers 201 with the completed record', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: personBody('screening/watchlist', { name_first: 'MICHEL', name_last: 'RUKUNDA' }, { execution_mode: 'sync' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ status: 'completed', execution_mode: 'sync', has_match: true });
    expect(res.body.data.attributes.matched_lists[0].entities[0].source_id).toBe('6908995');
  });

  it('finds nothing for a random name: completed, has_match false, matched_lists empty', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: personBody('screening/watchlist', { name_first: 'Quillon', name_last: 'Vrabotzky', birthdate: '1990-05-17', country_code: 'NZ' }, { execution_mode: 'sync' }),
    });
    expect(res.body.data.attributes).toMatchObject({ status: 'completed', has_match: false, matched_lists: [], errors: null });
  });

  it('ignore_list: a cleared entity never counts toward has_match and is echoed back', async () => {
    const cleared = stableEntityId('un_sc_sanctions', '6908995');
    const res = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: personBody('screening/watchlist', RUKUNDA, { execution_mode: 'sync', ignore_list: [cleared] }),
    });
    const a = res.body.data.attributes;
    expect(a.status).toBe('completed');
    expect(a.ignore_list).toEqual([cleared]);
    const ids = a.matched_lists.flatMap((l: { entities: { id: string }[] }) => l.entities.map((e) => e.id));
    expect(ids).not.toContain(cleared);
    expect(a.has_match).toBe(ids.length > 0);
  });

  it('ignore_list: ids are matched in any case (GUIDs written in capitals clear the entity too)', async () => {
    const cleared = stableEntityId('un_sc_sanctions', '6908995');
    const plain = (await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: personBody('screening/watchlist', RUKUNDA, { execution_mode: 'sync' }) })).body.data.attributes;
    const idsOf = (attrs: { matched_lists: { entities: { id: string }[] }[] }) => attrs.matched_lists.flatMap((l) => l.entities.map((e) => e.id));
    expect(idsOf(plain)).toContain(cleared);
    const res = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: personBody('screening/watchlist', RUKUNDA, { execution_mode: 'sync', ignore_list: [cleared.toUpperCase()] }),
    });
    const a = res.body.data.attributes;
    expect(a.ignore_list).toEqual([cleared]);
    expect(idsOf(a)).not.toContain(cleared);
  });

  it('PEP screening searches the PEP list only', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: personBody('screening/politically-exposed-person', { name_first: 'Jennifer', name_last: 'McClellan', country_code: 'US' }, { execution_mode: 'sync' }),
    });
    const a = res.body.data.attributes;
    expect(a).toMatchObject({ status: 'completed', has_match: true });
    expect(a.list_versions.map((v: { slug: string }) => v.slug)).toEqual(['us_congress']);
    const [list] = a.matched_lists;
    expect(list).toMatchObject({ slug: 'us_congress', list_type: 'pep', list_types: ['pep'] });
    expect(list.entities[0]).toMatchObject({ source_id: 'NK-AQ4HymsADSK2D63MkyTqfC', name: 'Jennifer L. McClellan', birthdate: null });
    expect(list.entities[0].birthdates).toEqual([{ day: '', month: '', year: '1972', granularity: 'year' }]);

    // A sanctioned person is not a PEP: the PEP screening does not search sanctions lists.
    const sanctioned = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: personBody('screening/politically-exposed-person', RUKUNDA, { execution_mode: 'sync' }),
    });
    expect(sanctioned.body.data.attributes).toMatchObject({ status: 'completed', has_match: false });
  });

  it('business watchlist matches an OFAC-listed company with its registration number as evidence', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', {
      key: ctx.keys.staging,
      body: {
        data: {
          type: 'screening/business-watchlist',
          attributes: { execution_mode: 'sync', query: { business_name: 'Russian National Commercial Bank PJSC', country: 'RU', registration_number: '1027700381290' } },
        },
      },
    });
    const a = res.body.data.attributes;
    expect(a).toMatchObject({ status: 'completed', has_match: true });
    const ofac = a.matched_lists.find((l: { slug: string }) => l.slug === 'us_ofac_sdn');
    expect(ofac).toMatchObject({ name: 'OFAC Specially Designated Nationals (SDN) List', list_type: 'sanctions', flag_code: 'us', country_code: 'US' });
    const bank = ofac.entities.find((e: { source_id: string }) => e.source_id === '17755');
    expect(bank.kind).toBe('organization');
    expect(bank.match_types).toContain('registration_number');
    expect(bank.birthdates).toEqual([]);
  });

  it('business watchlist with country ZZ (unknown) keeps a strong name match', async () => {
    const body = (country: string) => ({
      data: { type: 'screening/business-watchlist', attributes: { execution_mode: 'sync', query: { business_name: 'Congomet Trading House', country } } },
    });
    const zz = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: body('ZZ') });
    const entity = zz.body.data.attributes.matched_lists.find((l: { slug: string }) => l.slug === 'un_sc_sanctions').entities[0];
    expect(entity.source_id).toBe('6908025');
    expect(entity.match_types).not.toContain('country_conflict');
    expect(entity.score).toBeGreaterThanOrEqual(0.95);
  });
});
