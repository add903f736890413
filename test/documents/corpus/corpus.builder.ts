// Test-only: builds the whole evaluation corpus into a folder — every kind × language × layout
// written by pdf-lib and by pdfkit, rewrites by other tools (poppler's cairo backend, qpdf
// linearized with object streams), scans (PNG, JPEG, TIFF, image-only PDF), signed files, and the
// tampered variants with the indicators that should reveal them. Seeded and reproducible.

import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { composeDocument, type CorpusDocument, type CorpusKind, type CorpusLanguage } from './corpus-documents.js';
import { appendTextEdit } from './incremental-update.writer.js';
import { writeWithPdfKit, writeWithPdfLib } from './pdf-writers.js';
import { scanPdf, type ScanFormat } from './scans.js';
import { seededRandom } from './seeded-random.js';
import { addJavaScript, makeTestCertificate, overlayText, rewriteMetadata, signPdf } from './tampering.js';

const run = promisify(execFile);

export type TamperKind =
  | 'incremental_amount_edit'
  | 'incremental_name_edit'
  | 'metadata_rewrite'
  | 'overlay_edit'
  | 'signed_then_edited'
  | 'javascript_added'
  | 'totals_inconsistent'
  | 'image_only_digital_claim';

export const EXPECTED_INDICATORS: Readonly<Record<TamperKind, readonly string[]>> = {
  incremental_amount_edit: ['incremental_update_text_changed'],
  incremental_name_edit: ['incremental_update_text_changed'],
  metadata_rewrite: ['editing_software', 'modified_long_after_creation'],
  overlay_edit: ['text_overlay', 'hidden_text', 'font_unique_to_value', 'font_change_in_number'],
  signed_then_edited: ['modified_after_signing', 'digital_signature_partial'],
  javascript_added: ['javascript'],
  totals_inconsistent: ['totals_mismatch'],
  image_only_digital_claim: ['image_only_digital_claim'],
};

export interface CorpusEntry {
  file: string;
  contentType: string;
  doc: CorpusDocument;
  /** Who wrote the file: pdf-lib, pdfkit, cairo (pdftocairo rewrite), qpdf (linearized), or scan-<format>. */
  producer: string;
  /** Untouched files are false-alarm controls; tampered ones carry their kind. */
  tamper: TamperKind | null;
  /** Whether the extraction ground truth applies (false for tampered files). */
  measureFields: boolean;
}

export interface CorpusOptions {
  seed?: number;
  /** Number of scans to make (OCR is the slow part). */
  scans?: number;
}

const KINDS: readonly CorpusKind[] = ['invoice', 'receipt', 'bank_statement', 'payslip', 'utility_bill'];
const LANGUAGES: readonly CorpusLanguage[] = ['en', 'de'];
const SCAN_FORMATS: readonly ScanFormat[] = ['png', 'jpeg', 'tiff', 'pdf'];
const CONTENT_TYPE: Record<ScanFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', tiff: 'image/tiff', pdf: 'application/pdf' };

export async function buildCorpus(dir: string, options: CorpusOptions = {}): Promise<CorpusEntry[]> {
  await mkdir(dir, { recursive: true });
  const rng = seededRandom(options.seed ?? 20261014);
  const entries: CorpusEntry[] = [];
  const save = async (name: string, bytes: Uint8Array) => {
    const file = path.join(dir, name);
    await writeFile(file, bytes);
    return file;
  };
  const docs: CorpusDocument[] = [];
  for (const kind of KINDS) for (const language of LANGUAGES) for (const layout of [0, 1] as const) docs.push(composeDocument(kind, language, layout, rng));

  for (const doc of docs) {
    const libFile = await save(`${doc.id}.pdf-lib.pdf`, await writeWithPdfLib(doc.page));
    entries.push({ file: libFile, contentType: 'application/pdf', doc, producer: 'pdf-lib', tamper: null, measureFields: true });
    const kitFile = await save(`${doc.id}.pdfkit.pdf`, await writeWithPdfKit(doc.page));
    entries.push({ file: kitFile, contentType: 'application/pdf', doc, producer: 'pdfkit', tamper: null, measureFields: true });
  }
  // Other tools rewriting the files: poppler's cairo backend (re-embeds fonts, new operators) and qpdf.
  for (const [i, doc] of docs.entries()) {
    const source = path.join(dir, `${doc.id}.${i % 2 ? 'pdfkit' : 'pdf-lib'}.pdf`);
    if (i % 4 === 0) {
      const out = path.join(dir, `${doc.id}.cairo.pdf`);
      await run('pdftocairo', ['-pdf', source, out]);
      entries.push({ file: out, contentType: 'application/pdf', doc, producer: 'cairo', tamper: null, measureFields: true });
    }
    if (i % 4 === 1) {
      const out = path.join(dir, `${doc.id}.qpdf.pdf`);
      await run('qpdf', ['--linearize', '--object-streams=generate', source, out]);
      entries.push({ file: out, contentType: 'application/pdf', doc, producer: 'qpdf', tamper: null, measureFields: true });
    }
  }
  const scanCount = options.scans ?? 8;
  for (let i = 0; i < scanCount; i++) {
    const doc = docs[(i * 3) % docs.length]!;
    const format = SCAN_FORMATS[i % SCAN_FORMATS.length]!;
    const out = path.join(dir, `${doc.id}.scan.${format === 'jpeg' ? 'jpg' : format === 'tiff' ? 'tif' : format}`);
    await scanPdf(path.join(dir, `${doc.id}.pdf-lib.pdf`), out, format, i + 1);
    entries.push({ file: out, contentType: CONTENT_TYPE[format], doc, producer: `scan-${format}`, tamper: null, measureFields: true });
  }

  const p12 = await makeTestCertificate();
  const targets = KINDS.map((k) => docs.find((d) => d.kind === k && d.layout === (KINDS.indexOf(k) % 2 ? 1 : 0) && d.language === (KINDS.indexOf(k) % 2 ? 'de' : 'en'))!);
  const tampered = async (doc: CorpusDocument, kind: TamperKind, bytes: Uint8Array) => {
    entries.push({ file: await save(`${doc.id}.${kind}.pdf`, bytes), contentType: 'application/pdf', doc, producer: 'pdf-lib', tamper: kind, measureFields: false });
  };
  for (const doc of targets) {
    const original = new Uint8Array(await readFile(path.join(dir, `${doc.id}.pdf-lib.pdf`)));
    const changedAmount = doc.editable.amount.replace(/^(\d)/, (d) => String((Number(d) % 9) + 1));
    await tampered(doc, 'incremental_amount_edit', await appendTextEdit(original, doc.editable.amount, changedAmount));
    await tampered(doc, 'incremental_name_edit', await appendTextEdit(original, doc.editable.name, 'Robert Miller'));
    await tampered(doc, 'metadata_rewrite', await rewriteMetadata(original, rng.pick(['iLovePDF', 'Sejda PDF Editor', 'Smallpdf.com', 'Adobe Photoshop 25.1']), rng.int(60, 400)));
    const item = doc.page.items.find((it) => it.text === doc.editable.amount)!;
    await tampered(doc, 'overlay_edit', await overlayText(original, item, changedAmount));
    const signed = await signPdf(original, p12);
    entries.push({ file: await save(`${doc.id}.signed.pdf`, signed), contentType: 'application/pdf', doc, producer: 'pdf-lib+signpdf', tamper: null, measureFields: true });
    await tampered(doc, 'signed_then_edited', await appendTextEdit(signed, doc.editable.amount, changedAmount));
    await tampered(doc, 'javascript_added', await addJavaScript(original));
    const inconsistent = composeDocument(doc.kind, doc.language, doc.layout, rng, true);
    if (['invoice', 'receipt', 'bank_statement', 'payslip'].includes(doc.kind)) await tampered(inconsistent, 'totals_inconsistent', await writeWithPdfLib(inconsistent.page));
    // A scan wrapped in a PDF that says Word made it.
    const scanPng = path.join(dir, `${doc.id}.claim.png`);
    await scanPdf(path.join(dir, `${doc.id}.pdf-lib.pdf`), scanPng, 'png', 99);
    const claim = await PDFDocument.create();
    const image = await claim.embedPng(await readFile(scanPng));
    claim.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
    claim.setProducer('Microsoft® Word for Microsoft 365');
    claim.setCreator('Microsoft® Word for Microsoft 365');
    await tampered(doc, 'image_only_digital_claim', await claim.save());
  }
  return entries;
}
