/**
 * What a monitoring run reports about one subject: new hits only (not cleared, not already known,
 * a known entity reported removed and listed again is new again), removals, and the finished
 * screening they become; which screening types a list type's versions concern; which screenings
 * can be monitored at all.
 */
import { describe, expect, it } from 'vitest';
import type { ListSource } from '../../../activities/screening/lists/list-entity.js';
import { buildIndex, screen, type MatchHit } from '../../../activities/screening/matching/matcher.js';
import { monitoringRefusal } from '../../../activities/screening/monitoring/monitoring-eligibility.model.js';
import { monitoredTypesFor, monitoringReport, newHits, type MonitoringRunFacts } from '../../../activities/screening/monitoring/monitoring-report.model.js';

const source: ListSource = { slug: 'un_sc_sanctions', name: 'UN Security Council', url: 'https://un.org', list_type: 'sanctions', country_code: null, flag_code: 'un' };
const entity = (id: string, full: string, year?: number) => ({
  id, list_slug: source.slug, source_id: `src-${id}`, kind: 'person' as const, names: [{ full, alias_type: 'primary', strength: 'primary' as const }],
  birth_dates: year ? [{ year, granularity: 'year' as const }] : [], countries: [], identifiers: [], programs: ['DRC'],
});
const index = buildIndex([entity('e1', 'Marta Kowalczyk Nowak'), entity('e2', 'Marta Kowalczyk Nowak', 1980), entity('e3', 'Eric Badege')]);
const hits: MatchHit[] = screen(index, { kind: 'person', name_first: 'Marta', name_last: 'Kowalczyk Nowak' }).hits;

const facts: MonitoringRunFacts = {
  runId: '00000000-0000-4000-8000-000000000001',
  version: { slug: source.slug, versionId: '00000000-0000-4000-8000-000000000002', previousVersionId: '00000000-0000-4000-8000-000000000003', source, checksum: 'abc', fetchedAt: new Date('2026-11-20T00:00:00Z'), entityCount: 730 },
  mode: 'delta',
  algorithmVersion: '2026.11.3',
  threshold: 0.8,
};

describe('new hits', () => {
  it('are the delta hits neither cleared nor already known', () => {
    expect(hits.map((h) => h.entity.id).sort()).toEqual(['e1', 'e2']);
    expect(newHits(hits, new Set(), undefined).map((h) => h.entity.id).sort()).toEqual(['e1', 'e2']);
    expect(newHits(hits, new Set(['e1']), undefined).map((h) => h.entity.id)).toEqual(['e2']);
    expect(newHits(hits, new Set(), new Map([['e2', { removed: false }]])).map((h) => h.entity.id)).toEqual(['e1']);
  });

  it('include a known entity that was reported removed and is listed again', () => {
    expect(newHits(hits, new Set(), new Map([['e1', { removed: true }], ['e2', { removed: false }]])).map((h) => h.entity.id)).toEqual(['e1']);
  });
});

describe('the monitoring screening', () => {
  it('holds the new hits as matched_lists and names the version and run', () => {
    const { outcome, monitoring } = monitoringReport(facts, { hits: newHits(hits, new Set(), undefined), nearMatches: [], removed: [], ignoreList: new Set() });
    expect(outcome).toMatchObject({ status: 'completed', hasMatch: true, errors: null, algorithmVersion: '2026.11.3', threshold: 0.8 });
    expect(outcome.matchedLists).toHaveLength(1);
    expect(outcome.matchedLists![0]).toMatchObject({ slug: 'un_sc_sanctions', name: 'UN Security Council' });
    expect(outcome.matchedLists![0]!.entities.map((e) => e.id).sort()).toEqual(['e1', 'e2']);
    expect(outcome.listVersions).toEqual([{ slug: 'un_sc_sanctions', version_id: facts.version.versionId, list_type: 'sanctions', checksum: 'abc', fetched_at: '2026-11-20T00:00:00.000Z', entity_count: 730 }]);
    expect(monitoring).toEqual({
      run_id: facts.runId, list_slug: 'un_sc_sanctions', list_version_id: facts.version.versionId, previous_version_id: facts.version.previousVersionId,
      mode: 'delta', new_entity_ids: expect.arrayContaining(['e1', 'e2']), removed_entities: [],
    });
  });

  it('reports a removal alone without a match', () => {
    const removed = [{ id: 'e9', source_id: '6907993', list_slug: 'un_sc_sanctions', name: 'ERIC BADEGE' }];
    const { outcome, monitoring } = monitoringReport(facts, { hits: [], nearMatches: [], removed, ignoreList: new Set() });
    expect(outcome).toMatchObject({ status: 'completed', hasMatch: false, matchedLists: [] });
    expect(monitoring).toMatchObject({ new_entity_ids: [], removed_entities: removed });
  });
});

describe('which subjects a list version concerns', () => {
  it('PEP lists concern PEP screenings; every other list watchlist and business watchlist screenings', () => {
    expect(monitoredTypesFor('pep')).toEqual(['screening/politically-exposed-person']);
    for (const t of ['sanctions', 'watchlist', 'debarment', 'other']) expect(monitoredTypesFor(t)).toEqual(['screening/watchlist', 'screening/business-watchlist']);
  });

  it('list screenings can be monitored; adverse media and monitoring screenings cannot', () => {
    for (const type of ['screening/watchlist', 'screening/politically-exposed-person', 'screening/business-watchlist']) expect(monitoringRefusal({ type, origin: 'api' })).toBeUndefined();
    expect(monitoringRefusal({ type: 'screening/business-adverse-media', origin: 'api' })?.code).toBe('monitoring_not_supported');
    expect(monitoringRefusal({ type: 'screening/watchlist', origin: 'monitoring' })?.code).toBe('monitoring_not_supported');
  });
});
