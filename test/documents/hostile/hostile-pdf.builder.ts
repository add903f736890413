/**
 * Hand-built hostile PDFs for the resource-limit tests: a PDF from raw object bodies with a
 * correct cross-reference table, so each file reaches the stage it attacks (a decompression bomb
 * in a content stream, a page 200 inches wide, nesting past the stack, a pages-tree cycle).
 */
import { once } from 'node:events';
import { createDeflate } from 'node:zlib';

export function pdfFromObjects(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

export function streamObject(data: Buffer, dictionary = ''): Buffer {
  return Buffer.concat([Buffer.from(`<< /Length ${data.length} ${dictionary} >>\nstream\n`), data, Buffer.from('\nendstream')]);
}

const TEXT = 'BT /F1 12 Tf 72 720 Td (Statement of account for the period) Tj ET';
const FONT = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');

/** A one-page PDF; `page` adds keys to the page dictionary, `content` replaces its content stream. */
export function onePagePdf(options: { mediaBox?: string; page?: string; content?: Buffer; pagesKids?: string } = {}): Buffer {
  return pdfFromObjects([
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from(`<< /Type /Pages /Kids [${options.pagesKids ?? '3 0 R'}] /Count 1 >>`),
    Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [${options.mediaBox ?? '0 0 612 792'}] ${options.page ?? ''} /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`),
    options.content ?? streamObject(Buffer.from(TEXT)),
    FONT,
  ]);
}

/** A content stream of `megabytes` MiB of spaces, then text, deflated (about 1000:1) without holding it whole. */
export function flateBombContent(megabytes: number): Promise<Buffer> {
  return deflatedContent(megabytes, Buffer.alloc(1024 * 1024, 0x20));
}

/** A content stream of `megabytes` MiB of drawing operators (moveto, lineto), then text, deflated. */
export function operatorBombContent(megabytes: number): Promise<Buffer> {
  const unit = Buffer.from('0 0 m 1 1 l ');
  return deflatedContent(megabytes, Buffer.concat(Array.from({ length: Math.floor((1024 * 1024) / unit.length) }, () => unit)));
}

async function deflatedContent(megabytes: number, block: Buffer): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  for (let i = 0; i < megabytes; i++) if (!deflate.write(block)) await once(deflate, 'drain');
  deflate.end(Buffer.from(TEXT));
  await once(deflate, 'end');
  return streamObject(Buffer.concat(out), '/Filter /FlateDecode');
}

/** `pdf` with an incremental update that replaces object `objectNumber` by `body` (a new revision). */
export function withIncrementalUpdate(pdf: Buffer, objectNumber: number, body: Buffer): Buffer {
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))![1]);
  const objectAt = pdf.length;
  const object = Buffer.concat([Buffer.from(`${objectNumber} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
  const xrefAt = objectAt + object.length;
  const size = Number(/\/Size (\d+)/.exec(pdf.toString('latin1'))![1]);
  const xref = `xref\n0 1\n0000000000 65535 f \n${objectNumber} 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size} /Root 1 0 R /Prev ${previousXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, object, Buffer.from(xref)]);
}

/** The text content stream the one-page PDFs carry, as a stream object. */
export function textContent(text = 'Statement of account for the period'): Buffer {
  return streamObject(Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`));
}
