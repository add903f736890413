/**
 * Gives each credential an index in the environment's open status list, chosen at random among
 * the free ones, once: random probes first (an insert that skips taken indexes), then, when the
 * list is crowded, a database scan that picks uniformly among what is left. A list with no free
 * index left is marked full and the next list (v2, v3, …) is created. Each allocation commits on
 * its own, so a retried activity finds what it already allocated.
 */
import type { Executor } from '../../infra/db/executor.js';
import {
  allocationsOfCredentials,
  createNextStatusList,
  insertAllocations,
  markStatusListFull,
  openStatusList,
  randomFreeIndexes,
} from '../../infra/db/repositories/credential-status-lists.repository.js';
import type { Environment } from '../../infra/db/tables/common.js';
import { randomCandidateIndexes, STATUS_LIST_LENGTH } from './status-list.model.js';

export interface StatusAllocation {
  sequence: number;
  index: number;
}

/** Random probes per list before the scan; at half full, 4 probes all miss 1 time in 16. */
const PROBE_ROUNDS = 4;

export async function allocateStatusIndexes(
  db: Executor, environment: Environment, credentialIds: readonly string[], at: Date, options: { listLength?: number } = {},
): Promise<Map<string, StatusAllocation>> {
  const result = new Map<string, StatusAllocation>();
  const refresh = async () => {
    for (const a of await allocationsOfCredentials(db, credentialIds)) result.set(a.credential_id, { sequence: a.sequence, index: a.status_index });
    return credentialIds.filter((id) => !result.has(id));
  };
  let remaining = await refresh();
  while (remaining.length > 0) {
    let list = await openStatusList(db, environment);
    if (!list) {
      await createNextStatusList(db, environment, options.listLength ?? STATUS_LIST_LENGTH);
      list = (await openStatusList(db, environment))!;
    }
    const tried = new Set<number>();
    for (let round = 0; round < PROBE_ROUNDS && remaining.length > 0; round++) {
      const candidates = randomCandidateIndexes(remaining.length, list.length, tried);
      candidates.forEach((i) => tried.add(i));
      await insertAllocations(db, list.id, candidates.map((index, i) => ({ index, credentialId: remaining[i]! })), at);
      remaining = await refresh();
    }
    if (remaining.length === 0) break;
    const free = await randomFreeIndexes(db, list.id, list.length, remaining.length);
    await insertAllocations(db, list.id, free.map((index, i) => ({ index, credentialId: remaining[i]! })), at);
    // Fewer free indexes than credentials waiting: this list is now full.
    if (free.length < remaining.length) await markStatusListFull(db, list.id, at);
    remaining = await refresh();
  }
  return result;
}
