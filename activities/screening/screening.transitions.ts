/**
 * Every state change of a screening, each in one transaction with its events: create (pending),
 * pending → processing, the final result (completed | not_found | failed), and monitoring switched
 * on or off. The API routes and the workflows' activities both call these; a change that is no
 * longer possible (a retried activity, a screening already finished) changes nothing and records
 * nothing. The plural forms do the same for many screenings in a few statements (batches, and the
 * one-activity screening run, which stores processing and the result in one transaction when
 * matching is quick).
 */
import { randomUUID } from 'node:crypto';
import {
  insertScreeningWithEvents,
  insertScreenings,
  lockScreening,
  markScreeningProcessing as markProcessingRow,
  markScreeningsProcessing,
  setScreeningMonitor,
  storeScreeningResult,
  storeScreeningResults,
  pendingScreeningRow,
  type NewScreening,
  type ScreeningEventColumns,
} from '../../infra/db/repositories/screenings.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import type { ScreeningErrorItem } from '../../workflows/screening/screening.contract.js';
import type { Actor } from '../events/actor.model.js';
import type { EventPayload } from '../events/catalog/event-catalog.js';
import { eventInsertOf, recordEvents, type AnyNewEvent } from '../events/record-event.js';
import { recordMonitoredHits } from './monitoring/monitor-hits.js';
import { monitoringRefusal } from './monitoring/monitoring-eligibility.model.js';
import type { ScreeningOutcome } from './results/screening-outcome.js';
import { conflictError, notFoundError, unprocessableError } from '../domain-error.model.js';

type ScreeningPayload = EventPayload<'screening.pending'>;
type ScreeningStatus = ScreeningPayload['status'];
type ScreeningEventName = ScreeningStatus | 'monitoring_started' | 'monitoring_stopped';

export function screeningEventPayload(row: ScreeningEventColumns): ScreeningPayload {
  const lists = (row.matched_lists ?? []) as { slug?: string }[];
  const errors = (row.errors ?? []) as { code?: string }[];
  return {
    screening_type: row.type,
    status: row.status as ScreeningStatus,
    execution_mode: row.execution_mode as 'sync' | 'async',
    has_match: row.has_match,
    matched_list_slugs: lists.map((l) => String(l.slug ?? '')).filter(Boolean),
    error_codes: errors.map((e) => String(e.code ?? '')).filter(Boolean),
    account_id: row.account_id,
    business_id: row.business_id,
    monitor: row.monitor,
    origin: row.origin,
    monitored_screening_id: row.monitored_screening_id,
  };
}

export function screeningEvent<R extends ScreeningEventColumns>(row: R, name: ScreeningEventName = row.status as ScreeningStatus): AnyNewEvent {
  return { type: `screening.${name}`, environment: row.environment, resourceId: row.id, payload: screeningEventPayload(row) };
}

/** The row as it stood while processing (for the processing event of a result stored in one step). */
export function asProcessing(row: ScreeningRow): ScreeningRow {
  return { ...row, status: 'processing', has_match: null, matched_lists: null, near_matches: null, errors: null };
}

/**
 * Creates a screening (pending) with its event in one statement (insertScreeningWithEvents): the
 * event is made from the row as it will be stored (pendingScreeningRow), since the statement's
 * event cannot read the row. test/events/state-change-events.intg.test.ts pins that row against
 * the stored one, field by field, for the kinds of screening the callers create.
 */
export async function createScreening(db: Executor, actor: Actor, screening: NewScreening): Promise<ScreeningRow> {
  const id = randomUUID();
  const event = screeningEvent(pendingScreeningRow(id, screening));
  return insertScreeningWithEvents(db, id, screening, [eventInsertOf(actor, event)]);
}

/** Creates several screenings (pending) with their events in one transaction; rows in the order given. */
export async function createScreenings(db: Executor, actor: Actor, screenings: readonly NewScreening[]): Promise<ScreeningRow[]> {
  return inTransaction(db, async (trx) => {
    const rows = await insertScreenings(trx, screenings);
    await recordEvents(trx, actor, rows.map((row) => screeningEvent(row)));
    return rows;
  });
}

/** pending → processing; undefined when the screening was not pending. */
export async function startScreening(db: Executor, actor: Actor, environment: Environment, id: string, at: Date): Promise<ScreeningRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await markProcessingRow(trx, environment, id, at);
    if (row) await recordEvents(trx, actor, [screeningEvent(row)]);
    return row;
  });
}

/** pending → processing for several screenings; returns the rows moved. */
export async function startScreenings(db: Executor, actor: Actor, environment: Environment, ids: readonly string[], at: Date, workflowId: string | null = null): Promise<ScreeningRow[]> {
  return inTransaction(db, async (trx) => {
    const rows = await markScreeningsProcessing(trx, environment, ids, at, workflowId);
    await recordEvents(trx, actor, rows.map((row) => screeningEvent(row)));
    return rows;
  });
}

/** pending | processing → the outcome's final status; undefined when it had already finished. */
export async function finishScreening(db: Executor, actor: Actor, environment: Environment, id: string, outcome: ScreeningOutcome, at: Date): Promise<ScreeningRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await storeScreeningResult(trx, environment, id, outcome, at);
    if (row) {
      await recordEvents(trx, actor, [screeningEvent(row)]);
      await recordMonitoredHits(trx, [row]);
    }
    return row;
  });
}

/**
 * pending | processing → each outcome's final status, in one transaction. A screening that was
 * still pending gets its processing event too (matching started and ended within this step), so
 * every record still tells pending → processing → final. Returns the rows stored.
 */
export async function finishScreenings(
  db: Executor,
  actor: Actor,
  environment: Environment,
  results: readonly { id: string; outcome: ScreeningOutcome }[],
  at: Date,
  workflowId: string | null = null,
): Promise<ScreeningRow[]> {
  return inTransaction(db, async (trx: Trx) => {
    const rows = await storeScreeningResults(trx, environment, results.map((r) => ({ id: r.id, result: r.outcome })), at, workflowId);
    const events = rows.flatMap(({ previous_status, ...row }) => (previous_status === 'pending' ? [screeningEvent(asProcessing(row), 'processing'), screeningEvent(row)] : [screeningEvent(row)]));
    await recordEvents(trx, actor, events);
    const stored = rows.map(({ previous_status: _previous, ...row }) => row);
    await recordMonitoredHits(trx, stored);
    return stored;
  });
}

/**
 * Switches ongoing monitoring on or off (PATCH). Only list screenings (watchlist, PEP, business
 * watchlist; not monitoring screenings) can be monitored. An unchanged value records nothing.
 * `asType`, when the request named one: the screening's own type or the generic `screening`;
 * another screening type names another resource (conflict).
 */
export async function setScreeningMonitoring(
  db: Executor,
  actor: Actor,
  environment: Environment,
  id: string,
  monitor: boolean,
  at: Date,
  asType?: string,
): Promise<ScreeningRow> {
  return inTransaction(db, async (trx) => {
    const current = await lockScreening(trx, environment, id);
    if (!current) throw notFoundError('Screening', id);
    if (asType !== undefined && asType !== 'screening' && asType !== current.type) {
      throw conflictError('type_mismatch', `Screening ${id} is a ${current.type} screening, not ${asType}`, '/data/type');
    }
    if (current.monitor === monitor) return current;
    const refusal = monitor ? monitoringRefusal(current) : undefined;
    if (refusal) throw unprocessableError(refusal.code, refusal.detail, '/data/attributes/monitor');
    const row = (await setScreeningMonitor(trx, environment, id, monitor, at))!;
    await recordEvents(trx, actor, [screeningEvent(row, monitor ? 'monitoring_started' : 'monitoring_stopped')]);
    if (monitor) await recordMonitoredHits(trx, [row]);
    return row;
  });
}

/** A failure with errors, for screenings whose matching could not run. */
export function failedOutcome(errors: ScreeningErrorItem[]): ScreeningOutcome {
  return { status: 'failed', hasMatch: null, matchedLists: null, errors, listVersions: [], algorithmVersion: null, threshold: null };
}
