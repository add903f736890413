/**
 * The typed schema of the whole database: one table type per file under tables/.
 * A feature adds its table file and one line here.
 */
import type { AccountsTable } from './tables/accounts.table.js';
import type { ApiKeysTable } from './tables/api-keys.table.js';
import type { BusinessesTable } from './tables/businesses.table.js';
import type { AdverseMediaArticlesTable } from './tables/adverse-media-articles.table.js';
import type { IdempotencyKeysTable } from './tables/idempotency-keys.table.js';
import type { IdentityDocumentFilesTable } from './tables/identity-document-files.table.js';
import type { IdentityDocumentsTable } from './tables/identity-documents.table.js';
import type { EventConsumersTable, EventsTable } from './tables/events.table.js';
import type { DocumentFilesTable, DocumentsTable } from './tables/documents.table.js';
import type { DocumentTemplatesTable, DocumentTemplateVersionsTable } from './tables/document-templates.table.js';
import type { WebhookConfigsTable, WebhookDeliveriesTable, WebhookDeliveryAttemptsTable } from './tables/webhooks.table.js';
import type { AuditChainHeadsTable, AuditEventsTable, AuditStreamsTable } from './tables/audit.table.js';
import type { RateLimitBucketsTable } from './tables/rate-limit-buckets.table.js';
import type { SessionsTable } from './tables/sessions.table.js';
import type { ListEntitiesTable } from './tables/list-entities.table.js';
import type { ListSourcesTable } from './tables/list-sources.table.js';
import type { ListVersionsTable } from './tables/list-versions.table.js';
import type { ScreeningsTable } from './tables/screenings.table.js';
import type { ScreeningMonitorHitsTable, ScreeningMonitoringRunsTable } from './tables/screening-monitoring.table.js';
import type { CredentialsTable } from './tables/credentials.table.js';
import type { CredentialStatusAllocationsTable, CredentialStatusListsTable } from './tables/credential-status-lists.table.js';
import type { IssuerKeysTable } from './tables/issuer-keys.table.js';
import type { WorkflowExecutionStepsTable, WorkflowExecutionWaitsTable, WorkflowExecutionsTable, WorkflowsTable, WorkflowVersionsTable } from './tables/user-workflows.table.js';
import type { WebsiteChecksTable } from './tables/website-checks.table.js';

export interface Database {
  api_keys: ApiKeysTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_buckets: RateLimitBucketsTable;
  events: EventsTable;
  documents: DocumentsTable;
  document_files: DocumentFilesTable;
  document_templates: DocumentTemplatesTable;
  document_template_versions: DocumentTemplateVersionsTable;
  event_consumers: EventConsumersTable;
  webhook_configs: WebhookConfigsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  audit_events: AuditEventsTable;
  audit_chain_heads: AuditChainHeadsTable;
  audit_streams: AuditStreamsTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  businesses: BusinessesTable;
  list_sources: ListSourcesTable;
  list_versions: ListVersionsTable;
  list_entities: ListEntitiesTable;
  adverse_media_articles: AdverseMediaArticlesTable;
  screenings: ScreeningsTable;
  screening_monitor_hits: ScreeningMonitorHitsTable;
  screening_monitoring_runs: ScreeningMonitoringRunsTable;
  identity_documents: IdentityDocumentsTable;
  identity_document_files: IdentityDocumentFilesTable;
  issuer_keys: IssuerKeysTable;
  credential_status_lists: CredentialStatusListsTable;
  credential_status_allocations: CredentialStatusAllocationsTable;
  credentials: CredentialsTable;
  workflows: WorkflowsTable;
  workflow_versions: WorkflowVersionsTable;
  workflow_executions: WorkflowExecutionsTable;
  workflow_execution_steps: WorkflowExecutionStepsTable;
  workflow_execution_waits: WorkflowExecutionWaitsTable;
  website_checks: WebsiteChecksTable;
}

/**
 * Tables that hold environment-scoped customer data, in deletion order (children first).
 * `staging reset` deletes the staging rows of each. The event log and the audit log are not among
 * them: they hold ids only, the audit log is append-only and records the reset itself, and events
 * not yet read by every consumer must not vanish.
 */
export const RESOURCE_TABLES: readonly (keyof Database)[] = [
  'webhook_delivery_attempts',
  'webhook_deliveries',
  'webhook_configs',
  'audit_streams',
  'document_files',
  'documents',
  'document_template_versions',
  'document_templates',
  'idempotency_keys',
  // Deleting an issued credential sets its revocation bit (trigger); the lists and index
  // allocations stay, so a reset never hands an index out twice.
  'credentials',
  'workflow_execution_waits',
  'workflow_execution_steps',
  'workflow_executions',
  'workflow_versions',
  'workflows',
  'website_checks',
  'screening_monitor_hits',
  'screening_monitoring_runs',
  'screenings',
  'businesses',
  'identity_document_files',
  'identity_documents',
  'sessions',
  'accounts',
];
