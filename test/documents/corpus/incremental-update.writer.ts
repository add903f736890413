// Test-only: edits a PDF the way an editor that "saves incrementally" does — the original bytes
// stay, and a new revision appended after them redefines the page's content stream with the text
// replaced. Works on files with a classic cross-reference table and text drawn as hex strings
// (pdf-lib's output, also after signing).

import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, PDFRef, PDFName, PDFArray } from 'pdf-lib';

export async function appendTextEdit(bytes: Uint8Array, oldText: string, newText: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  const oldHex = `<${hex(oldText)}>`;
  for (const ref of refs) {
    if (!(ref instanceof PDFRef)) continue;
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const filter = stream.dict.get(PDFName.of('Filter'));
    const raw = filter ? inflateSync(Buffer.from(stream.contents)) : Buffer.from(stream.contents);
    const text = raw.toString('latin1');
    if (!text.includes(oldHex)) continue;
    const edited = Buffer.from(text.replace(oldHex, `<${hex(newText)}>`), 'latin1');
    return appendObject(bytes, ref.objectNumber, `<< /Length ${edited.length} >>\nstream\n${edited.toString('latin1')}\nendstream`);
  }
  throw new Error(`"${oldText}" is not drawn as one hex string on page 1`);
}

function hex(text: string): string {
  return [...text].map((c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')).join('');
}

/** Appends a revision that redefines object `num` (generation 0) with `body`. */
export function appendObject(bytes: Uint8Array, num: number, body: string): Uint8Array {
  const original = Buffer.from(bytes);
  const text = original.toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s*%%EOF\s*$/.exec(text)?.[1]);
  const trailerAt = text.lastIndexOf('trailer');
  const trailer = text.slice(trailerAt, text.indexOf('startxref', trailerAt));
  const pick = (key: string) => new RegExp(`/${key}\\s+(\\d+\\s+\\d+\\s+R|\\d+)`).exec(trailer)?.[1];
  const sep = text.endsWith('\n') ? '' : '\n';
  const objectOffset = original.length + sep.length;
  const object = `${num} 0 obj\n${body}\nendobj\n`;
  const xrefOffset = objectOffset + Buffer.byteLength(object, 'latin1');
  const info = pick('Info') ? ` /Info ${pick('Info')}` : '';
  const update =
    `${sep}${object}xref\n0 1\n0000000000 65535 f \n${num} 1\n${String(objectOffset).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${pick('Size')} /Root ${pick('Root')}${info} /Prev ${prev} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([original, Buffer.from(update, 'latin1')]));
}
