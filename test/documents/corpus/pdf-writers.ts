// Test-only: draws a page model with two independent PDF writers — pdf-lib (standard Helvetica,
// hex strings in Tj) and pdfkit (its own AFM metrics, TJ arrays with kerning) — so the engine is
// measured on more than one producer's output.

import PDFKit from 'pdfkit';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { A4, type PageModel } from './page-model.js';

export interface WriteOptions {
  producer?: string;
  creator?: string;
  creationDate?: Date;
}

export async function writeWithPdfLib(page: PageModel, options: WriteOptions = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const p = doc.addPage([A4.width, A4.height]);
  for (const item of page.items) {
    const font = item.bold ? bold : regular;
    const width = font.widthOfTextAtSize(item.text, item.size);
    p.drawText(item.text, { x: item.alignRight ? item.x - width : item.x, y: A4.height - item.y - item.size * 0.8, size: item.size, font, color: rgb(0, 0, 0) });
  }
  doc.setProducer(options.producer ?? 'pdf-lib (https://github.com/Hopding/pdf-lib)');
  doc.setCreator(options.creator ?? 'Clearwatch corpus');
  const when = options.creationDate ?? new Date('2026-06-01T10:00:00Z');
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  return doc.save({ useObjectStreams: false });
}

export function writeWithPdfKit(page: PageModel, options: WriteOptions = {}): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const when = options.creationDate ?? new Date('2026-06-01T10:00:00Z');
    const doc = new PDFKit({ size: 'A4', margin: 0, info: { Producer: options.producer ?? 'PDFKit', Creator: options.creator ?? 'Clearwatch corpus', CreationDate: when, ModDate: when } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (const item of page.items) {
      doc.font(item.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(item.size);
      const width = doc.widthOfString(item.text);
      doc.text(item.text, item.alignRight ? item.x - width : item.x, item.y, { lineBreak: false });
    }
    doc.end();
  });
}
