/** Data access for website checks; every query scoped to one environment. The result is stored once. */
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../database.js';
import type { Executor } from '../executor.js';
import type { Environment } from '../tables/common.js';
import type { RiskLevel, WebsiteCheckRow, WebsiteCheckStatus } from '../tables/website-checks.table.js';

export interface NewWebsiteCheck {
  environment: Environment;
  url: string;
  businessName: string | null;
  businessId: string | null;
  executionMode: 'sync' | 'async';
  at: Date;
}

export async function insertWebsiteCheck(db: Executor, c: NewWebsiteCheck): Promise<WebsiteCheckRow> {
  return db
    .insertInto('website_checks')
    .values({
      environment: c.environment, url: c.url, business_name: c.businessName, business_id: c.businessId,
      execution_mode: c.executionMode, status: 'pending', created_at: c.at, updated_at: c.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findWebsiteCheck(db: Executor, environment: Environment, id: string): Promise<WebsiteCheckRow | undefined> {
  return db.selectFrom('website_checks').selectAll().where('environment', '=', environment).where('id', '=', id).executeTakeFirst();
}

export interface WebsiteCheckResult {
  status: Exclude<WebsiteCheckStatus, 'pending'>;
  riskLevel: RiskLevel | null;
  facts: Record<string, unknown> | null;
  indicators: { code: string; severity: string; detail: string }[];
  errors: { code: string; detail: string }[];
}

/** pending → the result (once); the row when this call stored it. */
export async function storeWebsiteCheckResult(db: Executor, environment: Environment, id: string, result: WebsiteCheckResult, at: Date): Promise<WebsiteCheckRow | undefined> {
  return db
    .updateTable('website_checks')
    .set({
      status: result.status,
      risk_level: result.riskLevel,
      facts: result.facts === null ? null : JSON.stringify(result.facts),
      indicators: JSON.stringify(result.indicators),
      errors: JSON.stringify(result.errors),
      completed_at: at,
      updated_at: at,
    })
    .where('environment', '=', environment)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export function websiteCheckListQuery(db: Executor, environment: Environment, filters: { status?: string | undefined; riskLevel?: string | undefined; businessId?: string | undefined }): SelectQueryBuilder<Database, 'website_checks', WebsiteCheckRow> {
  let q = db.selectFrom('website_checks').selectAll().where('website_checks.environment', '=', environment);
  if (filters.status) q = q.where('website_checks.status', '=', filters.status as WebsiteCheckStatus);
  if (filters.riskLevel) q = q.where('website_checks.risk_level', '=', filters.riskLevel as RiskLevel);
  if (filters.businessId) q = q.where('website_checks.business_id', '=', filters.businessId);
  return q;
}
