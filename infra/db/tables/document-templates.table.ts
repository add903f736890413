import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Environment } from './common.js';

/** Document templates: the current version's number; each version's configuration is immutable. */
export interface DocumentTemplatesTable {
  id: Generated<string>;
  environment: Environment;
  name: string;
  description: string | null;
  document_class_type: string | null;
  current_version: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type DocumentTemplateRow = Selectable<DocumentTemplatesTable>;

export interface DocumentTemplateVersionsTable {
  template_id: string;
  version: number;
  environment: Environment;
  name: string;
  description: string | null;
  document_class_type: string | null;
  extraction_config: ColumnType<Record<string, unknown>, string, never>;
  fraud_config: ColumnType<Record<string, unknown>, string, never>;
  created_at: Generated<Date>;
}
export type DocumentTemplateVersionRow = Selectable<DocumentTemplateVersionsTable>;
