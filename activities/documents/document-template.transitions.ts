/**
 * The state changes of a document template, each in one transaction with its event: created
 * (version 1) and updated — every PATCH makes a new immutable version; documents keep the version
 * they were created against. The configs are checked first (the schema must be JSON Schema).
 */
import { findTemplate, insertTemplate, insertTemplateVersion, findTemplateVersion } from '../../infra/db/repositories/documents.repository.js';
import { inTransaction, type Executor, type Trx } from '../../infra/db/executor.js';
import type { Environment } from '../../infra/db/tables/common.js';
import type { DocumentTemplateRow, DocumentTemplateVersionRow } from '../../infra/db/tables/document-templates.table.js';
import { notFoundError } from '../domain-error.model.js';
import type { Actor } from '../events/actor.model.js';
import { recordEvent } from '../events/record-event.js';
import { checkExtractionConfig, type ExtractionConfigValue, type FraudConfigValue } from './document-config.model.js';

async function recordTemplateEvent(trx: Trx, actor: Actor, template: DocumentTemplateRow, event: 'created' | 'updated'): Promise<void> {
  await recordEvent(trx, actor, {
    type: `document_template.${event}`, environment: template.environment, resourceId: template.id,
    payload: { version: template.current_version, document_class_type: template.document_class_type },
  });
}

export interface TemplateAttributes {
  name: string;
  description: string | null;
  documentClassType: string | null;
  extractionConfig: ExtractionConfigValue;
  fraudConfig: FraudConfigValue;
}

export async function createDocumentTemplate(db: Executor, actor: Actor, environment: Environment, attributes: TemplateAttributes, at: Date) {
  checkExtractionConfig(attributes.extractionConfig, '/data/attributes/extraction_config');
  return inTransaction(db, async (trx) => {
    const made = await insertTemplate(trx, { environment, ...attributes, at });
    await recordTemplateEvent(trx, actor, made.template, 'created');
    return made;
  });
}

/** A new version from the current one with the attributes given. */
export async function updateDocumentTemplate(
  db: Executor, actor: Actor, environment: Environment, id: string, changes: Partial<TemplateAttributes>, at: Date,
): Promise<{ template: DocumentTemplateRow; version: DocumentTemplateVersionRow }> {
  return inTransaction(db, async (trx) => {
    const template = await findTemplate(trx, environment, id, { forUpdate: true });
    if (!template) throw notFoundError('Document template', id);
    const current = (await findTemplateVersion(trx, id, template.current_version))!;
    const next: TemplateAttributes = {
      name: changes.name ?? current.name,
      description: changes.description !== undefined ? changes.description : current.description,
      documentClassType: changes.documentClassType !== undefined ? changes.documentClassType : current.document_class_type,
      extractionConfig: changes.extractionConfig ?? (current.extraction_config as unknown as ExtractionConfigValue),
      fraudConfig: changes.fraudConfig ?? (current.fraud_config as unknown as FraudConfigValue),
    };
    if (changes.extractionConfig) checkExtractionConfig(next.extractionConfig, '/data/attributes/extraction_config');
    const made = await insertTemplateVersion(trx, { template, ...next, at });
    await recordTemplateEvent(trx, actor, made.template, 'updated');
    return made;
  });
}
