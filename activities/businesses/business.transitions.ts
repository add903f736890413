/**
 * Every state change of a business lookup, each in one transaction with its event: created
 * (processing) and the one final outcome (completed | not_found | failed). The API route and the
 * lookup workflow's activities both call these; storing an outcome twice changes nothing.
 */
import { completeBusinessLookup, insertBusinessLookup, type BusinessLookupOutcome, type NewBusinessLookup } from '../../infra/db/repositories/businesses.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { BusinessRow } from '../../infra/db/tables/businesses.table.js';
import type { Actor } from '../events/actor.model.js';
import type { EventPayload } from '../events/catalog/event-catalog.js';
import { recordEvent } from '../events/record-event.js';

type AsyncStatus = EventPayload<'business.processing'>['async_status'];

export function businessEventPayload(row: BusinessRow): EventPayload<'business.processing'> {
  const record = row.record as { is_registered?: boolean } | null;
  return {
    async_status: row.async_status as AsyncStatus,
    country: row.country,
    is_registered: typeof record?.is_registered === 'boolean' ? record.is_registered : null,
    error_codes: ((row.errors ?? []) as { code?: string }[]).map((e) => String(e.code ?? '')).filter(Boolean),
    session_id: row.session_id,
  };
}

async function recordBusinessEvent(trx: Trx, actor: Actor, row: BusinessRow): Promise<void> {
  await recordEvent(trx, actor, { type: `business.${row.async_status as AsyncStatus}`, environment: row.environment, resourceId: row.id, payload: businessEventPayload(row) });
}

export async function createBusinessLookup(db: Executor, actor: Actor, lookup: NewBusinessLookup): Promise<BusinessRow> {
  return inTransaction(db, async (trx) => {
    const row = await insertBusinessLookup(trx, lookup);
    await recordBusinessEvent(trx, actor, row);
    return row;
  });
}

/** processing → the outcome; undefined when the lookup had already finished. */
export async function finishBusinessLookup(db: Executor, actor: Actor, outcome: BusinessLookupOutcome): Promise<BusinessRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await completeBusinessLookup(trx, outcome);
    if (row) await recordBusinessEvent(trx, actor, row);
    return row;
  });
}
