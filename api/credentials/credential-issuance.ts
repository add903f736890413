/**
 * What POST /v1/credentials and batch-issue share: store the request (every item checked first,
 * nothing stored when one is refused), start the issuing workflow, wait for it as a sync
 * screening does (55 s), and read the credentials back as they stand.
 */
import { randomUUID } from 'node:crypto';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { failPendingCredentials } from '../../activities/credentials/credential.transitions.js';
import { requestCredentials, type CredentialRequestItem } from '../../activities/credentials/credential-request.transitions.js';
import { credentialsOfIssuance } from '../../infra/db/repositories/credentials.repository.js';
import type { CredentialRow } from '../../infra/db/tables/credentials.table.js';
import type { Logger } from '../../infra/logger/logger.js';
import { resultWithin } from '../../infra/temporal/temporal-client.js';
import {
  CREDENTIAL_ERROR_CODES,
  CREDENTIAL_ISSUANCE_RESOURCE_TYPE,
  CREDENTIAL_ISSUANCE_WAIT_MS,
  CREDENTIAL_ISSUANCE_WORKFLOW_TYPE,
  credentialIssuanceWorkflowId,
  type CredentialIssuanceInput,
} from '../../workflows/credential-issuance/credential-issuance.contract.js';
import type { FeatureDeps } from '../feature-deps.js';
import { ResourceError } from '../http/errors.js';
import { startResourceWorkflow } from '../http/resource-workflow.js';
import type { RequestContext } from '../http/route.js';
import type { CredentialRequestItemBody } from './credential.schemas.js';

/** Waits for the issuing workflow (never throws for a failed one: the handler reads the records either way). */
export type IssuanceWaiter = (handle: WorkflowHandle, ms: number) => Promise<void>;

export interface IssuanceOptions {
  waitForIssuance?: IssuanceWaiter;
  /** Default: the 55-second sync wait. */
  waitMs?: number;
}

export function resultWithinIssuanceWaiter(client: Client, log: Logger): IssuanceWaiter {
  return async (handle, ms) => {
    try {
      await resultWithin(client, handle, ms);
    } catch (error) {
      log.warn({ err: { name: (error as Error).name, message: (error as Error).message }, workflowId: handle.workflowId }, 'credential issuance workflow failed');
    }
  };
}

function toRequestItem(id: string, item: CredentialRequestItemBody): CredentialRequestItem {
  const a = item.attributes;
  const r = item.relationships;
  return {
    id,
    credentialType: a.credential_type,
    subjectId: a.subject.id ?? null,
    claims: a.subject.claims as Record<string, unknown>,
    validFrom: a.valid_from ? new Date(a.valid_from) : null,
    validUntil: a.valid_until ? new Date(a.valid_until) : null,
    relationships: { sessionId: r?.session?.data.id, accountId: r?.account?.data.id, businessId: r?.business?.data.id, screeningId: r?.screening?.data.id },
  };
}

export async function issueCredentials(
  deps: FeatureDeps, options: IssuanceOptions, ctx: RequestContext, items: readonly CredentialRequestItemBody[], pointerOf: (i: number) => string,
): Promise<CredentialRow[]> {
  const issuanceId = randomUUID();
  // A single credential is its own issuance: its workflow id derives from its id.
  const ids = items.length === 1 ? [issuanceId] : items.map(() => randomUUID());
  await requestCredentials(deps.db, ctx.actor, {
    environment: ctx.environment,
    issuanceId,
    items: items.map((item, i) => toRequestItem(ids[i]!, item)),
    pointerOf,
    at: deps.clock(),
  });
  const input: CredentialIssuanceInput = { issuanceId, environment: ctx.environment };
  let handle: WorkflowHandle;
  try {
    handle = await startResourceWorkflow(deps.temporal, {
      workflowType: CREDENTIAL_ISSUANCE_WORKFLOW_TYPE,
      args: [input],
      taskQueue: deps.taskQueues.credentials,
      workflowId: credentialIssuanceWorkflowId(issuanceId),
      resourceType: CREDENTIAL_ISSUANCE_RESOURCE_TYPE,
      resourceId: issuanceId,
      environment: ctx.environment,
    });
  } catch (error) {
    ctx.log.error({ err: error, issuanceId }, 'could not start the credential issuance workflow');
    await failPendingCredentials(deps.db, ctx.actor, {
      environment: ctx.environment, issuanceId, errors: [{ code: CREDENTIAL_ERROR_CODES.notStarted, message: 'The issuance could not be started' }], at: deps.clock(),
    });
    throw ResourceError.single(503, CREDENTIAL_ERROR_CODES.notStarted, 'Service Unavailable', 'The credentials could not be issued now; retry the request');
  }
  const wait = options.waitForIssuance ?? resultWithinIssuanceWaiter(deps.temporal, deps.logger);
  await wait(handle, options.waitMs ?? CREDENTIAL_ISSUANCE_WAIT_MS);
  return credentialsOfIssuance(deps.db, ctx.environment, issuanceId);
}
