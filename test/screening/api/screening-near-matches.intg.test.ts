/**
 * The matcher's blind spots end to end (HTTP → PostgreSQL → Temporal workflow on a real worker →
 * matcher over the real UN list and US Congress PEPs → stored record read back over HTTP):
 * `near_matches` (name hits a birth-date conflict removed: outside has_match, [] when none, null
 * until completed), nickname matches found by the worker through the installed nickname data, and
 * a name out of a multi-name UN alias.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableEntityId } from '../../../activities/screening/list-store/entity-id.js';
import { BIRTH_YEAR_TOLERANCE, DEFAULT_THRESHOLD } from '../../../activities/screening/matching/matcher.js';
import { screeningDocument } from '../../../api/screenings/screening.schemas.js';
import { importRealLists, personBody, pollScreening, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';

let ctx: ScreeningTestContext;

beforeAll(async () => {
  ctx = await startScreeningContext();
});
afterAll(async () => {
  await ctx?.close();
});

const RUKUNDA_ID = stableEntityId('un_sc_sanctions', '6908995');
const rukunda = (birthdate: string) => ({ name_first: 'Michel', name_last: 'Rukunda', birthdate });

async function screenSync(type: 'screening/watchlist' | 'screening/politically-exposed-person', query: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: personBody(type, query, { execution_mode: 'sync', ...extra }) });
  expect(res.status).toBe(201);
  expect(screeningDocument.safeParse(res.body).success).toBe(true);
  return res.body.data.attributes;
}

describe('near_matches before completion', () => {
  it('is null on a failed screening (no list loaded)', async () => {
    const a = await screenSync('screening/watchlist', rukunda('1990-01-01'));
    expect(a.status).toBe('failed');
    expect(a.near_matches).toBeNull();
  });
});

describe('with the UN list and the US Congress PEPs loaded', () => {
  beforeAll(async () => {
    const reports = await importRealLists(ctx.tdb.db, 'un_sc_2026-02-27', 'pep/us_congress_opensanctions_senzing');
    expect(reports.map((r) => r.status)).toEqual(['activated', 'activated']);
  }, 120_000);

  it('is null while pending, then lists the UN person a conflicting birth date cleared, outside has_match', async () => {
    const res = await ctx.api.request('POST', '/v1/screenings', { key: ctx.keys.staging, body: personBody('screening/watchlist', rukunda('1990-01-01')) });
    expect(res.body.data.attributes).toMatchObject({ status: 'pending', near_matches: null });
    const done = await pollScreening(ctx.api, ctx.keys.staging, res.body.data.id);
    expect(screeningDocument.safeParse({ data: done }).success).toBe(true);
    const a = done.attributes;
    expect(a.status).toBe('completed');
    const ids = a.matched_lists.flatMap((l: { entities: { id: string }[] }) => l.entities.map((e) => e.id));
    expect(ids).not.toContain(RUKUNDA_ID);
    const near = a.near_matches.find((m: { id: string }) => m.id === RUKUNDA_ID);
    expect(near).toMatchObject({
      source_id: '6908995',
      list_slug: 'un_sc_sanctions',
      list_name: 'UN Security Council Consolidated List',
      kind: 'person',
      rule: 'birthdate_conflict',
      query_birthdate: '1990-01-01',
      tolerance_years: BIRTH_YEAR_TOLERANCE,
    });
    expect(near.name.toUpperCase()).toContain('RUKUNDA');
    expect(near.name_score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(near.match_types).toContain('exact_name');
    expect(near.conflicting_birthdates).toContainEqual({ day: '12', month: '09', year: '1974', granularity: 'day' });
    expect(near.rule_detail).toContain('1974-09-12');
  });

  it('a birth date within the tolerance keeps the hit and reports no near match', async () => {
    const a = await screenSync('screening/watchlist', rukunda('1975-03-01'));
    expect(a.has_match).toBe(true);
    expect(a.matched_lists[0].entities[0]).toMatchObject({ id: RUKUNDA_ID });
    expect(a.matched_lists[0].entities[0].match_types).toContain('birthdate_approximate');
    expect(a.near_matches).toEqual([]);
  });

  it('leaves out of near_matches an entity the caller cleared', async () => {
    const a = await screenSync('screening/watchlist', rukunda('1990-01-01'), { ignore_list: [RUKUNDA_ID] });
    expect(a.near_matches.map((m: { id: string }) => m.id)).not.toContain(RUKUNDA_ID);
  });

  it('finds a PEP by nickname through the worker-installed nickname data, and the reverse', async () => {
    const bernie = await screenSync('screening/politically-exposed-person', { name_first: 'Bernie', name_last: 'Sanders' });
    expect(bernie.has_match).toBe(true);
    const sanders = bernie.matched_lists[0].entities[0];
    expect(sanders).toMatchObject({ name: 'Bernard Sanders' });
    expect(sanders.match_types).toContain('nickname');
    expect(sanders.score).toBeLessThan(1);

    const mitchell = await screenSync('screening/politically-exposed-person', { name_first: 'Mitchell', name_last: 'McConnell' });
    expect(mitchell.matched_lists[0].entities[0]).toMatchObject({ name: 'Mitch McConnell' });
    expect(mitchell.matched_lists[0].entities[0].match_types).toContain('nickname');
  });

  it('finds a name held in a multi-name low-quality UN alias, reported as a weak alias', async () => {
    const a = await screenSync('screening/watchlist', { name_first: 'Abu Bakr', name_last: 'al-Baghdadi' });
    const hit = a.matched_lists.flatMap((l: { entities: Array<Record<string, unknown>> }) => l.entities).find((e: Record<string, unknown>) => e.source_id === '2975516');
    expect(hit).toMatchObject({ name: 'Abu Bakr al-Baghdadi', alias_type: 'Low' });
    expect(hit.match_types).toEqual(expect.arrayContaining(['exact_name', 'weak_alias']));
  });
});
