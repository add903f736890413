// Indicators from file metadata: editing software (PDF editors, online editors, image editors),
// modification long after creation or before it, dates in the future. Pure.

import type { FileMetadata } from './file-metadata.js';
import { raise, type RaisedIndicator } from './indicator.js';

const IMAGE_EDITORS = /photoshop|gimp|paint\.net|pixelmator|affinity photo|corel ?photo|paintshop|photopea|\bcanva\b|snapseed|lightroom|krita|acorn/i;
const PDF_EDITORS = /ilovepdf|smallpdf|sejda|pdfescape|pdf2go|docfly|pdffiller|pdf-xchange editor|master pdf editor|pdfelement|wondershare|soda ?pdf|foxit ?(phantom|pdf ?editor)|nitro ?(pdf ?)?pro|pdf ?candy|pdfsimpli|sodapdf|lightpdf|pdf buddy|dochub|formswift|abcpdf editor|pdfzorro|online2pdf|pdf24 ?editor|inkscape|libreoffice draw/i;
/** Modification more than this many days after creation is reported. */
const LONG_AFTER_DAYS = 30;
/** Clock skew allowed before a date counts as in the future. */
const FUTURE_SLACK_MS = 24 * 3600_000;

export function metadataIndicators(meta: FileMetadata, now: Date): RaisedIndicator[] {
  const out: RaisedIndicator[] = [];
  const tools = [meta.producer, meta.creator].filter((t): t is string => Boolean(t));
  const image = tools.find((t) => IMAGE_EDITORS.test(t));
  const editor = tools.find((t) => PDF_EDITORS.test(t));
  if (image) out.push(raise('image_editing_software', `The file names "${image}", an image editor, as its producer or creator.`));
  if (editor) out.push(raise('editing_software', `The file names "${editor}", a PDF editor, as its producer or creator.`));
  const created = meta.creation_date ? Date.parse(meta.creation_date) : NaN;
  const modified = meta.mod_date ? Date.parse(meta.mod_date) : NaN;
  if (Number.isFinite(created) && Number.isFinite(modified)) {
    const days = (modified - created) / 86_400_000;
    if (days > LONG_AFTER_DAYS) out.push(raise('modified_long_after_creation', `Modified ${Math.round(days)} days after creation (${meta.creation_date} → ${meta.mod_date}).`));
    if (days < -1) out.push(raise('modified_before_creation', `The modification date ${meta.mod_date} is before the creation date ${meta.creation_date}.`));
  }
  for (const [name, value] of [['creation date', meta.creation_date], ['modification date', meta.mod_date]] as const) {
    if (value && Date.parse(value) > now.getTime() + FUTURE_SLACK_MS) out.push(raise('future_date', `The ${name} ${value} is in the future.`));
  }
  return out;
}

// Short names only as whole words: "Xerox" (a scanner) is not Xero, "usage" not Sage.
const DIGITAL_AUTHORING = /microsoft.{0,12}(word|excel|powerpoint|office)|libreoffice|openoffice|google docs|\bpages\b|keynote|indesign|chrom(e|ium)|\bskia\b|wkhtmltopdf|\bprince(xml)?\b|weasyprint|pdftex|latex|xetex|luatex|xdvipdfmx|typst|crystal reports|jasperreports|sap |quickbooks|\bxero\b|\bsage\b|datev|dompdf/i;

export function claimsDigitalOrigin(meta: FileMetadata): string | null {
  return [meta.producer, meta.creator].find((t): t is string => Boolean(t && DIGITAL_AUTHORING.test(t))) ?? null;
}
