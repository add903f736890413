/** Dependencies injected into every activity factory, so activities can be tested alone. */
import type { Client } from '@temporalio/client';
import type { AppConfig } from '../infra/config/config.js';
import type { SecretBox } from '../infra/crypto/secret-box.js';
import type { Db } from '../infra/db/create-db.js';
import type { Logger } from '../infra/logger/logger.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import type { TASK_QUEUES } from '../workflows/shared/task-queues.js';

export interface ActivityDeps {
  db: Db;
  storage: ObjectStorage;
  clock: () => Date;
  logger: Logger;
  fetch: typeof fetch;
  config: AppConfig;
  /** Opens and seals stored secrets (webhook and stream secrets, issuer keys). */
  secrets: SecretBox;
  /** For activities that start or signal workflows (the delivery engine's wake-ups). */
  temporal: Client;
  taskQueues: Record<keyof typeof TASK_QUEUES, string>;
}
