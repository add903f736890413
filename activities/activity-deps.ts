/** Dependencies injected into every activity factory, so activities can be tested alone. */
import type { AppConfig } from '../infra/config/config.js';
import type { Db } from '../infra/db/create-db.js';
import type { Logger } from '../infra/logger/logger.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';

export interface ActivityDeps {
  db: Db;
  storage: ObjectStorage;
  clock: () => Date;
  logger: Logger;
  fetch: typeof fetch;
  config: AppConfig;
}
