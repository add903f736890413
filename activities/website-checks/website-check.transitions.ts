/**
 * Every state change of a website check, each in one transaction with its event: created
 * (pending) and the one result (completed with a risk level, or failed). The API route, the
 * workflow interpreter's website_check step and the check's own workflow call these; storing a
 * result twice changes nothing.
 */
import { insertWebsiteCheck, storeWebsiteCheckResult, type NewWebsiteCheck, type WebsiteCheckResult } from '../../infra/db/repositories/website-checks.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { WebsiteCheckRow } from '../../infra/db/tables/website-checks.table.js';
import type { Actor } from '../events/actor.model.js';
import { recordEvent } from '../events/record-event.js';

async function recordCheckEvent(trx: Trx, actor: Actor, row: WebsiteCheckRow): Promise<void> {
  await recordEvent(trx, actor, {
    type: `website_check.${row.status}`,
    environment: row.environment,
    resourceId: row.id,
    payload: {
      status: row.status,
      risk_level: row.risk_level,
      indicator_codes: (row.indicators ?? []).map((i) => i.code),
      error_codes: (row.errors ?? []).map((e) => e.code),
      business_id: row.business_id,
    },
  });
}

export async function createWebsiteCheck(db: Executor, actor: Actor, check: NewWebsiteCheck): Promise<WebsiteCheckRow> {
  return inTransaction(db, async (trx) => {
    const row = await insertWebsiteCheck(trx, check);
    await recordCheckEvent(trx, actor, row);
    return row;
  });
}

/** pending → completed | failed; undefined when the result was already stored. */
export async function finishWebsiteCheck(db: Executor, actor: Actor, environment: Environment, id: string, result: WebsiteCheckResult, at: Date): Promise<WebsiteCheckRow | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await storeWebsiteCheckResult(trx, environment, id, result, at);
    if (row) await recordCheckEvent(trx, actor, row);
    return row;
  });
}
