/**
 * Throughput without losing exactness, across two real API processes on one database: keys are
 * cached per process yet a revocation is refused at once by both (LISTEN/NOTIFY), and rate-limit
 * tokens leased in batches never add up to more than the bucket — unspent ones come back.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../infra/db/repositories/api-keys.repository.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { createTestKey } from '../support/test-keys.js';
import { createWidgetsTable } from './fixtures/widgets.routes.js';
import { startApiProcesses, type ApiProcesses } from './support/api-processes.js';

let tdb: TestDatabase;
let apis: ApiProcesses;
const BURST = 2000;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await createWidgetsTable(tdb.db);
  apis = await startApiProcesses(2, { databaseUrl: tdb.url, perMinute: 1, burst: BURST });
});
afterAll(async () => {
  apis?.stop();
  await tdb?.destroy();
});

const get = (url: string, key: string) => fetch(`${url}/v1/test/widgets`, { headers: { 'X-Api-Key': key } }).then(async (r) => (await r.arrayBuffer(), r.status));

describe('key cache', () => {
  it('a revoked key is refused at once by every process, even with its key cached', async () => {
    for (let round = 0; round < 5; round++) {
      const { id, key } = await createTestKey(tdb.db, 'staging');
      // Warm both caches.
      expect(await Promise.all(apis.urls.map((url) => get(url, key)))).toEqual([200, 200]);
      await revokeApiKey(tdb.db, id, new Date());
      expect(await Promise.all(apis.urls.map((url) => get(url, key)))).toEqual([401, 401]);
    }
  });

  it('without the notification, a cached key is still refused at its next lease (at most a lease of requests later)', async () => {
    const { id, key } = await createTestKey(tdb.db, 'staging');
    // A busy key: leases grow while they are spent fast.
    const url = apis.urls[0]!;
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let i = 0; i < 40; i++) expect(await get(url, key)).toBe(200);
    }));
    await sql`alter table api_keys disable trigger api_keys_notify_update`.execute(tdb.db);
    let servedAfterRevoke = 0;
    try {
      await revokeApiKey(tdb.db, id, new Date());
      for (;;) {
        const status = await get(url, key);
        if (status === 401) break;
        expect(status).toBe(200);
        servedAfterRevoke += 1;
        expect(servedAfterRevoke).toBeLessThanOrEqual(BURST / 20);
      }
    } finally {
      await sql`alter table api_keys enable trigger api_keys_notify_update`.execute(tdb.db);
    }
    console.log(`[key cache] without a notification a revoked busy key was served ${servedAfterRevoke} more time(s), from its current lease`);
    expect(await get(apis.urls[1]!, key)).toBe(401);
  });
});

describe('leased rate-limit tokens', () => {
  it(`${BURST} tokens across two processes: never more admitted, and unspent leases come back`, async () => {
    const { key } = await createTestKey(tdb.db, 'production');
    let next = 0;
    const statuses: number[] = [];
    const flood = async (total: number) => {
      await Promise.all(Array.from({ length: 32 }, async (_, worker) => {
        while (next < total) {
          next += 1;
          statuses.push(await get(apis.urls[worker % 2]!, key));
        }
      }));
    };
    await flood(BURST + 600);
    const admittedInFlood = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(admittedInFlood).toBeLessThanOrEqual(BURST);
    // Leases held when the flood ended are at most a twentieth of the burst per process.
    expect(admittedInFlood).toBeGreaterThanOrEqual(BURST - 2 * (BURST / 20));
    // Idle leases return to the bucket; then exactly the rest of the burst is admitted.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await flood(next + 300);
    const admitted = statuses.filter((s) => s === 200).length;
    console.log(`[leases] admitted ${admittedInFlood} during the flood, ${admitted} in all, of a burst of ${BURST}, over ${statuses.length} requests to two processes`);
    expect(admitted).toBe(BURST);
  });
});
