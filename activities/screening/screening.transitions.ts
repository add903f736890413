/**
 * Every state change of a screening, each in one transaction with its event: create (pending),
 * pending → processing, and the final result (completed | not_found | failed). The API route and
 * the workflow's activities both call these; a change that is no longer possible (a retried
 * activity, a screening already finished) changes nothing and records nothing.
 */
import {
  insertScreening,
  markScreeningProcessing as markProcessingRow,
  storeScreeningResult,
  type NewScreening,
} from '../../infra/db/repositories/screenings.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { ScreeningRow } from '../../infra/db/tables/screenings.table.js';
import type { ScreeningErrorItem } from '../../workflows/screening/screening.contract.js';
import type { Actor } from '../events/actor.model.js';
import type { EventPayload } from '../events/catalog/event-catalog.js';
import { recordEvent } from '../events/record-event.js';
import type { ScreeningOutcome } from './results/screening-outcome.js';

type ScreeningStatus = EventPayload<'screening.pending'>['status'];

export function screeningEventPayload(row: ScreeningRow): EventPayload<'screening.pending'> {
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
  };
}

async function recordScreeningEvent(trx: Trx, actor: Actor, row: ScreeningRow): Promise<void> {
  await recordEvent(trx, actor, {
    type: `screening.${row.status as ScreeningStatus}`,
    environment: row.environment,
    resourceId: row.id,
    payload: screeningEventPayload(row),
  });
}

export async function createScreening(db: Executor, actor: Actor, screening: NewScreening): Promise<ScreeningRow> {
  return inTransaction(db, async (trx) => {
    const row = await insertScreening(trx, screening);
    await recordScreeningEvent(trx, actor, row);
    return row;
  });
}

/** pending → processing; undefined when the screening was not pending. */
export async function startScreening(db: Executor, actor: Actor, environment: Environment, id: string, at: Date): Promise<ScreeningRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await markProcessingRow(trx, environment, id, at);
    if (row) await recordScreeningEvent(trx, actor, row);
    return row;
  });
}

/** pending | processing → the outcome's final status; undefined when it had already finished. */
export async function finishScreening(db: Executor, actor: Actor, environment: Environment, id: string, outcome: ScreeningOutcome, at: Date): Promise<ScreeningRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await storeScreeningResult(trx, environment, id, outcome, at);
    if (row) await recordScreeningEvent(trx, actor, row);
    return row;
  });
}

/** A failure with errors, for screenings whose matching could not run. */
export function failedOutcome(errors: ScreeningErrorItem[]): ScreeningOutcome {
  return { status: 'failed', hasMatch: null, matchedLists: null, errors, listVersions: [], algorithmVersion: null, threshold: null };
}
