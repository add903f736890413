/**
 * The generic document processing activities, one per stage of the engine
 * (activities/documents/analysis): each reads what it needs (the verified file, downloaded to a
 * private temporary folder with its checksum re-checked; earlier stages' outputs) and writes its
 * own output as JSON under the document's object prefix (`<env>/documents/<id>/analysis/`), so
 * large text and personal data never pass through Temporal. Long stages heartbeat. A failure that
 * retrying cannot mend is thrown as a non-retryable DocumentRejected with the processing errors.
 * The first and last activities move the document through its transitions.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { filesOfGenericDocuments, findGenericDocument } from '../../../infra/db/repositories/documents.repository.js';
import type { Db } from '../../../infra/db/create-db.js';
import type { DocumentRow } from '../../../infra/db/tables/documents.table.js';
import type { ProcessingErrorItem } from '../../../infra/db/tables/identity-documents.table.js';
import type { Logger } from '../../../infra/logger/logger.js';
import type { ObjectStorage } from '../../../infra/storage/object-storage.js';
import {
  DOCUMENT_REJECTED_FAILURE,
  FRAUD_ACTIVITY_ID,
  TEXT_ACTIVITY_ID,
  externalActivityId,
  type DocumentAnalysisInput,
  type DocumentAnalysisResult,
} from '../../../workflows/document-analysis/document-analysis.contract.js';
import { systemActor } from '../../events/actor.model.js';
import { downloadObject } from '../../identity/documents/processing-run/object-download.js';
import { errorItem } from '../../identity/documents/document-error-items.model.js';
import { documentObjectPrefix } from '../../uploads/object-keys.model.js';
import {
  analyseFraud,
  classifyDocument,
  DocumentAnalysisError,
  extractData,
  extractDocumentText,
  toProcessingError,
  type DocumentClassification,
  type DocumentText,
  type ExtractionResult,
  type FraudAnalysis,
} from '../analysis/index.js';
import type { DocumentClass } from '../analysis/classification/document-classes.js';
import { effectiveConfigs } from '../document-config.model.js';
import { failGenericDocument, startGenericDocumentProcessing, storeGenericDocumentResults, templateVersionOf } from '../document.transitions.js';

const actor = systemActor('documentAnalysisWorkflow');
type Stage = 'text' | 'classification' | 'extraction' | 'fraud';

export interface DocumentAnalysisDeps {
  db: Db;
  storage: ObjectStorage;
  clock: () => Date;
  logger: Logger;
}

export function createDocumentAnalysisActivities(deps: DocumentAnalysisDeps) {
  const { db, storage, clock } = deps;
  const stageKey = (doc: DocumentRow, stage: Stage) => `${documentObjectPrefix(doc.environment, doc.id)}analysis/${stage}.json`;

  async function load(input: DocumentAnalysisInput): Promise<DocumentRow> {
    const doc = await findGenericDocument(db, input.environment, input.documentId);
    if (!doc) throw ApplicationFailure.create({ type: 'ResourceNotFound', message: `document ${input.documentId} does not exist`, nonRetryable: true });
    // Redacted mid-way: read nothing more and write nothing more.
    if (doc.redacted_at) throw rejected([errorItem('document_redacted', 'the account was redacted before the document finished processing', clock())]);
    return doc;
  }

  async function writeStage(doc: DocumentRow, stage: Stage, value: unknown): Promise<void> {
    await storage.putObject(stageKey(doc, stage), Buffer.from(JSON.stringify(value)), 'application/json');
  }

  async function readStage<T>(doc: DocumentRow, stage: Stage): Promise<T | null> {
    if (!(await storage.stat(stageKey(doc, stage)))) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getObject(stageKey(doc, stage))) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
  }

  async function configsOf(doc: DocumentRow) {
    const template = await templateVersionOf(db, doc);
    return { ...effectiveConfigs(template, doc), expectedClass: (template?.document_class_type ?? null) as DocumentClass | null };
  }

  /** Runs `fn` over the document's verified file in a private folder, removed afterwards. */
  async function withFile<T>(doc: DocumentRow, fn: (filePath: string, contentType: string) => Promise<T>): Promise<T> {
    const file = ((await filesOfGenericDocuments(db, [doc.id])).get(doc.id) ?? []).find((f) => f.status === 'uploaded');
    if (!file) throw rejected([errorItem('no_file_uploaded', 'the document has no verified file to process', clock())]);
    const dir = await mkdtemp(path.join(tmpdir(), 'clearwatch-document-'));
    try {
      const local = path.join(dir, file.id);
      const { checksum } = await downloadObject(storage, file.object_key, local);
      if (checksum !== file.checksum) throw rejected([errorItem('file_changed_after_upload', 'the stored file no longer matches the verified upload', clock(), { fileId: file.id })]);
      return await fn(local, file.content_type);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  function rejected(errors: ProcessingErrorItem[]): ApplicationFailure {
    return ApplicationFailure.create({ type: DOCUMENT_REJECTED_FAILURE, message: errors.map((e) => e.code).join(', '), nonRetryable: true, details: [errors] });
  }

  /** Engine failures: permanent ones reject the document; the others are retried by Temporal. */
  function mapped(error: unknown, stage: Stage): unknown {
    if (error instanceof DocumentAnalysisError && error.permanent) {
      const item = toProcessingError(error, stage, clock());
      return rejected([{ status: item.status, code: item.code, title: item.title, detail: item.detail, meta: { occurred_at: item.meta.occurred_at } }]);
    }
    return error;
  }

  const heartbeat = () => {
    try {
      Context.current().heartbeat();
    } catch {
      // outside an activity (tests calling the stage directly)
    }
  };

  return {
    async startDocumentAnalysis(input: DocumentAnalysisInput): Promise<{ started: boolean; extraction: boolean; fraud: boolean }> {
      const doc = await load(input);
      const configs = await configsOf(doc);
      const row = await startGenericDocumentProcessing(db, actor, input, {
        ocr: externalActivityId(doc.id, TEXT_ACTIVITY_ID),
        fraud: configs.fraud.enabled ? externalActivityId(doc.id, FRAUD_ACTIVITY_ID) : null,
      }, clock());
      return { started: Boolean(row), extraction: configs.extraction.enabled, fraud: configs.fraud.enabled };
    },

    async extractDocumentTextStage(input: DocumentAnalysisInput): Promise<{ pages: number; words: number }> {
      const doc = await load(input);
      try {
        const text = await withFile(doc, (file, contentType) => extractDocumentText(file, contentType, { onProgress: heartbeat }));
        const words = text.pages.reduce((n, p) => n + p.words.length, 0);
        if (words === 0) throw new DocumentAnalysisError('text_not_found', 'no text could be read from the document (text layer and OCR are empty)');
        await writeStage(doc, 'text', text);
        return { pages: text.pages.length, words };
      } catch (error) {
        throw mapped(error, 'text');
      }
    },

    async classifyDocumentStage(input: DocumentAnalysisInput): Promise<{ documentClass: string }> {
      const doc = await load(input);
      const text = await readStage<DocumentText>(doc, 'text');
      if (!text) throw ApplicationFailure.create({ type: 'InvalidInput', message: 'the text stage has not run', nonRetryable: true });
      const classification = classifyDocument(text);
      await writeStage(doc, 'classification', classification);
      return { documentClass: classification.document_class_type };
    },

    async extractDocumentDataStage(input: DocumentAnalysisInput): Promise<{ fields: number; issues: number }> {
      const doc = await load(input);
      const [text, classification, configs] = await Promise.all([readStage<DocumentText>(doc, 'text'), readStage<DocumentClassification>(doc, 'classification'), configsOf(doc)]);
      if (!text) throw ApplicationFailure.create({ type: 'InvalidInput', message: 'the text stage has not run', nonRetryable: true });
      try {
        const result = await extractData(text, configs.extraction as never, (classification?.language ?? 'en') as 'en', undefined);
        await writeStage(doc, 'extraction', result);
        return { fields: Object.keys(result.extracted_data_coordinates.fields).length, issues: result.issues.length };
      } catch (error) {
        throw mapped(error, 'extraction');
      }
    },

    async analyseDocumentFraudStage(input: DocumentAnalysisInput): Promise<{ score: string; indicators: number }> {
      const doc = await load(input);
      const [text, classification, extraction, configs] = await Promise.all([
        readStage<DocumentText>(doc, 'text'), readStage<DocumentClassification>(doc, 'classification'), readStage<ExtractionResult>(doc, 'extraction'), configsOf(doc),
      ]);
      if (!text) throw ApplicationFailure.create({ type: 'InvalidInput', message: 'the text stage has not run', nonRetryable: true });
      try {
        const result = await withFile(doc, (file) =>
          analyseFraud(file, text, classification, extraction, configs.fraud, { now: clock(), expectedClass: configs.expectedClass, onProgress: heartbeat }),
        );
        await writeStage(doc, 'fraud', result);
        return { score: result.fraud_result.score, indicators: result.fraud_result.indicators.length };
      } catch (error) {
        throw mapped(error, 'fraud');
      }
    },

    async finishDocumentAnalysis(input: DocumentAnalysisInput): Promise<DocumentAnalysisResult> {
      const doc = await load(input);
      const [classification, extraction, fraudAnalysis] = await Promise.all([
        readStage<DocumentClassification>(doc, 'classification'), readStage<ExtractionResult>(doc, 'extraction'), readStage<FraudAnalysis>(doc, 'fraud'),
      ]);
      const stored = await storeGenericDocumentResults(db, actor, input, {
        processed: true,
        classification: classification as unknown as Record<string, unknown> | null,
        extractedData: extraction?.extracted_data ?? null,
        extractedDataCoordinates: extraction?.extracted_data_coordinates ?? null,
        fraudResult: (fraudAnalysis?.fraud_result as unknown as Record<string, unknown>) ?? null,
        fraudResultCoordinates: (fraudAnalysis?.fraud_result_coordinates as unknown as Record<string, unknown>) ?? null,
        errors: [],
      }, clock());
      return { status: stored ? 'processed' : 'skipped' };
    },

    async failDocumentAnalysis(input: DocumentAnalysisInput & { errors: unknown[]; detail: string | null }): Promise<DocumentAnalysisResult> {
      const at = clock();
      const doc = await findGenericDocument(db, input.environment, input.documentId);
      // A stage racing a redaction may have written its output after the redaction removed the prefix.
      if (doc?.redacted_at) await storage.removePrefix(`${documentObjectPrefix(doc.environment, doc.id)}analysis/`);
      const errors = input.detail ? [errorItem('processing_failed', input.detail, at)] : (input.errors as ProcessingErrorItem[]);
      const failed = await failGenericDocument(db, actor, input, ['submitted', 'processing'], errors, at);
      return { status: failed ? 'failed' : 'skipped' };
    },
  };
}
