/**
 * The Temporal connection and client used by the API, worker and CLI, plus the one helper that
 * starts a workflow at most once (USE_EXISTING on an id conflict, with its search attributes) and
 * the one helper that waits for a result with a deadline.
 */
import { Client, Connection, WorkflowIdConflictPolicy, type WorkflowHandle } from '@temporalio/client';
import type { SearchAttributePair } from '@temporalio/common';

/** gRPC status codes we branch on (from the gRPC spec; avoids depending on grpc-js directly). */
const grpcStatus = { DEADLINE_EXCEEDED: 4, ALREADY_EXISTS: 6 } as const;

export interface TemporalSettings {
  address: string;
  namespace: string;
}

export async function createTemporalClient(settings: TemporalSettings): Promise<{ client: Client; connection: Connection }> {
  const connection = await Connection.connect({ address: settings.address });
  return { connection, client: new Client({ connection, namespace: settings.namespace }) };
}

/** Registers keyword search attributes on the namespace when missing (a no-op when they exist). */
export async function ensureSearchAttributes(connection: Connection, namespace: string, keys: readonly { name: string }[]): Promise<void> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = keys.filter((k) => !(k.name in (existing.customAttributes ?? {})));
  if (missing.length === 0) return;
  try {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((k) => [k.name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
    });
  } catch (error) {
    if ((error as { code?: number }).code !== grpcStatus.ALREADY_EXISTS) throw error;
  }
}

export interface StartWorkflowOnce<A extends unknown[]> {
  workflowType: string;
  args: A;
  taskQueue: string;
  workflowId: string;
  searchAttributes: SearchAttributePair[];
  /** Ask the server to hand the first workflow task to a worker of this process (the client must share its NativeConnection). */
  requestEagerStart?: boolean;
}

/** Starts the workflow, or joins the one already running under the same id. */
export async function startWorkflowOnce<A extends unknown[]>(client: Client, start: StartWorkflowOnce<A>): Promise<WorkflowHandle> {
  return client.workflow.start(start.workflowType, {
    args: start.args,
    taskQueue: start.taskQueue,
    workflowId: start.workflowId,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    typedSearchAttributes: start.searchAttributes,
    ...(start.requestEagerStart ? { requestEagerStart: true } : {}),
  });
}

/** Waits for the workflow result up to `ms`; returns `{done: false}` on timeout (the long poll is cancelled). */
export async function resultWithin<T>(client: Client, handle: WorkflowHandle, ms: number): Promise<{ done: true; result: T } | { done: false }> {
  try {
    const result = await client.withDeadline(Date.now() + ms, () => handle.result() as Promise<T>);
    return { done: true, result };
  } catch (error) {
    const code = (error as { code?: number; cause?: { code?: number } }).code ?? (error as { cause?: { code?: number } }).cause?.code;
    if (code === grpcStatus.DEADLINE_EXCEEDED || /deadline/i.test(String((error as Error).message))) return { done: false };
    throw error;
  }
}
