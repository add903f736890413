/**
 * One process of the matcher-alone phase (screening-throughput.ts `matcherAlone`): builds the watchlist
 * index from the stack's database as the worker does (MatchIndexCache), warms up on the queries it is
 * first sent and says ready, then screens each chunk of portfolio queries it is sent with
 * screenAgainst (what a batch run does for each item, without storing anything), answering each
 * with how long it took, the process's CPU time and how many matched, until it is told to stop.
 * Run by child_process.fork with DATABASE_URL set.
 */
import { createDb } from '../../infra/db/create-db.js';
import { createLogger } from '../../infra/logger/logger.js';
import { MatchIndexCache } from '../../activities/screening/index-cache/match-index-cache.js';
import { screenAgainst } from '../../activities/screening/results/list-screening.js';

export type MatcherAloneRequest = { warm: Record<string, string>[] } | { chunk: Record<string, string>[] } | { stop: true };
/** `cpuMs`: the process's CPU time (user and system, every thread) while it screened the chunk. */
export type MatcherAloneReply = { ready: true; entities: number } | { ms: number; cpuMs: number; screened: number; matched: number };

const send = (reply: MatcherAloneReply) => process.send?.(reply);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('matcher-alone.child.ts runs forked, with DATABASE_URL');

const db = createDb(databaseUrl, { poolSize: 1, applicationName: 'bench-matcher-alone' });
const loaded = await new MatchIndexCache({ db, logger: createLogger({ level: 'warn', name: 'bench-matcher-alone' }) }).get('watchlist');
await db.destroy();
if (!loaded) throw new Error('no watchlist is loaded');

const screenAll = (queries: Record<string, string>[]) => {
  let matched = 0;
  for (const query of queries) if (screenAgainst(loaded, 'screening/watchlist', query, []).hasMatch) matched += 1;
  return matched;
};

process.on('message', (request: MatcherAloneRequest) => {
  if ('stop' in request) {
    // After this turn: the channel is not closed from inside the handler of a message.
    setImmediate(() => process.disconnect());
    return;
  }
  if ('warm' in request) {
    screenAll(request.warm);
    send({ ready: true, entities: loaded.entityCount });
    return;
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  const matched = screenAll(request.chunk);
  const used = process.cpuUsage(cpu);
  send({ ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, screened: request.chunk.length, matched });
});
