/**
 * Ongoing monitoring at scale, on the stack of `npm start` (API and worker processes, PostgreSQL
 * with fsync, Temporal dev server on SQLite): N monitored subjects (default 1,000,000, generated in
 * bulk SQL) against a list version whose delta is D changed or added entities (default 1,000) plus
 * R removed ones. The version is imported as any list is; the worker's monitoring consumer sees
 * its activation, and the monitoring workflow re-screens every subject against the delta only.
 *   bash infra/tools/run.sh bench/screening-monitoring-scale.ts [--subjects 1000000] [--delta 1000] [--removed 100]
 * Prints the time from activation to the run's end, subjects per second, the screenings it
 * created (subjects given a name listed in the delta; subjects known to match a removed entity),
 * and the worker's RSS.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { stableEntityId } from '../activities/screening/list-store/entity-id.js';
import { importParsedList } from '../activities/screening/list-store/list-import.js';
import type { ListEntity, ListSource } from '../activities/screening/lists/list-entity.js';
import { createDb } from '../infra/db/create-db.js';
import { migrateToLatest } from '../infra/db/migrator.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { startNpmStartServers, startService } from './support/npm-start-stack.js';
import { cpuByTree } from './support/process-cpu.js';
import { syntheticEntities } from './support/synthetic-entities.js';

const { values } = parseArgs({
  options: {
    subjects: { type: 'string', default: '1000000' },
    delta: { type: 'string', default: '1000' },
    removed: { type: 'string', default: '100' },
    'list-size': { type: 'string', default: '20000' },
    /** Write a CPU profile of the worker into this folder. */
    profile: { type: 'string' },
  },
});
const subjects = Number(values.subjects);
const delta = Number(values.delta);
const removed = Number(values.removed);
const listSize = Number(values['list-size']);
const logger = createLogger({ level: 'warn', name: 'bench' });
const fmt = (n: number, d = 1) => n.toFixed(d);

const source: ListSource = { slug: 'synthetic_watchlist', name: 'Synthetic watchlist', url: '', list_type: 'watchlist', country_code: null, flag_code: null };
const servers = await startNpmStartServers(await ensureTools());
const db = createDb(servers.databaseUrl, { poolSize: 4, applicationName: 'bench' });
await migrateToLatest(db);
const importDeps = { db, logger, clock: () => new Date() };
const worker = await startService('worker', servers.env, path.join(servers.dir, 'worker.log'), values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`, '--cpu-prof-name=worker.cpuprofile'] : []);

try {
  // ---- version 1 of the list, and the monitored subjects ----
  const base = syntheticEntities(listSize, 42, 'syn');
  const v1 = await importParsedList(importDeps, { source, entities: base, warnings: [], checksum: 'v1' }, ['(generated)']);
  // The subjects come after the monitoring consumer has passed version 1's activation (a first
  // version with subjects already monitored would be screened in full, which is not measured here).
  for (let passed = false; !passed; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const row = await sql<{ passed: boolean }>`
      select (c.last_tx_id, c.last_sequence) >= (e.tx_id, e.sequence) as passed from event_consumers c, events e
      where c.name = 'screening_monitoring' and e.type = 'list_version.activated' and e.resource_id = ${v1.versionId} and e.environment = 'staging'`.execute(db);
    passed = row.rows[0]?.passed ?? false;
  }
  let t0 = performance.now();
  // Subjects: invented names from the same syllables as the list (so many share name words with
  // listed entities), one in 2,000 given the name of an entity the new version adds.
  const added = syntheticEntities(Math.ceil(delta / 2), 4242, 'new').map((e) => ({ ...e, kind: 'person' as const }));
  await sql`
    with syl as (select '{ka,ro,mi,tal,ven,dor,sa,li,mar,te,bo,ru,nik,ha,zel,qua,fi,len,gor,pe}'::text[] as s),
    newnames as (select array_agg(n order by i) as n from (select ordinality as i, n from unnest(${added.map((e) => e.names[0]!.full)}::text[]) with ordinality as n) x)
    insert into screenings (environment, type, status, execution_mode, query, ignore_list, monitor, origin, has_match, matched_lists, near_matches, list_versions, created_at, started_at, completed_at, updated_at)
    select 'staging', 'screening/watchlist', 'completed', 'async',
      case when g % 2000 = 0 then jsonb_build_object('name_first', split_part(newnames.n[1 + (g / 2000) % array_length(newnames.n, 1)], ' ', 1), 'name_last', split_part(newnames.n[1 + (g / 2000) % array_length(newnames.n, 1)], ' ', 2))
      else jsonb_build_object(
        'name_first', initcap(syl.s[1 + abs(hashint4(g)) % 20] || syl.s[1 + abs(hashint4(g + 1)) % 20] || case when g % 3 = 0 then syl.s[1 + abs(hashint4(g + 2)) % 20] else '' end),
        'name_last', initcap(syl.s[1 + abs(hashint4(g * 7)) % 20] || syl.s[1 + abs(hashint4(g * 7 + 1)) % 20] || syl.s[1 + abs(hashint4(g * 7 + 2)) % 20]),
        'birthdate', (date '1940-01-01' + (abs(hashint4(g * 13)) % 22000))::text)
      end,
      '[]'::jsonb, true, 'api', false, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, now(), now(), now(), now()
    from generate_series(1, ${subjects}) g, syl, newnames`.execute(db);
  // Subjects known to match entities the new version removes (as if their own results had listed them).
  const gone = base.slice(0, removed);
  await sql`
    insert into screening_monitor_hits (environment, monitored_screening_id, entity_id, list_slug, entity_source_id, entity_name, reported_screening_id)
    select 'staging', s.id, x.entity_id, ${source.slug}, x.source_id, x.name, s.id
    from (select id, row_number() over (order by id) as r from screenings where monitor limit ${removed}) s
    join (select * from jsonb_to_recordset(${JSON.stringify(gone.map((e, i) => ({ r: i + 1, entity_id: stableEntityId(source.slug, e.source_id), source_id: e.source_id, name: e.names[0]!.full })))}::jsonb)
      as x(r int, entity_id uuid, source_id text, name text)) x on x.r = s.r`.execute(db);
  await sql`vacuum analyze screenings`.execute(db);
  console.log(`${subjects} monitored subjects inserted in ${fmt((performance.now() - t0) / 1000)} s; ${removed} of them known to match an entity version 2 removes`);

  // ---- version 2: D/2 entities changed, D/2 added, R removed ----
  const changed = new Set(base.slice(removed, removed + Math.floor(delta / 2)).map((e) => e.source_id));
  const v2: ListEntity[] = [
    ...base.slice(removed).map((e) => (changed.has(e.source_id) ? { ...e, names: [{ ...e.names[0]!, full: `${e.names[0]!.full} Junior` }] } : e)),
    ...added,
  ];
  const cpuRoots = { worker: worker.process.pid, postgres: servers.pids.postgres, temporal: servers.pids.temporal };
  const cpuBefore = cpuByTree(cpuRoots);
  t0 = performance.now();
  const report = await importParsedList(importDeps, { source, entities: v2, warnings: [], checksum: 'v2' }, ['(generated)']);
  console.log(`version 2 imported in ${fmt((performance.now() - t0) / 1000)} s: ${changed.size} changed, ${added.length} added, ${removed} removed`);

  const deadline = Date.now() + 30 * 60_000;
  let run;
  for (;;) {
    run = await db.selectFrom('screening_monitoring_runs').selectAll().where('version_id', '=', report.versionId!).executeTakeFirst();
    if ((run && (run.status === 'completed' || run.status === 'failed')) || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!run) throw new Error('no monitoring run was made');
  const activated = (await db.selectFrom('list_versions').select('activated_at').where('id', '=', report.versionId!).executeTakeFirstOrThrow()).activated_at!;
  const seconds = (run.completed_at!.getTime() - activated.getTime()) / 1000;
  console.log(`\nmonitoring run ${run.status}: mode ${run.delta?.mode}, delta ${JSON.stringify(run.delta)}`);
  console.log(`  ${run.subjects_screened} subjects re-screened against the delta in ${fmt(seconds)} s from activation (${fmt(Number(run.subjects_screened) / seconds, 0)} subjects/s; run itself ${fmt((run.completed_at!.getTime() - run.started_at!.getTime()) / 1000)} s)`);
  console.log(`  ${run.screenings_created} monitoring screenings created (${run.removals_reported} with a removed entity)`);
  const cpuAfter = cpuByTree(cpuRoots);
  console.log(`  CPU seconds from the import to the end of the run: ${Object.keys(cpuAfter).map((k) => `${k} ${fmt((cpuAfter[k]! - cpuBefore[k]!) / 1000)}`).join(', ')}`);
  console.log(`  worker RSS after the run: ${fmt(worker.rssMiB(), 0)} MiB`);
} finally {
  await worker.stop();
  await db.destroy();
  await servers.stop();
}
process.exit(0);
