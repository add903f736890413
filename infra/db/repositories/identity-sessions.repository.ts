/**
 * Data access for identity sessions, scoped to one environment. The list's status filter applies
 * the lazy expiry rule in SQL (a created or started session past expires_at counts as expired),
 * matching activities/identity/sessions/session-lifecycle.ts.
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { SessionRow } from '../tables/sessions.table.js';
import { businessIdsBySession } from './businesses.repository.js';


export interface NewSession {
  environment: Environment;
  accountId: string;
  entityType: SessionRow['entity_type'];
  creatorType: string;
  creatorId: string | null;
  person: unknown;
  business: unknown;
  identityNumber: unknown;
  contact: unknown;
  address: unknown;
  behaviorAnalysis: unknown;
  at: Date;
  expiresAt: Date;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertSession(db: Executor, s: NewSession): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({
      environment: s.environment,
      account_id: s.accountId,
      status: 'created',
      creator_type: s.creatorType,
      creator_id: s.creatorId,
      entity_type: s.entityType,
      person: json(s.person),
      business: json(s.business),
      identity_numbers: json(s.identityNumber),
      contact: json(s.contact),
      address: json(s.address),
      behavior_analysis: json(s.behaviorAnalysis),
      created_at: s.at,
      updated_at: s.at,
      expires_at: s.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSession(db: Executor, environment: Environment, id: string, options: { forUpdate?: boolean } = {}): Promise<SessionRow | undefined> {
  let query = db.selectFrom('sessions').selectAll().where('environment', '=', environment).where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface SessionListFilters {
  status?: string | undefined;
  accountId?: string | undefined;
  now: Date;
}

export function sessionListQuery(db: Executor, environment: Environment, filters: SessionListFilters): SelectQueryBuilder<Database, 'sessions', SessionRow> {
  let query = db.selectFrom('sessions').selectAll().where('sessions.environment', '=', environment);
  if (filters.accountId) query = query.where('sessions.account_id', '=', filters.accountId);
  const status = filters.status;
  if (status === 'expired') {
    query = query.where(sql<boolean>`(sessions.status = 'expired' or (sessions.status in ('created', 'started') and sessions.expires_at <= ${filters.now}))`);
  } else if (status === 'created' || status === 'started') {
    query = query.where('sessions.status', '=', status).where(sql<boolean>`(sessions.expires_at is null or sessions.expires_at > ${filters.now})`);
  } else if (status) {
    query = query.where('sessions.status', '=', status);
  }
  return query;
}

export async function updateSession(db: Executor, environment: Environment, id: string, changes: Partial<Record<keyof SessionRow, unknown>>): Promise<SessionRow> {
  return db.updateTable('sessions').set(changes as never).where('environment', '=', environment).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The relationships of a page of sessions: their documents and their latest business lookup. */
export async function sessionRelationships(db: Executor, environment: Environment, sessionIds: readonly string[]) {
  const documents = new Map<string, { kind: 'idv' | 'address'; id: string }[]>();
  const business = new Map<string, string>();
  if (sessionIds.length === 0) return { documents, business };
  const documentRows = await db
    .selectFrom('identity_documents').select(['id', 'kind', 'session_id'])
    .where('environment', '=', environment).where('session_id', 'in', [...sessionIds])
    .orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  for (const row of documentRows) documents.set(row.session_id!, [...(documents.get(row.session_id!) ?? []), { kind: row.kind, id: row.id }]);
  for (const [sessionId, ids] of await businessIdsBySession(db, environment, sessionIds)) business.set(sessionId, ids[ids.length - 1]!);
  return { documents, business };
}
