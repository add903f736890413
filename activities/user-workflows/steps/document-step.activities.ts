/**
 * The wait_for_document step's activities: register the wait (so the workflow-trigger consumer of
 * the event log signals the execution when the document is processed or failed) and read the
 * document's state — read again right after registering, so a document that settled in between is
 * never missed — then drop the wait when the step ends.
 */
import type { Db } from '../../../infra/db/create-db.js';
import { deleteWait, insertWait } from '../../../infra/db/repositories/workflow-executions.repository.js';
import { WAITABLE_DOCUMENT_TYPES, type WaitableDocumentType } from '../../../workflows/workflow-execution/definition.contract.js';
import { DOCUMENT_STATUS_READERS, type DocumentState } from './document-status.js';
import { stepInputFailure } from './step-failure.js';
import { uuidValue } from './step-inputs.model.js';
import type { StepRef } from './record-steps.activities.js';

export function createDocumentStepActivities(deps: { db: Db }) {
  const { db } = deps;

  async function read(environment: StepRef['environment'], documentType: WaitableDocumentType, documentId: unknown): Promise<DocumentState> {
    if (!(WAITABLE_DOCUMENT_TYPES as readonly string[]).includes(documentType)) throw stepInputFailure('invalid_step_input', `cannot wait for documents of type ${documentType}`);
    const problem = uuidValue(documentId);
    if (problem) throw stepInputFailure('invalid_step_input', `document_id ${problem}`);
    const state = await DOCUMENT_STATUS_READERS[documentType](db, environment, String(documentId));
    if (!state) throw stepInputFailure('document_not_found', `${documentType} ${String(documentId)} does not exist`);
    return state;
  }

  return {
    async watchDocument(input: StepRef & { documentType: WaitableDocumentType; documentId: unknown }): Promise<DocumentState> {
      const first = await read(input.environment, input.documentType, input.documentId);
      if (first.settled) return first;
      await insertWait(db, { environment: input.environment, executionId: input.executionId, seq: input.seq, resourceType: input.documentType, resourceId: String(input.documentId) });
      return read(input.environment, input.documentType, input.documentId);
    },

    async readDocumentStepOutput(input: { environment: StepRef['environment']; documentType: WaitableDocumentType; documentId: string }): Promise<DocumentState> {
      return read(input.environment, input.documentType, input.documentId);
    },

    async unwatchDocument(input: { executionId: string; seq: number }): Promise<void> {
      await deleteWait(db, input.executionId, input.seq);
    },
  };
}
