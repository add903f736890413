/**
 * How a wait_for_document step reads each kind of document it can wait for: one reader per kind,
 * answering the document's status and what the step outputs, or undefined when no such document
 * exists in the environment: identity documents (document/idv, document/address) and generic
 * documents (document; `is_valid` is whether processing found no fraud risk — score NORMAL).
 */
import type { Db } from '../../../infra/db/create-db.js';
import { findDocument } from '../../../infra/db/repositories/identity-documents.repository.js';
import { findGenericDocument } from '../../../infra/db/repositories/documents.repository.js';
import type { Environment } from '../../../infra/db/tables/common.js';
import type { WaitableDocumentType } from '../../../workflows/workflow-execution/definition.contract.js';
import type { DocumentStepOutput } from '../../../workflows/workflow-execution/workflow-execution.contract.js';

export interface DocumentState {
  /** processed or failed: the wait is over. */
  settled: boolean;
  output: DocumentStepOutput;
}

export type DocumentStatusReader = (db: Db, environment: Environment, id: string) => Promise<DocumentState | undefined>;

/** The statuses that end a wait. */
export const SETTLED_STATUSES: ReadonlySet<string> = new Set(['processed', 'failed']);

function identityDocumentReader(kind: 'idv' | 'address', type: WaitableDocumentType): DocumentStatusReader {
  return async (db, environment, id) => {
    const row = await findDocument(db, environment, id, { kind });
    if (!row) return undefined;
    const extracted = (row.extracted ?? {}) as { is_valid?: unknown };
    return {
      settled: SETTLED_STATUSES.has(row.status),
      output: {
        document_id: row.id,
        document_type: type,
        status: row.status,
        error_codes: (row.processing_errors ?? []).map((e) => e.code),
        is_valid: typeof extracted.is_valid === 'boolean' ? extracted.is_valid : null,
      },
    };
  };
}

const genericDocumentReader: DocumentStatusReader = async (db, environment, id) => {
  const row = await findGenericDocument(db, environment, id);
  if (!row) return undefined;
  const score = (row.fraud_result as { score?: unknown } | null)?.score;
  return {
    settled: SETTLED_STATUSES.has(row.status),
    output: {
      document_id: row.id,
      document_type: 'document',
      status: row.status,
      error_codes: (row.processing_errors ?? []).map((e) => e.code),
      is_valid: row.status === 'processed' ? score === undefined || score === null || score === 'NORMAL' : null,
    },
  };
};

export const DOCUMENT_STATUS_READERS: Record<WaitableDocumentType, DocumentStatusReader> = {
  'document/idv': identityDocumentReader('idv', 'document/idv'),
  'document/address': identityDocumentReader('address', 'document/address'),
  document: genericDocumentReader,
};
