import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type WebsiteCheckStatus = 'pending' | 'completed' | 'failed';
export type RiskLevel = 'low' | 'medium' | 'high';

/** One check of a website: what was asked, and the facts, indicators and risk level found. */
export interface WebsiteChecksTable {
  id: Generated<string>;
  environment: Environment;
  url: string;
  business_name: string | null;
  business_id: string | null;
  execution_mode: string;
  status: ColumnType<WebsiteCheckStatus, WebsiteCheckStatus | undefined, WebsiteCheckStatus>;
  risk_level: ColumnType<RiskLevel | null, RiskLevel | null | undefined, RiskLevel | null>;
  /** {dns, tls, http, content, registration}. */
  facts: NullableJson<Record<string, unknown>>;
  indicators: NullableJson<{ code: string; severity: string; detail: string }[]>;
  errors: NullableJson<{ code: string; detail: string }[]>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  completed_at: Timestamp;
}
export type WebsiteCheckRow = Selectable<WebsiteChecksTable>;
