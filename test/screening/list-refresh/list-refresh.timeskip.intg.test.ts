/**
 * listRefreshWorkflow on Temporal's time-skipping server with the real activities, downloading from
 * a local HTTP server (allowlisted): lists are downloaded, parsed and activated; a flaky publisher
 * is retried with backoff until it answers; a 404 or a refused private address fails that source
 * only; a malformed file fails its import with file and line while the previous version stays; a
 * second run changes nothing; feeds are ingested.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshSource } from '../../../activities/screening/list-refresh/refresh-sources.js';
import { listActiveVersions } from '../../../infra/db/repositories/list-versions.repository.js';
import { listRefreshWorkflowId, type ListRefreshResult } from '../../../workflows/list-refresh/list-refresh.contract.js';
import { createTimeSkippingEnv } from '../../setup/temporal.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { workflowBundle } from '../../support/test-worker.js';
import { startFixtureHttpServer, type FixtureHttpServer } from '../support/fixture-http-server.js';
import { OFAC_ALIASES, OFAC_ROWS, ofacAltCsv, ofacSdnCsv, realListsDir, repoRoot } from '../support/list-files.js';
import { screeningActivitiesFor } from '../support/screening-test-context.js';
import { recordHistory } from '../support/workflow-histories.js';

let env: TestWorkflowEnvironment;
let tdb: TestDatabase;
let http: FixtureHttpServer;
let worker: Worker;
let running: Promise<void>;
let downloadRoot: string;
const taskQueue = `list-refresh-${Date.now()}`;

const UN_MALFORMED = '<?xml version="1.0"?>\n<CONSOLIDATED_LIST>\n<INDIVIDUALS>\n<INDIVIDUAL><DATAID>1</DATAID>\n</CONSOLIDATED_LIST>\n';

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  tdb = await createTestDatabase();
  http = await startFixtureHttpServer({
    '/ofac/SDN.CSV': { body: ofacSdnCsv(OFAC_ROWS), failFirst: 2 },
    '/ofac/ALT.CSV': { body: ofacAltCsv(OFAC_ALIASES) },
    '/un/consolidated.xml': { body: await readFile(path.join(realListsDir, 'un_sc_2026-02-27/UN_consolidated.xml')) },
    '/uk/moved.csv': { redirectTo: '/uk/missing.csv' },
    '/feeds/business.rss': { body: await readFile(path.join(repoRoot, 'test/screening/fixtures/adverse-media/business-wire.rss')) },
  });
  downloadRoot = await mkdtemp(path.join(os.tmpdir(), 'cw-refresh-'));
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities: screeningActivitiesFor(tdb.db, { OUTBOUND_ALLOWLIST: http.host }, downloadRoot),
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await env?.teardown();
  await http?.close();
  await tdb?.destroy();
  if (downloadRoot) await rm(downloadRoot, { recursive: true, force: true });
});

function source(slug: string, format: RefreshSource['format'], downloads: [string, string][], listType: RefreshSource['list_type'] = 'sanctions'): RefreshSource {
  return { slug, name: `${slug} list`, url: `https://publisher.example/${slug}`, list_type: listType, country_code: null, flag_code: null, format, downloads: downloads.map(([file, url]) => ({ file, url })) };
}

async function refresh(sources: RefreshSource[], feeds: string[], run: string): Promise<ListRefreshResult> {
  return env.client.workflow.execute('listRefreshWorkflow', { taskQueue, workflowId: listRefreshWorkflowId(run), args: [{ sources, feeds }] }) as Promise<ListRefreshResult>;
}

describe('list refresh workflow', () => {
  it('downloads, parses and activates each list; failures stay per source', async () => {
    const ofac = source('us_ofac_sdn', 'ofac_csv', [['sdn.csv', `${http.origin}/ofac/SDN.CSV`], ['alt.csv', `${http.origin}/ofac/ALT.CSV`]]);
    const un = source('un_sc_sanctions', 'un_xml', [['consolidated.xml', `${http.origin}/un/consolidated.xml`]]);
    const gone = source('gb_hmt_sanctions', 'uk_conlist_csv', [['ConList.csv', `${http.origin}/uk/moved.csv`]]);
    // Only the fixture server's host:port is allowlisted; another loopback address is refused.
    const internal = source('eu_fsf', 'eu_fsf_xml', [['eu.xml', 'http://127.0.0.2:9/eu.xml']]);

    const result = await refresh([ofac, un, gone, internal], [`${http.origin}/feeds/business.rss`], 'first');
    const bySlug = Object.fromEntries(result.lists.map((r) => [r.slug, r]));
    expect(bySlug['us_ofac_sdn']).toMatchObject({ status: 'activated', entityCount: 5, error: null });
    expect(bySlug['us_ofac_sdn']!.warningCount).toBeGreaterThanOrEqual(1);
    // The publisher answered 503 twice; the download activity was retried with backoff.
    expect(http.hits.get('/ofac/SDN.CSV')).toBe(3);
    expect(bySlug['un_sc_sanctions']).toMatchObject({ status: 'activated', entityCount: 1003 });
    expect(bySlug['gb_hmt_sanctions']).toMatchObject({ status: 'download_failed', versionId: null });
    expect(bySlug['gb_hmt_sanctions']!.error).toMatch(/HTTP 404/);
    expect(http.hits.get('/uk/missing.csv')).toBe(1);
    expect(bySlug['eu_fsf']).toMatchObject({ status: 'download_failed' });
    expect(bySlug['eu_fsf']!.error).toMatch(/not a public address/);
    expect(result.feeds).toEqual([{ url: `${http.origin}/feeds/business.rss`, status: 'ingested', stored: 4, error: null }]);

    const active = await listActiveVersions(tdb.db);
    expect(active.map((v) => v.slug)).toEqual(['un_sc_sanctions', 'us_ofac_sdn']);
    // The configured source names the list; the origin is the download URLs.
    expect(active[1]!.source).toMatchObject({ name: 'us_ofac_sdn list', url: 'https://publisher.example/us_ofac_sdn' });
    const version = await tdb.db.selectFrom('list_versions').select('origin').where('id', '=', active[1]!.versionId).executeTakeFirstOrThrow();
    expect(version.origin).toEqual({ urls: [`${http.origin}/ofac/SDN.CSV`, `${http.origin}/ofac/ALT.CSV`] });
    expect(await readdir(downloadRoot)).toEqual([]);
    await recordHistory(env.client, listRefreshWorkflowId('first'), 'list-refresh-mixed-outcomes');
  });

  it('a second run with the same files changes nothing', async () => {
    const before = await listActiveVersions(tdb.db);
    const ofac = source('us_ofac_sdn', 'ofac_csv', [['sdn.csv', `${http.origin}/ofac/SDN.CSV`], ['alt.csv', `${http.origin}/ofac/ALT.CSV`]]);
    const result = await refresh([ofac], [], 'second');
    expect(result.lists[0]).toMatchObject({ slug: 'us_ofac_sdn', status: 'unchanged', versionId: before.find((v) => v.slug === 'us_ofac_sdn')!.versionId });
    expect(await listActiveVersions(tdb.db)).toEqual(before);
  });

  it('a malformed download fails its import with file and line; the previous version stays live', async () => {
    const before = (await listActiveVersions(tdb.db)).find((v) => v.slug === 'un_sc_sanctions')!;
    http.routes.set('/un/broken.xml', { body: UN_MALFORMED });
    const un = source('un_sc_sanctions', 'un_xml', [['consolidated.xml', `${http.origin}/un/broken.xml`]]);
    const result = await refresh([un], [], 'malformed');
    expect(result.lists[0]).toMatchObject({ slug: 'un_sc_sanctions', status: 'failed' });
    expect(result.lists[0]!.error).toMatch(/consolidated\.xml:\d+/);
    const after = (await listActiveVersions(tdb.db)).find((v) => v.slug === 'un_sc_sanctions')!;
    expect(after.versionId).toBe(before.versionId);
  });
});
