/**
 * The monitoring consumer of the event log: each list_version.activated event (recorded once per
 * environment) becomes a monitoring run of that environment, in the transaction that moves the
 * cursor — unless the environment monitors no subject of the list's screening types; after commit
 * each run's workflow is started. At start it starts the workflow of every unfinished run, in case a
 * crash came between a commit and its start (the start joins a workflow already running).
 */
import type { Client } from '@temporalio/client';
import type { Db } from '../../../infra/db/create-db.js';
import { hasMonitoredSubjects, openMonitoringRuns, type NewMonitoringRun } from '../../../infra/db/repositories/screening-monitoring.repository.js';
import type { Trx } from '../../../infra/db/executor.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { EventRow } from '../../../infra/db/tables/events.table.js';
import type { ScreeningMonitoringRunRow } from '../../../infra/db/tables/screening-monitoring.table.js';
import type { Logger } from '../../../infra/logger/logger.js';
import { startWorkflowOnce } from '../../../infra/temporal/temporal-client.js';
import {
  SCREENING_MONITORING_RESOURCE_TYPE,
  SCREENING_MONITORING_WORKFLOW_TYPE,
  screeningMonitoringWorkflowId,
  type ScreeningMonitoringInput,
} from '../../../workflows/screening-monitoring/screening-monitoring.contract.js';
import { resourceSearchAttributes } from '../../../workflows/shared/search-attributes.js';
import type { EventPayload } from '../../events/catalog/event-catalog.js';
import type { EventConsumer } from '../../events/relay/event-consumer.js';
import { monitoredTypesFor } from './monitoring-report.model.js';
import { recordMonitoringRuns } from './screening-monitoring.transitions.js';

export const SCREENING_MONITORING_CONSUMER = 'screening_monitoring';
/** The one event type this consumer acts on, and so the only one it reads. */
const LIST_ACTIVATED = 'list_version.activated';

export function screeningMonitoringConsumer(deps: { db: Db; temporal: Client; taskQueue: string; logger: Logger }): EventConsumer {
  const start = async (runs: readonly ScreeningMonitoringRunRow[]) => {
    for (const run of runs) {
      const input: ScreeningMonitoringInput = { runId: run.id };
      try {
        await startWorkflowOnce(deps.temporal, {
          workflowType: SCREENING_MONITORING_WORKFLOW_TYPE, args: [input], taskQueue: deps.taskQueue, workflowId: screeningMonitoringWorkflowId(run.id),
          searchAttributes: resourceSearchAttributes(SCREENING_MONITORING_RESOURCE_TYPE, run.id, run.environment),
        });
      } catch (error) {
        // Started again by recover() when the relay restarts.
        deps.logger.error({ err: error, runId: run.id }, 'could not start a monitoring run');
      }
    }
  };
  return {
    name: SCREENING_MONITORING_CONSUMER,
    category: 'change',
    // Only list activations are read: the screenings' own events (most of the log) never leave the database.
    types: [LIST_ACTIVATED],
    // List versions activate a few times a day: no need to wake on every commit of every screening.
    minStepIntervalMs: 1000,
    async handle(trx: Trx, events: readonly EventRow[]) {
      const runs: NewMonitoringRun[] = [];
      for (const event of events) {
        if (event.type !== LIST_ACTIVATED || !event.resource_id) continue;
        const payload = event.payload as EventPayload<'list_version.activated'>;
        if (!(await hasMonitoredSubjects(trx, event.environment as Environment, monitoredTypesFor(payload.list_type)))) continue;
        runs.push({
          environment: event.environment as Environment, eventId: event.id, listSlug: payload.slug, listType: payload.list_type,
          versionId: event.resource_id, previousVersionId: payload.previous_version_id ?? null,
        });
      }
      if (runs.length === 0) return;
      const created = await recordMonitoringRuns(trx, runs);
      return () => start(created);
    },
    async recover() {
      await start(await openMonitoringRuns(deps.db));
    },
  };
}
