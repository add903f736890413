// The extractor interface: the built-in layout extractor implements it, and a hosted model could
// later (configured by the caller; nothing here calls a network service). Input is the stage 1
// text with positions, the compiled schema, the rules and the document's language.

import type { DocumentLanguage } from '../classification/language.detector.js';
import type { DocumentText } from '../document-text.js';
import type { Location } from '../location.js';
import type { ExtractionSchema } from './extraction-schema.js';

export interface ExtractionInput {
  text: DocumentText;
  schema: ExtractionSchema;
  rules: string | null;
  language: DocumentLanguage;
}

export interface ExtractionOutput {
  data: Record<string, unknown>;
  /** Field path ("total", "vendor.name", "line_items[0].amount") → where its value is printed. */
  coordinates: Record<string, Location[]>;
}

export interface Extractor {
  readonly name: string;
  extract(input: ExtractionInput): Promise<ExtractionOutput>;
}
