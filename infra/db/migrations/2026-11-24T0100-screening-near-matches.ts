/**
 * Screenings: `near_matches`, the name hits a clear birth-date conflict removed from the result
 * (entity, name score, the conflicting dates, the rule), kept apart from matched_lists and
 * has_match. Null until a screening finishes, and on records stored before it existed.
 * Frozen once landed: add a new migration to change it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table screenings add column near_matches jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table screenings drop column near_matches`.execute(db);
}
