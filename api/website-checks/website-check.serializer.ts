/** Website check rows to the resource the routes answer with. */
import type { WebsiteCheckRow } from '../../infra/db/tables/website-checks.table.js';

export const websiteCheckPath = (id: string) => `/v1/website-checks/${id}`;

export function toWebsiteCheckResource(row: WebsiteCheckRow) {
  const facts = (row.facts ?? {}) as Record<string, unknown>;
  return {
    type: 'website_check' as const,
    id: row.id,
    attributes: {
      url: row.url,
      business_name: row.business_name,
      execution_mode: row.execution_mode as 'sync' | 'async',
      status: row.status,
      risk_level: row.risk_level,
      indicators: (row.indicators ?? []) as { code: string; severity: 'low' | 'medium' | 'high'; detail: string }[],
      dns: facts.dns ?? null,
      tls: facts.tls ?? null,
      http: facts.http ?? null,
      content: facts.content ?? null,
      registration: facts.registration ?? null,
      errors: row.errors ?? [],
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      completed_at: row.completed_at?.toISOString() ?? null,
    },
    relationships: { business: { data: row.business_id ? { type: 'business' as const, id: row.business_id } : null } },
    links: { self: websiteCheckPath(row.id) },
  };
}
