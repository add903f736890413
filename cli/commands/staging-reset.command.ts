/**
 * `staging reset`: deletes every staging record and stored file; production is never touched.
 * The event log and the audit log stay (they hold ids, not data); the reset itself is audited.
 */
import type { Db } from '../../infra/db/create-db.js';
import { RESOURCE_TABLES } from '../../infra/db/database.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import type { CliIo } from '../cli-io.js';
import { cliActor } from '../../activities/events/actor.model.js';
import { recordAuditRecords } from '../../activities/events/record-event.js';

export async function resetStaging(db: Db, storage: ObjectStorage | null): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const table of RESOURCE_TABLES) {
      const result = await trx.deleteFrom(table as never).where('environment' as never, '=', 'staging' as never).executeTakeFirst();
      counts[table] = Number(result.numDeletedRows);
    }
  });
  if (storage) counts['stored_files'] = await storage.removePrefix('staging/');
  await recordAuditRecords(db, [{ actor: cliActor('staging reset'), environment: 'staging', action: 'staging.reset', resourceType: null, resourceId: null, details: { deleted: counts } }]);
  return counts;
}

export async function stagingCommand(db: Db, storage: ObjectStorage | null, argv: string[], io: CliIo): Promise<void> {
  if (argv[0] !== 'reset') {
    io.err('usage: staging reset');
    process.exitCode = 64;
    return;
  }
  const counts = await resetStaging(db, storage);
  for (const [table, n] of Object.entries(counts)) io.out(`${table}: ${n} deleted`);
  io.out('staging data reset');
}
