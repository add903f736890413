/**
 * Business lookups: the async_status values the lookup workflow moves a record through, and an
 * index for the list's status filter. Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table businesses
      add constraint businesses_async_status check (async_status in ('processing', 'completed', 'not_found', 'failed'))`.execute(db);
  await sql`create index businesses_status_list on businesses (environment, async_status, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index businesses_status_list`.execute(db);
  await sql`alter table businesses drop constraint businesses_async_status`.execute(db);
}
