/** Records a credential may state facts from, written straight into a test database. */
import type { Db } from '../../../infra/db/create-db.js';
import type { Environment } from '../../../infra/db/tables/common.js';

export async function insertAccount(db: Db, environment: Environment, status = 'active'): Promise<string> {
  const row = await db.insertInto('accounts').values({ environment, entity_type: 'person', status }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A session in `status` with, when `processedDocument`, a processed identity document read from a passport MRZ. */
export async function insertSession(db: Db, environment: Environment, options: { status: string; processedDocument: boolean; accountId?: string }): Promise<string> {
  const accountId = options.accountId ?? (await insertAccount(db, environment));
  const now = new Date();
  const session = await db
    .insertInto('sessions')
    .values({ environment, account_id: accountId, status: options.status, entity_type: 'person', decisioned_at: options.status === 'approved' ? now : null, completed_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('identity_documents')
    .values({
      environment, kind: 'idv', account_id: accountId, session_id: session.id,
      status: options.processedDocument ? 'processed' : 'failed',
      processed_at: now,
      extracted: options.processedDocument
        ? JSON.stringify({ document_type: 'passport', document_class: 'P', issuing_country: 'UTO', nationality: 'UTO', name: { first: 'Anna', middle: 'Maria', last: 'Eriksson' }, birth_date: '1974-08-12', sex: 'female', document_number: 'L898902C3', expiry_date: '2032-04-15', personal_number: null })
        : null,
    })
    .execute();
  return session.id;
}

export async function insertBusiness(db: Db, environment: Environment, sessionId: string, options: { asyncStatus: string; isRegistered: boolean }): Promise<string> {
  const row = await db
    .insertInto('businesses')
    .values({
      environment, session_id: sessionId, country: 'GB',
      search_input: JSON.stringify({ registration_number: '00000006' }),
      async_status: options.asyncStatus,
      record: JSON.stringify({ is_registered: options.isRegistered, official_name: 'MARINE AND GENERAL MUTUAL LIFE ASSURANCE SOCIETY', legal_form: 'ltd', status: options.isRegistered ? 'active' : 'dissolved', identifiers: [{ type: 'company_number', value: '00000006' }] }),
      completed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertScreening(db: Db, environment: Environment, options: { status: string; hasMatch: boolean | null; accountId?: string }): Promise<string> {
  const row = await db
    .insertInto('screenings')
    .values({
      environment, type: 'screening/watchlist', status: options.status, execution_mode: 'sync',
      query: JSON.stringify({ name_first: 'Anna', name_last: 'Eriksson' }), has_match: options.hasMatch,
      account_id: options.accountId ?? null, completed_at: new Date(), updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
