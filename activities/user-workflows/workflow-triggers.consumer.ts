/**
 * The workflow-trigger consumer of the event log: when a document some execution waits for
 * reaches processed or failed (its event passes), the waiting executions are signalled after the
 * cursor moves. At start it signals every execution whose awaited document has already settled,
 * in case a crash came between a commit and its signal.
 */
import type { Client } from '@temporalio/client';
import { SLOW_CONSUMER_STEP_INTERVAL_MS } from '../events/relay/relay-loop.js';
import type { Db } from '../../infra/db/create-db.js';
import { allWaits, waitsFor } from '../../infra/db/repositories/workflow-executions.repository.js';
import type { Trx } from '../../infra/db/executor.js';
import type { EventRow } from '../../infra/db/tables/events.table.js';
import type { Logger } from '../../infra/logger/logger.js';
import { WAITABLE_DOCUMENT_TYPES, type WaitableDocumentType } from '../../workflows/workflow-execution/definition.contract.js';
import { documentSettledSignal, workflowExecutionWorkflowId } from '../../workflows/workflow-execution/workflow-execution.contract.js';
import type { EventConsumer } from '../events/relay/event-consumer.js';
import { DOCUMENT_STATUS_READERS, SETTLED_STATUSES } from './steps/document-status.js';

export const WORKFLOW_TRIGGERS_CONSUMER = 'workflow_triggers';

type Wait = { execution_id: string; seq: number };

export function workflowTriggersConsumer(deps: { db: Db; temporal: Client; logger: Logger }): EventConsumer {
  const signal = async (waits: readonly Wait[]) => {
    await Promise.all(
      waits.map(async (w) => {
        try {
          await deps.temporal.workflow.getHandle(workflowExecutionWorkflowId(w.execution_id)).signal(documentSettledSignal, { seq: w.seq });
        } catch (error) {
          // The execution may have ended (cancelled, timed out); its wait row goes with it.
          deps.logger.debug({ err: error, executionId: w.execution_id }, 'could not signal a waiting execution');
        }
      }),
    );
  };
  return {
    name: WORKFLOW_TRIGGERS_CONSUMER,
    category: 'change',
    // Only the documents a step can wait for are read (not the screenings' events, most of the log).
    resourceTypes: WAITABLE_DOCUMENT_TYPES,
    minStepIntervalMs: SLOW_CONSUMER_STEP_INTERVAL_MS,
    async handle(trx: Trx, events: readonly EventRow[]) {
      const settled = events.filter((e) => (WAITABLE_DOCUMENT_TYPES as readonly string[]).includes(e.resource_type ?? '') && e.status && SETTLED_STATUSES.has(e.status) && e.resource_id);
      if (settled.length === 0) return;
      const waits = await waitsFor(trx, settled.map((e) => ({ resourceType: e.resource_type!, resourceId: e.resource_id! })));
      if (waits.length === 0) return;
      return () => signal(waits);
    },
    async recover() {
      const waits = await allWaits(deps.db);
      const due: Wait[] = [];
      for (const w of waits) {
        const state = await DOCUMENT_STATUS_READERS[w.resource_type as WaitableDocumentType]?.(deps.db, w.environment, w.resource_id);
        if (state?.settled) due.push(w);
      }
      await signal(due);
    },
  };
}
