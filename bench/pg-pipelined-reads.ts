/**
 * The screening list's keyset query (ids and row versions, newest first), run alone against the
 * running stack's PostgreSQL four ways: one at a time unnamed (what the pooled Db does), one at a
 * time prepared, 16 per turn pipelined unnamed, 16 per turn pipelined and prepared (what the
 * pipelined read Db does, infra/db/pipelined-read-db.ts). Prints queries per second, the backend's
 * CPU per query (from /proc, so the server's side is counted too) and this process's CPU per query.
 *   bash infra/tools/run.sh bench/pg-pipelined-reads.ts [--queries 20000] [--batch 16]
 * DATABASE_URL comes from the environment, else from the running stack's record (.data/stack.json).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { withStackDefaults } from '../infra/local-stack/stack-file.js';
import { toolPaths } from '../infra/local-stack/tool-paths.js';

const { values } = parseArgs({ options: { queries: { type: 'string', default: '20000' }, batch: { type: 'string', default: '16' } } });
const total = Number(values.queries);
const batchSize = Number(values.batch);
const databaseUrl = withStackDefaults(process.env, toolPaths().dataDir).DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set and no running stack was found (.data/stack.json)');

const LIST_QUERY =
  'select "screenings"."id", screenings.xmin::text as "version" from "screenings" where "environment" = $1 order by "screenings"."created_at" desc, "screenings"."id" desc limit $2';
const TICKS_MS = 10; // USER_HZ 100

function backendCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICKS_MS;
}

async function run(label: string, pipeline: boolean, batch: number, named: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, pipeline } as pg.ClientConfig);
  await client.connect();
  const pid = (client as unknown as { processID: number }).processID;
  const stream = (client as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
  const query = () => (named ? client.query({ name: 'bench_list', text: LIST_QUERY, values: ['staging', 11] }) : client.query(LIST_QUERY, ['staging', 11]));
  for (let i = 0; i < 500; i++) await query(); // warm-up (and the prepared statement's generic plan)
  const backendBefore = backendCpuMs(pid);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let done = 0; done < total; done += batch) {
    if (pipeline) stream.cork();
    const answers = Array.from({ length: batch }, query);
    if (pipeline) setImmediate(() => stream.uncork());
    await Promise.all(answers);
  }
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const backend = backendCpuMs(pid) - backendBefore;
  console.log(
    `${label.padEnd(34)} ${((total / elapsed) * 1000).toFixed(0).padStart(6)} queries/s, backend ${((backend * 1000) / total).toFixed(0).padStart(4)} µs/query, Node ${((cpu.user + cpu.system) / total).toFixed(0).padStart(4)} µs/query`,
  );
  await client.end();
}

console.log(`${total} queries each, pipelined ${batchSize} per turn`);
await run('one at a time, unnamed', false, 1, false);
await run('one at a time, prepared', false, 1, true);
await run(`pipelined ${batchSize}, unnamed`, true, batchSize, false);
await run(`pipelined ${batchSize}, prepared`, true, batchSize, true);
