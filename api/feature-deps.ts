/** What feature route modules receive from the composition root. Features pick what they need. */
import type { Client } from '@temporalio/client';
import type { FinishedScreenings } from '../activities/screening/finished-screenings.model.js';
import type { AppConfig } from '../infra/config/config.js';
import type { SecretBox } from '../infra/crypto/secret-box.js';
import type { Db } from '../infra/db/create-db.js';
import type { Logger } from '../infra/logger/logger.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import type { TaskQueueNames } from '../workflows/shared/task-queues.js';

export interface FeatureDeps {
  db: Db;
  /**
   * Single-statement reads of hot GET routes (lists, fetches): a pipelined Db whose queries of one
   * event-loop turn leave in one write (infra/db/pipelined-read-db.ts). Never for transactions.
   * Absent: `db` serves them too.
   */
  readDb?: Db;
  temporal: Client;
  storage: ObjectStorage;
  clock: () => Date;
  logger: Logger;
  /** PUBLIC_BASE_URL: the credential issuer's public origin (api/credentials/issuer-settings.ts). */
  config: Pick<AppConfig, 'S3_BUCKET' | 'OUTBOUND_ALLOWLIST'> & Partial<Pick<AppConfig, 'PUBLIC_BASE_URL'>>;
  /** Seals and opens stored secrets (webhook and stream secrets). */
  secrets: SecretBox;
  /** Task queue names (TASK_QUEUES in production; tests pass unique names so parallel test files never share a queue). */
  taskQueues: TaskQueueNames;
  /** A client sharing its NativeConnection with this process's screening worker: screenings start eagerly on it (Eager Workflow Start). */
  eagerScreeningClient?: Client;
  /** Screenings this process's screening worker stored, handed to the requests waiting for them (no read back). */
  finishedScreenings?: FinishedScreenings;
  /** Overridable waits for sync modes (spec: 55 s screenings, 45 s business lookups); tests shorten them. */
  syncWaitMs?: { screening?: number; business?: number; websiteCheck?: number };
}

/** The Db for a GET route's single-statement reads: the pipelined one when the process has it. */
export function readerOf(deps: Pick<FeatureDeps, 'db' | 'readDb'>): Db {
  return deps.readDb ?? deps.db;
}
