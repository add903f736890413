/**
 * Creates a step's record at most once per step run: under a lock on the step run row, the record
 * id remembered by an earlier (crashed or retried) attempt is reused; otherwise the record is
 * created and its id remembered, in the same transaction.
 */
import { findStepRun, setStepResource } from '../../../infra/db/repositories/workflow-executions.repository.js';
import type { Db } from '../../../infra/db/create-db.js';
import type { Trx } from '../../../infra/db/executor.js';

export async function createStepResourceOnce(db: Db, executionId: string, seq: number, create: (trx: Trx) => Promise<string>): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const run = await findStepRun(trx, executionId, seq, { forUpdate: true });
    if (!run) throw new Error(`step run ${seq} of execution ${executionId} is not recorded`);
    if (run.resource_id) return run.resource_id;
    const id = await create(trx);
    await setStepResource(trx, executionId, seq, id);
    return id;
  });
}
