/**
 * One monitoring run, as a long activity that heartbeats its progress and resumes from it:
 * 1. the delta: the activated version's entities that are new or changed against the previous
 *    version (by our stable ids and content), or all of them when there is no previous version to
 *    compare (a new list, or one pruned before the run); a matcher index over just those;
 * 2. removals: entities monitored subjects are known to match that the version no longer lists;
 * 3. every monitored subject of the list's screening types, in id order, screened against the
 *    delta index only; new hits and removals become monitoring screenings, a page at a time;
 * 4. subjects whose own screening was still running when their page was read (no known hits yet:
 *    screening them then could report a hit their own result also holds) are deferred: the run
 *    waits for their results (bounded), skips those whose result was computed against this version
 *    of the list or a later one, and screens the rest (an older version, a failure, or still running
 *    after the wait: a possible duplicate report is better than a missed one).
 * Nothing is re-run against the unchanged entities: at a million subjects the cost is reading them
 * and matching each against the (small) delta.
 */
import { Context } from '@temporalio/activity';
import { changedEntities, findVersion, listedEntityIds, versionAndLater, versionEntitiesKept } from '../../../infra/db/repositories/list-versions.repository.js';
import {
  findMonitoredScreenings,
  findMonitoringRun,
  hitsOnEntities,
  knownHits,
  type HitKey,
  knownListedEntityIds,
  liveHitsOf,
  monitoredSubjectsByIds,
  monitoredSubjectsPage,
  screeningStates,
  updateMonitoringRun,
  type MonitoredSubject,
} from '../../../infra/db/repositories/screening-monitoring.repository.js';
import type { ScreeningMonitoringRunRow } from '../../../infra/db/tables/screening-monitoring.table.js';
import type { ScreeningType } from '../../../workflows/screening/screening.contract.js';
import type { ActivityDeps } from '../../activity-deps.js';
import { systemActor } from '../../events/actor.model.js';
import type { ListSource, StoredListEntity } from '../lists/list-entity.js';
import { ALGORITHM_VERSION, DEFAULT_THRESHOLD, IndexBuilder, screen, type MatchHit, type MatchIndex, type NearMatch, type ScreenResult } from '../matching/matcher.js';
import { toMatchQuery } from '../results/list-screening.js';
import { coveredByOwnResult, isUnfinished } from './monitoring-deferral.model.js';
import { monitoredTypesFor, monitoringReport, newHits, type MonitoringRunFacts, type RemovedEntity } from './monitoring-report.model.js';
import { reportMonitoringFindings, type MonitoringFinding } from './screening-monitoring.transitions.js';

/** Subjects read (and matched) per page; each page's findings are stored in one transaction. */
export const SUBJECT_PAGE_SIZE = 5000;
/** Known-hit rows read per query when looking up removals. */
export const REMOVAL_PAGE_SIZE = 5000;
/** Removed entity ids per lookup (the size of one IN list). */
const REMOVED_IDS_PER_LOOKUP = 5000;

/** How long a run waits, at most, for the screenings of deferred subjects to finish. */
export const DEFERRED_WAIT_MS = 120_000;
/** How often it looks whether they have. */
const DEFERRED_POLL_MS = 1000;

/** Page sizes (smaller ones let tests cross page boundaries with a few rows) and the wait for deferred subjects. */
export interface MonitoringRunOptions {
  subjectPageSize?: number;
  removalPageSize?: number;
  deferredWaitMs?: number;
}
const actor = systemActor('screeningMonitoring');

export interface MonitoringProgress {
  afterId: string | null;
  screened: number;
  created: number;
  removals: number;
  /** Subjects of the pages done whose own screening was running: not screened yet (absent in older heartbeats). */
  deferred?: string[];
}

export interface MonitoringRunSummary {
  runId: string;
  mode: 'delta' | 'full' | 'superseded';
  changedEntities: number;
  removedEntities: number;
  subjectsScreened: number;
  screeningsCreated: number;
  removalsReported: number;
}

function progressSoFar(): MonitoringProgress | undefined {
  try {
    return Context.current().info.heartbeatDetails as MonitoringProgress | undefined;
  } catch {
    return undefined;
  }
}

function heartbeat(progress: MonitoringProgress): void {
  try {
    Context.current().heartbeat(progress);
  } catch {
    // called outside an activity (tests, benches): nothing to report to
  }
}

type Finding = { hits: MatchHit[]; nearMatches: NearMatch[]; removed: RemovedEntity[] };

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
type ScreeningState = Awaited<ReturnType<typeof screeningStates>>[number];

export function createScreeningMonitoringActivities(deps: Pick<ActivityDeps, 'db' | 'clock' | 'logger'>, options: MonitoringRunOptions = {}) {
  const { db } = deps;
  const subjectPageSize = options.subjectPageSize ?? SUBJECT_PAGE_SIZE;
  const removalPageSize = options.removalPageSize ?? REMOVAL_PAGE_SIZE;
  const deferredWaitMs = options.deferredWaitMs ?? DEFERRED_WAIT_MS;

  /**
   * Entities the subjects know that the version no longer lists, per subject: every one of them,
   * gathered before any is reported, so a subject's removals all go into its one monitoring
   * screening of this run (pages are keyed by subject and entity, never cut inside a subject).
   */
  async function removalsBySubject(run: ScreeningMonitoringRunRow): Promise<Map<string, RemovedEntity[]>> {
    const known = await knownListedEntityIds(db, run.environment, run.list_slug);
    const listed = await listedEntityIds(db, run.version_id, known);
    const removedIds = known.filter((id) => !listed.has(id));
    const out = new Map<string, RemovedEntity[]>();
    for (let i = 0; i < removedIds.length; i += REMOVED_IDS_PER_LOOKUP) {
      let after: HitKey | null = null;
      for (;;) {
        const page = await hitsOnEntities(db, run.environment, run.list_slug, removedIds.slice(i, i + REMOVED_IDS_PER_LOOKUP), after, removalPageSize);
        for (const h of page) {
          const list = out.get(h.monitored_screening_id) ?? [];
          list.push({ id: h.entity_id, source_id: h.entity_source_id, list_slug: run.list_slug, name: h.entity_name });
          out.set(h.monitored_screening_id, list);
        }
        if (page.length < removalPageSize) break;
        after = page[page.length - 1]!;
      }
    }
    return out;
  }

  /**
   * Removals of subjects whose known hits were recorded after the run gathered removals (a deferred
   * subject's own result, computed against an older version, stored during the run): their known
   * hits on the list that this version no longer lists.
   */
  async function lateRemovals(run: ScreeningMonitoringRunRow, ids: readonly string[]): Promise<Map<string, RemovedEntity[]>> {
    const hits = await liveHitsOf(db, run.list_slug, ids);
    const listed = await listedEntityIds(db, run.version_id, [...new Set(hits.map((h) => h.entity_id))]);
    const out = new Map<string, RemovedEntity[]>();
    for (const h of hits.filter((h) => !listed.has(h.entity_id))) {
      out.set(h.monitored_screening_id, [...(out.get(h.monitored_screening_id) ?? []), { id: h.entity_id, source_id: h.entity_source_id, list_slug: run.list_slug, name: h.entity_name }]);
    }
    return out;
  }

  /** Polls the deferred subjects' screenings (heartbeating) until none is running or the wait is over; their last states. */
  async function awaitDeferred(ids: readonly string[], progress: MonitoringProgress): Promise<Map<string, ScreeningState>> {
    const deadline = Date.now() + deferredWaitMs;
    for (;;) {
      const states = new Map<string, ScreeningState>();
      for (let i = 0; i < ids.length; i += REMOVED_IDS_PER_LOOKUP) {
        for (const s of await screeningStates(db, ids.slice(i, i + REMOVED_IDS_PER_LOOKUP))) states.set(s.id, s);
      }
      const left = deadline - Date.now();
      if (![...states.values()].some((s) => isUnfinished(s.status)) || left <= 0) return states;
      heartbeat(progress);
      await sleep(Math.min(DEFERRED_POLL_MS, left));
    }
  }

  /** A page's findings: each subject screened against the delta, its new hits and the removals gathered for it (taken from `removals`). */
  async function findingsFor(index: MatchIndex, threshold: number, subjects: readonly MonitoredSubject[], removals: Map<string, RemovedEntity[]>): Promise<Map<string, Finding>> {
    const matched = new Map<string, ScreenResult>();
    for (const [i, subject] of subjects.entries()) {
      if (i % 500 === 499) await yieldTurn();
      const result = screen(index, toMatchQuery(subject.type as ScreeningType, subject.query), { threshold, limit: 50 });
      const ignore = new Set(subject.ignoreList);
      if (result.hits.some((h) => !ignore.has(h.entity.id))) matched.set(subject.id, result);
    }
    const known = await knownHits(db, [...matched.keys()]);
    const findings = new Map<string, Finding>();
    for (const subject of subjects) {
      const m = matched.get(subject.id);
      const fresh = m ? newHits(m.hits, new Set(subject.ignoreList), known.get(subject.id)) : [];
      const removed = removals.get(subject.id) ?? [];
      removals.delete(subject.id);
      if (fresh.length > 0 || removed.length > 0) findings.set(subject.id, { hits: fresh, nearMatches: m?.nearMatches ?? [], removed });
    }
    return findings;
  }

  async function storeFindings(run: ScreeningMonitoringRunRow, facts: MonitoringRunFacts, findings: Map<string, Finding>): Promise<number> {
    if (findings.size === 0) return 0;
    const originals = await findMonitoredScreenings(db, run.environment, [...findings.keys()]);
    const reports: MonitoringFinding[] = originals
      .filter((o) => o.monitor)
      .map((o) => {
        const found = findings.get(o.id)!;
        const { outcome, monitoring } = monitoringReport(facts, { ...found, ignoreList: new Set(o.ignore_list) });
        return { environment: run.environment, monitored: o, result: outcome, monitoring, removed: found.removed };
      });
    return reportMonitoringFindings(db, actor, run.environment, reports, run.version_id, deps.clock());
  }

  return {
    async runScreeningMonitoring(input: { runId: string }): Promise<MonitoringRunSummary> {
      const run = await findMonitoringRun(db, input.runId);
      if (!run) throw new Error(`monitoring run ${input.runId} does not exist`);
      const started = Date.now();
      const progress: MonitoringProgress = progressSoFar() ?? { afterId: null, screened: 0, created: 0, removals: 0 };
      const deferred = (progress.deferred = progress.deferred ?? []);
      const summary = (mode: MonitoringRunSummary['mode'], changed: number, removed: number): MonitoringRunSummary => ({
        runId: run.id, mode, changedEntities: changed, removedEntities: removed,
        subjectsScreened: progress.screened, screeningsCreated: progress.created, removalsReported: progress.removals,
      });
      if (run.status === 'completed') return summary((run.delta?.mode as MonitoringRunSummary['mode']) ?? 'delta', 0, 0);
      await updateMonitoringRun(db, run.id, { status: 'running', ...(run.started_at ? {} : { startedAt: deps.clock() }) });

      const version = await findVersion<ListSource>(db, run.version_id);
      if (!version || !(await versionEntitiesKept(db, run.version_id))) {
        // Superseded twice before this run could read it: the run of the newer version covers it.
        await updateMonitoringRun(db, run.id, { status: 'completed', delta: { mode: 'superseded' }, completedAt: deps.clock() });
        return summary('superseded', 0, 0);
      }
      const compare = run.previous_version_id && (await versionEntitiesKept(db, run.previous_version_id)) ? run.previous_version_id : null;
      const mode = compare ? 'delta' : 'full';
      const changed = await changedEntities<StoredListEntity>(db, run.version_id, compare);
      const removals = await removalsBySubject(run);
      const delta = { mode, changed: changed.length, added: changed.filter((c) => c.added).length, removed_subject_entities: [...removals.values()].reduce((n, l) => n + l.length, 0) };
      await updateMonitoringRun(db, run.id, { delta });

      const facts: MonitoringRunFacts = {
        runId: run.id,
        version: { slug: run.list_slug, versionId: run.version_id, previousVersionId: run.previous_version_id, source: version.source, checksum: version.checksum, fetchedAt: version.fetchedAt, entityCount: version.entityCount },
        mode,
        algorithmVersion: ALGORITHM_VERSION,
        threshold: DEFAULT_THRESHOLD,
      };
      let index: MatchIndex | undefined;
      if (changed.length > 0) {
        const builder = new IndexBuilder();
        for (const { entity } of changed) builder.add({ ...entity, list_slug: run.list_slug });
        index = builder.build();
      }

      const types = monitoredTypesFor(run.list_type);
      while (index) {
        const subjects = await monitoredSubjectsPage(db, run.environment, types, progress.afterId, subjectPageSize);
        if (subjects.length === 0) break;
        const ready = subjects.filter((s) => !isUnfinished(s.status));
        const findings = await findingsFor(index, facts.threshold, ready, removals);
        progress.created += await storeFindings(run, facts, findings);
        progress.removals += [...findings.values()].filter((f) => f.removed.length > 0).length;
        progress.screened += ready.length;
        deferred.push(...subjects.filter((s) => isUnfinished(s.status)).map((s) => s.id));
        progress.afterId = subjects[subjects.length - 1]!.id;
        heartbeat(progress);
        if (subjects.length < subjectPageSize) break;
      }
      if (index && deferred.length > 0) {
        const states = await awaitDeferred(deferred, progress);
        const covering = await versionAndLater(db, run.version_id);
        const stillRunning = deferred.filter((id) => isUnfinished(states.get(id)?.status ?? ''));
        if (stillRunning.length > 0) deps.logger.warn({ runId: run.id, list: run.list_slug, subjects: stillRunning.length }, 'monitoring run screens subjects whose own screening is still running (a hit may be reported twice)');
        while (deferred.length > 0) {
          const chunk = deferred.slice(0, subjectPageSize);
          const toScreen = chunk.filter((id) => { const s = states.get(id); return !s || !coveredByOwnResult(s, run.list_slug, covering); });
          for (const [id, late] of await lateRemovals(run, toScreen)) {
            const gathered = removals.get(id) ?? [];
            removals.set(id, [...gathered, ...late.filter((r) => !gathered.some((g) => g.id === r.id))]);
          }
          const subjects = await monitoredSubjectsByIds(db, run.environment, toScreen);
          const findings = await findingsFor(index, facts.threshold, subjects, removals);
          progress.created += await storeFindings(run, facts, findings);
          progress.removals += [...findings.values()].filter((f) => f.removed.length > 0).length;
          progress.screened += subjects.length;
          deferred.splice(0, chunk.length);
          heartbeat(progress);
        }
      }
      // Subjects whose known entities were removed, not reached by the scan (nothing changed, or past its pages).
      const rest = [...removals.entries()];
      for (let i = 0; i < rest.length; i += subjectPageSize) {
        const page = new Map<string, Finding>(rest.slice(i, i + subjectPageSize).map(([id, removed]) => [id, { hits: [], nearMatches: [], removed }]));
        progress.created += await storeFindings(run, facts, page);
        progress.removals += page.size;
        heartbeat(progress);
      }
      await updateMonitoringRun(db, run.id, {
        status: 'completed', subjectsScreened: progress.screened, screeningsCreated: progress.created, removalsReported: progress.removals, completedAt: deps.clock(),
      });
      deps.logger.info({ runId: run.id, list: run.list_slug, environment: run.environment, ...delta, subjects: progress.screened, created: progress.created, ms: Date.now() - started }, 'monitoring run completed');
      return summary(mode, changed.length, delta.removed_subject_entities);
    },

    async failScreeningMonitoringRun(input: { runId: string; error: string }): Promise<void> {
      await updateMonitoringRun(db, input.runId, { status: 'failed', error: input.error, completedAt: deps.clock() });
    },
  };
}
