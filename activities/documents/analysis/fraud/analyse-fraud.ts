// Stage 4: fraud analysis. Runs every check that applies to the file (PDF structure and text
// layer checks need a PDF) and assembles fraud_result and fraud_result_coordinates. A check that
// cannot run (a tool missing, a file qpdf cannot parse) is reported as check_not_run instead of
// failing the stage. The score rule is in fraud-score.ts.

import { readFile } from 'node:fs/promises';
import { DEFAULT_ANALYSIS_LIMITS, type AnalysisLimits } from '../analysis-limits.js';
import type { DocumentClassification } from '../classification/document.classifier.js';
import type { DocumentClass } from '../classification/document-classes.js';
import type { DocumentText } from '../document-text.js';
import type { ExtractionResult } from '../extraction/extract-data.js';
import { checkPdfDecodedSize } from '../text/pdf-decoded-size.check.js';
import { readPdfLayers } from '../text/pdf-layers.reader.js';
import { assignLines } from '../text/text-lines.js';
import { activeContentIndicators } from './active-content.check.js';
import { readImageMetadata, type FileMetadata } from './file-metadata.js';
import { scoreIndicators, type FraudScore } from './fraud-score.js';
import { hiddenTextIndicators, type HiddenTextPage } from './hidden-text.check.js';
import { raise, type Indicator, type IndicatorLocation, type RaisedIndicator } from './indicator.js';
import { claimsDigitalOrigin, metadataIndicators } from './metadata.checks.js';
import { revisionIndicators } from './revisions.check.js';
import { signatureIndicators } from './signatures.check.js';
import { textLayerIndicators, type LayerPage } from './text-layer.checks.js';
import { totalsIndicators, type FieldCertainty } from './totals.check.js';
import { overlapOfSmaller } from '../location.js';

export interface FraudConfig {
  enabled: boolean;
  requires_digital_signature?: boolean;
}

export interface FraudResult {
  score: FraudScore;
  file_metadata: FileMetadata;
  indicators: Indicator[];
  document_classification: Pick<DocumentClassification, 'id' | 'type' | 'document_class_type' | 'detailed_type'> | null;
}

export interface FraudResultCoordinates {
  version: 1;
  indicators: Record<string, IndicatorLocation[]>;
}

export interface FraudAnalysis {
  fraud_result: FraudResult;
  fraud_result_coordinates: FraudResultCoordinates;
}

export interface FraudOptions {
  now: Date;
  limits?: Partial<AnalysisLimits>;
  /** The template's document_class_type, when the document was uploaded for one. */
  expectedClass?: DocumentClass | null;
  onProgress?: (step: string) => void;
}

/** OCR mean confidence below this (0-100) on a page is reported. */
const LOW_OCR_CONFIDENCE = 60;

export async function analyseFraud(
  filePath: string,
  text: DocumentText,
  classification: DocumentClassification | null,
  extraction: ExtractionResult | null,
  config: FraudConfig,
  options: FraudOptions,
): Promise<FraudAnalysis> {
  const limits = { ...DEFAULT_ANALYSIS_LIMITS, ...options.limits };
  const raised: RaisedIndicator[] = [];
  const attempt = async (name: string, check: () => Promise<RaisedIndicator[]>) => {
    options.onProgress?.(name);
    try {
      raised.push(...(await check()));
    } catch (error) {
      raised.push(raise('check_not_run', `The ${name} check could not run: ${(error as Error).message}`));
    }
  };

  let metadata: FileMetadata = { producer: null, creator: null, creation_date: null, mod_date: null, author: null, title: null, keywords: null, subject: null };
  if (text.file_type === 'pdf') {
    const bytes = new Uint8Array(await readFile(filePath));
    // The same bounds as the text stage: decoded size first, then pdf.js in its own process.
    await checkPdfDecodedSize(filePath, limits);
    const read = await readPdfLayers(bytes, { maxPages: limits.maxPages, maxImagePixels: limits.maxPdfImagePixels, includeAnnotations: true, firstPages: true, metadata: true });
    metadata = read.metadata ?? metadata;
    const layerPages: LayerPage[] = [];
    const hiddenPages: HiddenTextPage[] = [];
    for (const layer of read.layers) {
      const n = layer.number;
      const words = assignLines(layer.words);
      layerPages.push({ number: n, words, glyphs: layer.interpreted.glyphs });
      hiddenPages.push({ number: n, words, image_coverage: layer.image_coverage, width: layer.width, height: layer.height });
    }
    await attempt('text layer', async () => textLayerIndicators(layerPages));
    await attempt('hidden text', () => hiddenTextIndicators(filePath, hiddenPages, limits.toolTimeoutMs));
    let signedEnds: number[] = [];
    await attempt('digital signature', async () => {
      const sig = await signatureIndicators(filePath, bytes.length, Boolean(config.requires_digital_signature), limits.toolTimeoutMs);
      signedEnds = sig.signedEnds;
      return sig.indicators;
    });
    await attempt('revisions', async () => (await revisionIndicators(bytes, limits, signedEnds)).indicators);
    await attempt('active content', () => activeContentIndicators(filePath, limits.toolTimeoutMs));
    const imageOnly = text.pages.every((p) => p.source !== 'text_layer' && p.image_coverage >= 0.8);
    const claim = claimsDigitalOrigin(metadata);
    if (imageOnly && claim) raised.push(raise('image_only_digital_claim', `Every page is a picture, yet the metadata names "${claim}", which writes text, not images.`));
  } else {
    metadata = await readImageMetadata(filePath, limits.toolTimeoutMs);
    if (config.requires_digital_signature) raised.push(raise('digital_signature_missing', 'The template requires a digital signature; an image file cannot carry one.'));
  }
  raised.push(...metadataIndicators(metadata, options.now));
  if (extraction) raised.push(...totalsIndicators(extraction.extracted_data, extraction.extracted_data_coordinates.fields, ocrCertainty(text)));
  raised.push(...qualityIndicators(text));
  if (options.expectedClass && classification && classification.document_class_type !== options.expectedClass) {
    raised.push(raise('class_differs_from_template', `The template is for ${options.expectedClass}; the document reads as ${classification.document_class_type}.`));
  }
  return assemble(raised, metadata, classification);
}

/** The lowest OCR confidence of the words under some locations; null when none was read by OCR. */
export function ocrCertainty(text: DocumentText): FieldCertainty {
  return (locations) => {
    let lowest: number | null = null;
    for (const location of locations) {
      const page = text.pages.find((p) => p.number === location.surface.number);
      for (const word of page?.words ?? []) {
        if (word.confidence === null || overlapOfSmaller(word.bbox, location.bbox) < 0.5) continue;
        lowest = lowest === null ? word.confidence : Math.min(lowest, word.confidence);
      }
    }
    return lowest;
  };
}

function qualityIndicators(text: DocumentText): RaisedIndicator[] {
  const out: RaisedIndicator[] = [];
  const ocrPages = text.pages.filter((p) => p.ocr);
  if (ocrPages.length) out.push(raise('scanned_document', `${ocrPages.length} of ${text.page_count} page(s) were read by OCR.`));
  const low = ocrPages.filter((p) => p.ocr!.mean_confidence < LOW_OCR_CONFIDENCE && p.words.length > 0);
  if (low.length) out.push(raise('low_ocr_confidence', `OCR confidence below ${LOW_OCR_CONFIDENCE} on page(s) ${low.map((p) => p.number).join(', ')}.`));
  if (text.skipped_pages.length) out.push(raise('pages_not_read', `Page(s) ${text.skipped_pages.join(', ')} were not read (OCR page limit).`));
  return out;
}

/** Merges indicators raised more than once under one name (their locations and descriptions joined). */
function assemble(raised: readonly RaisedIndicator[], metadata: FileMetadata, classification: DocumentClassification | null): FraudAnalysis {
  const byName = new Map<string, RaisedIndicator>();
  for (const r of raised) {
    const seen = byName.get(r.indicator.id);
    if (seen) {
      seen.indicator = { ...seen.indicator, description: `${seen.indicator.description} ${r.indicator.description}` };
      seen.locations.push(...r.locations);
    } else {
      byName.set(r.indicator.id, { indicator: { ...r.indicator }, locations: [...r.locations] });
    }
  }
  const indicators = [...byName.values()].map((r) => r.indicator);
  const coordinates: Record<string, IndicatorLocation[]> = {};
  for (const r of byName.values()) if (r.locations.length) coordinates[r.indicator.id] = r.locations;
  return {
    fraud_result: {
      score: scoreIndicators(indicators),
      file_metadata: metadata,
      indicators,
      document_classification: classification
        ? { id: classification.id, type: classification.type, document_class_type: classification.document_class_type, detailed_type: classification.detailed_type }
        : null,
    },
    fraud_result_coordinates: { version: 1, indicators: coordinates },
  };
}
