/**
 * Creating a screening record with its event, alone, against PostgreSQL as `npm start` runs it
 * (fsync, synchronous commit, Unix socket): the transaction it was (BEGIN, insert the screening,
 * insert its event, COMMIT: four round trips) against the one statement it is now
 * (activities/screening/screening.transitions.ts createScreening: two data-modifying CTEs), and that
 * statement prepared once per connection (infra/db/named-statement-pool.ts, createDb's default:
 * parse and analysis kept, planned with each run's values), in
 * alternating rounds (which goes first alternates too: the tables grow as rounds go), on one
 * connection and then on 8 at once. Prints creates per second, the backend's CPU per create (from
 * /proc) and this process's CPU per create.
 *   bash infra/tools/run.sh bench/screening-create.ts [--creates 3000] [--rounds 3]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { apiKeyActor } from '../activities/events/actor.model.js';
import { recordEvents } from '../activities/events/record-event.js';
import { createScreening, screeningEvent } from '../activities/screening/screening.transitions.js';
import { createDb, type Db } from '../infra/db/create-db.js';
import { inTransaction } from '../infra/db/executor.js';
import { migrateToLatest } from '../infra/db/migrator.js';
import { insertScreening, type NewScreening } from '../infra/db/repositories/screenings.repository.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { startNpmStartServers } from './support/npm-start-stack.js';

const { values } = parseArgs({ options: { creates: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '3' } } });
const creates = Number(values.creates);
const rounds = Number(values.rounds);
const TICKS_MS = 10; // USER_HZ 100
const actor = apiKeyActor({ id: '00000000-0000-4000-8000-000000000001', name: 'bench' }, 'req-bench');
const screening: NewScreening = {
  environment: 'staging', type: 'screening/watchlist', executionMode: 'async', query: { name_first: 'Maria', name_last: 'Garcia' }, ignoreList: [], accountId: null, businessId: null,
};

/** What createScreening did before: a transaction of two inserts. */
const asTransaction = (db: Db) => inTransaction(db, async (trx) => {
  const row = await insertScreening(trx, screening);
  await recordEvents(trx, actor, [screeningEvent(row)]);
  return row;
});
const asOneStatement = (db: Db) => createScreening(db, actor, screening);

function backendCpuMs(pids: number[]): number {
  let ms = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    ms += (Number(fields[11]) + Number(fields[12])) * TICKS_MS;
  }
  return ms;
}

const servers = await startNpmStartServers(await ensureTools());
try {
  const setup = createDb(servers.databaseUrl, { poolSize: 1 });
  await migrateToLatest(setup);
  await setup.destroy();
  const results: Record<string, { rate: number[]; backend: number[]; node: number[] }> = {};
  for (const concurrency of [1, 8]) {
    const plain = createDb(servers.databaseUrl, { poolSize: concurrency, applicationName: 'bench-create', namedStatements: false });
    const named = createDb(servers.databaseUrl, { poolSize: concurrency, applicationName: 'bench-create' });
    // Open every connection and learn its backend.
    const pidsOf = async (db: Db) => (await Promise.all(Array.from({ length: concurrency }, () => db.connection().execute((c) => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(c)))))
      .map((r) => r.rows[0]!.pid);
    const pids = [...(await pidsOf(plain)), ...(await pidsOf(named))];
    for (const create of [asTransaction, asOneStatement]) for (let i = 0; i < 200; i++) await create(plain);
    for (let i = 0; i < 200; i++) await asOneStatement(named);
    for (let r = 0; r < rounds; r++) {
      const ways = [
        ['transaction (4 round trips)', asTransaction, plain],
        ['one statement', asOneStatement, plain],
        ['one statement, prepared', asOneStatement, named],
      ] as const;
      for (const [label, create, db] of r % 2 === 0 ? ways : [...ways].reverse()) {
        const key = `${label}, ${concurrency === 1 ? 'one at a time' : `${concurrency} at once`}`;
        const backendBefore = backendCpuMs(pids);
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        let next = 0;
        await Promise.all(Array.from({ length: concurrency }, async () => {
          while (next < creates) {
            next += 1;
            await create(db);
          }
        }));
        const elapsed = performance.now() - started;
        const cpu = process.cpuUsage(cpuBefore);
        const r0 = (results[key] ??= { rate: [], backend: [], node: [] });
        r0.rate.push((creates / elapsed) * 1000);
        r0.backend.push(((backendCpuMs(pids) - backendBefore) * 1000) / creates);
        r0.node.push((cpu.user + cpu.system) / creates);
      }
    }
    await plain.destroy();
    await named.destroy();
  }
  const range = (xs: number[]) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
  console.log(`${creates} creates per round, ${rounds} alternating rounds`);
  for (const [key, r] of Object.entries(results)) {
    console.log(`${key.padEnd(44)} ${range(r.rate).padStart(11)} creates/s, backend ${range(r.backend).padStart(9)} µs, Node ${range(r.node).padStart(9)} µs per create`);
  }
} finally {
  await servers.stop();
}
