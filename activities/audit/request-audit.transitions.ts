/**
 * The audit family's entry for the API: records that requests happened (who, what, outcome),
 * into the event log, where the audit consumer chains them. Reads of personal data and failed
 * requests change no resource, so they have no state-change event of their own.
 */
import type { Executor } from '../../infra/db/executor.js';
import { recordAuditRecords, type AuditRecord } from '../events/record-event.js';

export type RequestAuditRecord = AuditRecord;

export function recordRequestAudits(db: Executor, records: readonly RequestAuditRecord[]): Promise<void> {
  return recordAuditRecords(db, records);
}
