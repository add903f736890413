/**
 * Data access for the Bitstring Status Lists and their index allocations. Allocation rows are
 * inserted with ON CONFLICT DO NOTHING on (list, index) and on the credential: a taken index or a
 * credential that already has one is skipped, never overwritten (the table refuses updates and
 * deletes), so an index is handed out once, ever.
 */
import { sql } from 'kysely';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { CredentialStatusAllocationRow, CredentialStatusListRow } from '../tables/credential-status-lists.table.js';

/** The open list with the lowest sequence, or undefined when every list is full (or none exists). */
export async function openStatusList(db: Executor, environment: Environment): Promise<CredentialStatusListRow | undefined> {
  return db
    .selectFrom('credential_status_lists')
    .selectAll()
    .where('environment', '=', environment)
    .where('full_at', 'is', null)
    .orderBy('sequence', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** Creates the environment's next list (sequence = highest + 1); a concurrent creator's list wins silently. */
export async function createNextStatusList(db: Executor, environment: Environment, length: number): Promise<void> {
  await sql`
    insert into credential_status_lists (environment, sequence, length, bits)
    select ${environment}::environment, coalesce(max(sequence), 0) + 1, ${length}, decode(repeat('00', ${length / 8}), 'hex')
    from credential_status_lists where environment = ${environment}::environment
    on conflict (environment, sequence) do nothing`.execute(db);
}

export async function findStatusList(db: Executor, environment: Environment, sequence: number): Promise<CredentialStatusListRow | undefined> {
  return db.selectFrom('credential_status_lists').selectAll().where('environment', '=', environment).where('sequence', '=', sequence).executeTakeFirst();
}

/** The list's version stamp without its bits (cheap; for caches). */
export async function statusListStamp(db: Executor, environment: Environment, sequence: number): Promise<{ id: string; updated_at: Date } | undefined> {
  return db.selectFrom('credential_status_lists').select(['id', 'updated_at']).where('environment', '=', environment).where('sequence', '=', sequence).executeTakeFirst();
}

export async function markStatusListFull(db: Executor, listId: string, at: Date): Promise<void> {
  await db.updateTable('credential_status_lists').set({ full_at: at }).where('id', '=', listId).where('full_at', 'is', null).execute();
}

export async function allocationsOfCredentials(db: Executor, credentialIds: readonly string[]): Promise<(CredentialStatusAllocationRow & { sequence: number })[]> {
  if (credentialIds.length === 0) return [];
  return db
    .selectFrom('credential_status_allocations as a')
    .innerJoin('credential_status_lists as l', 'l.id', 'a.list_id')
    .select(['a.list_id', 'a.status_index', 'a.credential_id', 'a.allocated_at', 'l.sequence'])
    .where('a.credential_id', 'in', [...credentialIds])
    .execute();
}

/** Inserts the (index, credential) pairs that are still free; returns those inserted. */
export async function insertAllocations(db: Executor, listId: string, pairs: readonly { index: number; credentialId: string }[], at: Date): Promise<{ index: number; credentialId: string }[]> {
  if (pairs.length === 0) return [];
  const rows = await db
    .insertInto('credential_status_allocations')
    .values(pairs.map((p) => ({ list_id: listId, status_index: p.index, credential_id: p.credentialId, allocated_at: at })))
    .onConflict((oc) => oc.doNothing())
    .returning(['status_index', 'credential_id'])
    .execute();
  return rows.map((r) => ({ index: r.status_index, credentialId: r.credential_id }));
}

/** Up to `count` free indexes of the list, chosen uniformly at random by the database (a full scan: the fallback when random probes keep hitting taken indexes). */
export async function randomFreeIndexes(db: Executor, listId: string, length: number, count: number): Promise<number[]> {
  const { rows } = await sql<{ i: number }>`
    select i from generate_series(0, ${length - 1}::int) as i
    where not exists (select 1 from credential_status_allocations a where a.list_id = ${listId} and a.status_index = i)
    order by random() limit ${count}`.execute(db);
  return rows.map((r) => r.i);
}

/** Whether bit `index` of the list is set (revoked); undefined when the list does not exist. */
export async function statusBit(db: Executor, environment: Environment, sequence: number, index: number): Promise<boolean | undefined> {
  const { rows } = await sql<{ bit: number }>`
    select get_bit(bits, status_list_bit_number(${index}::int)) as bit from credential_status_lists
    where environment = ${environment}::environment and sequence = ${sequence} and ${index}::int < length`.execute(db);
  return rows[0] === undefined ? undefined : rows[0].bit === 1;
}
