/**
 * An idempotent replay is the original answer: the headers that name what was created (Location)
 * are stored with the status and body, and the body is kept as written (json, not jsonb, so its
 * members come back in their original order). Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys add column response_headers jsonb`.execute(db);
  await sql`alter table idempotency_keys alter column response_body type json using response_body::json`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys alter column response_body type jsonb using response_body::jsonb`.execute(db);
  await sql`alter table idempotency_keys drop column response_headers`.execute(db);
}
