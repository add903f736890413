/**
 * business-adverse-media screenings end to end over fixture articles ingested into PostgreSQL
 * (RSS, Atom, JSON; English, German, Spanish, French, Portuguese): a business named in a sentence
 * with a negative-news term matches; praise does not; an unknown business is not_found; no corpus
 * at all is failed with no_articles_loaded.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importArticleFiles } from '../../../activities/screening/adverse-media/article-import.js';
import { screeningDocument } from '../../../api/screenings/screening.schemas.js';
import { repoRoot } from '../support/list-files.js';
import { silentLogger, startScreeningContext, type ScreeningTestContext } from '../support/screening-test-context.js';

let ctx: ScreeningTestContext;
const fixtures = path.join(repoRoot, 'test/screening/fixtures/adverse-media');

beforeAll(async () => {
  ctx = await startScreeningContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function screen(business_name: string, country = 'US', extra: Record<string, unknown> = {}) {
  const res = await ctx.api.request('POST', '/v1/screenings', {
    key: ctx.keys.staging,
    body: { data: { type: 'screening/business-adverse-media', attributes: { execution_mode: 'sync', query: { business_name, country }, ...extra } } },
  });
  expect(res.status).toBe(201);
  expect(screeningDocument.safeParse(res.body).success).toBe(true);
  return res.body.data.attributes;
}

describe('without articles', () => {
  it('fails with no_articles_loaded', async () => {
    const a = await screen('Northwind Trading LLC');
    expect(a).toMatchObject({ status: 'failed', has_match: null, matched_lists: null });
    expect(a.errors[0].code).toBe('no_articles_loaded');
  });
});

describe('with the fixture articles ingested', () => {
  beforeAll(async () => {
    const deps = { db: ctx.tdb.db, logger: silentLogger, clock: () => new Date() };
    const first = await importArticleFiles(deps, fixtures);
    expect(first).toMatchObject({ files: 4, read: 11, stored: 9, skipped: 2 });
    expect(first.problems).toHaveLength(1);
    expect(first.problems[0]).toMatch(/broken\.rss:\d+/);
    const again = await importArticleFiles(deps, fixtures);
    expect(again).toMatchObject({ read: 11, stored: 0 });
  });

  it('matches the fined company, grouped by publication, with the article as entity', async () => {
    const a = await screen('Northwind Trading LLC');
    expect(a).toMatchObject({ status: 'completed', has_match: true, errors: null, algorithm_version: expect.stringMatching(/^adverse-media-/) });
    expect(a.list_versions[0]).toMatchObject({ slug: 'adverse_media', article_count: 9 });
    expect(a.matched_lists).toHaveLength(1);
    const [list] = a.matched_lists;
    expect(list).toMatchObject({ name: 'Harbour Business Wire', url: 'https://news.example.org/', list_type: 'adverse_media', list_types: ['adverse_media'], slug: 'harbour_business_wire', flag_code: null, country_code: null });
    expect(list.entities).toHaveLength(1);
    const [article] = list.entities;
    expect(article).toMatchObject({
      source_id: 'https://news.example.org/2026/03/northwind-trading-fined',
      url: 'https://news.example.org/2026/03/northwind-trading-fined',
      title: 'Northwind Trading fined $4m over sanctions violations',
      name: 'Northwind Trading fined $4m over sanctions violations',
      alias_type: 'article',
      published_at: '2026-03-10T09:30:00.000Z',
      birthdates: [],
      birthdate: null,
    });
    expect(article.match_types).toEqual(expect.arrayContaining(['name_phrase', 'name_in_title', 'sanctions', 'regulatory_enforcement']));
    expect(list.match_types).toEqual([...article.match_types].sort());
    expect(article.score).toBeGreaterThan(0.8);
  });

  it('reads German, Spanish, French and Portuguese news', async () => {
    const de = await screen('Bergmann Logistik GmbH', 'DE');
    expect(de.matched_lists[0].entities[0].match_types).toEqual(expect.arrayContaining(['money_laundering', 'criminal_proceedings']));
    const es = await screen('Constructora Andina S.A.', 'CO');
    expect(es.matched_lists[0]).toMatchObject({ name: 'Noticias Ejemplo' });
    expect(es.matched_lists[0].entities[0].match_types).toContain('bribery_corruption');
    const fr = await screen('Societe Generale des Metaux', 'FR');
    expect(fr.matched_lists[0].entities[0].match_types).toEqual(expect.arrayContaining(['money_laundering', 'bribery_corruption']));
    const pt = await screen('Transportadora Rio Claro Ltda', 'BR');
    expect(pt.matched_lists[0].entities[0].match_types).toEqual(expect.arrayContaining(['money_laundering', 'tax_evasion']));
  });

  it('mentions without negative news complete without a match; no mention is not_found', async () => {
    expect(await screen('Cheerful Bakery Ltd', 'GB')).toMatchObject({ status: 'completed', has_match: false, matched_lists: [] });
    expect(await screen('Quietly Honest Widgets Inc', 'ZZ')).toMatchObject({ status: 'not_found', has_match: false, matched_lists: [], errors: null });
  });

  it('an ignored article does not count', async () => {
    const first = await screen('Globex Corporation');
    expect(first.has_match).toBe(true);
    const articleId = first.matched_lists[0].entities[0].id;
    const again = await screen('Globex Corporation', 'US', { ignore_list: [articleId] });
    expect(again).toMatchObject({ status: 'completed', has_match: false, matched_lists: [], ignore_list: [articleId] });
  });
});
