// Fraud and quality indicators: the catalog of every indicator the engine can raise (name,
// severity, category, title, origin), and the shapes of fraud_result.indicators items and of
// fraud_result_coordinates locations.

import type { Location } from '../location.js';

export type IndicatorType = 'RISK' | 'WARNING' | 'INFO';
export type IndicatorOrigin = 'FRAUD' | 'QUALITY';

export interface Indicator {
  /** The indicator's name; also its key in fraud_result_coordinates.indicators. */
  id: string;
  type: IndicatorType;
  category: string;
  title: string;
  description: string;
  origin: IndicatorOrigin;
}

export interface IndicatorLocation extends Location {
  detail: { original_text: string | null; new_text: string | null };
}

export interface RaisedIndicator {
  indicator: Indicator;
  locations: IndicatorLocation[];
}

interface CatalogEntry {
  type: IndicatorType;
  category: string;
  title: string;
  origin: IndicatorOrigin;
}

export const INDICATOR_CATALOG = {
  incremental_update_text_changed: { type: 'RISK', category: 'revisions', title: 'Text changed by a later revision', origin: 'FRAUD' },
  incremental_updates_present: { type: 'INFO', category: 'revisions', title: 'File was saved again after creation (incremental update)', origin: 'FRAUD' },
  modified_after_signing: { type: 'RISK', category: 'signature', title: 'Text changed after the document was signed', origin: 'FRAUD' },
  editing_software: { type: 'WARNING', category: 'metadata', title: 'Made or saved with a PDF editor', origin: 'FRAUD' },
  image_editing_software: { type: 'RISK', category: 'metadata', title: 'Made or saved with an image editor', origin: 'FRAUD' },
  modified_long_after_creation: { type: 'WARNING', category: 'metadata', title: 'Modified long after it was created', origin: 'FRAUD' },
  modified_before_creation: { type: 'WARNING', category: 'metadata', title: 'Modification date before creation date', origin: 'FRAUD' },
  future_date: { type: 'RISK', category: 'metadata', title: 'Date in the future', origin: 'FRAUD' },
  text_overlay: { type: 'RISK', category: 'content', title: 'Text drawn over other text', origin: 'FRAUD' },
  hidden_text: { type: 'RISK', category: 'content', title: 'Hidden text (invisible, white or covered)', origin: 'FRAUD' },
  text_outside_page: { type: 'WARNING', category: 'content', title: 'Text outside the visible page', origin: 'FRAUD' },
  font_change_in_number: { type: 'RISK', category: 'content', title: 'Font changes inside one number or word', origin: 'FRAUD' },
  font_unique_to_value: { type: 'WARNING', category: 'content', title: 'A value in a font used nowhere else on the page', origin: 'FRAUD' },
  digital_signature_missing: { type: 'RISK', category: 'signature', title: 'Digital signature required but missing', origin: 'FRAUD' },
  digital_signature_invalid: { type: 'RISK', category: 'signature', title: 'Digital signature does not verify', origin: 'FRAUD' },
  digital_signature_partial: { type: 'WARNING', category: 'signature', title: 'Digital signature does not cover the whole file', origin: 'FRAUD' },
  digital_signature_untrusted: { type: 'INFO', category: 'signature', title: 'Signer certificate not trusted here', origin: 'FRAUD' },
  digital_signature_valid: { type: 'INFO', category: 'signature', title: 'Digital signature verifies', origin: 'FRAUD' },
  javascript: { type: 'RISK', category: 'active_content', title: 'Contains JavaScript', origin: 'FRAUD' },
  launch_action: { type: 'RISK', category: 'active_content', title: 'Contains a launch action', origin: 'FRAUD' },
  embedded_file: { type: 'WARNING', category: 'active_content', title: 'Contains embedded files', origin: 'FRAUD' },
  image_only_digital_claim: { type: 'WARNING', category: 'content', title: 'Image-only PDF whose metadata claims a digital original', origin: 'FRAUD' },
  totals_mismatch: { type: 'RISK', category: 'consistency', title: 'Amounts do not add up', origin: 'FRAUD' },
  totals_mismatch_unsure: { type: 'WARNING', category: 'consistency', title: 'Amounts do not add up, but some were read by OCR with low certainty', origin: 'FRAUD' },
  line_item_mismatch: { type: 'WARNING', category: 'consistency', title: 'Quantity times unit price differs from the line amount', origin: 'FRAUD' },
  class_differs_from_template: { type: 'INFO', category: 'classification', title: 'Document class differs from the template', origin: 'QUALITY' },
  low_ocr_confidence: { type: 'WARNING', category: 'quality', title: 'Text recognition was unsure', origin: 'QUALITY' },
  pages_not_read: { type: 'INFO', category: 'quality', title: 'Some pages were not read', origin: 'QUALITY' },
  scanned_document: { type: 'INFO', category: 'quality', title: 'Scanned document (text read by OCR)', origin: 'QUALITY' },
  check_not_run: { type: 'INFO', category: 'quality', title: 'A forensic check could not run', origin: 'QUALITY' },
  revisions_not_compared: { type: 'INFO', category: 'revisions', title: 'Some revisions could not be compared', origin: 'QUALITY' },
} as const satisfies Record<string, CatalogEntry>;

export type IndicatorName = keyof typeof INDICATOR_CATALOG;

export function raise(name: IndicatorName, description: string, locations: IndicatorLocation[] = []): RaisedIndicator {
  const entry: CatalogEntry = INDICATOR_CATALOG[name];
  return { indicator: { id: name, type: entry.type, category: entry.category, title: entry.title, description, origin: entry.origin }, locations };
}

export function withDetail(location: Location, original: string | null = null, replacement: string | null = null): IndicatorLocation {
  return { ...location, detail: { original_text: original, new_text: replacement } };
}
