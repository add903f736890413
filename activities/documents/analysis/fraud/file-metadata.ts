// fraud_result.file_metadata: who made the file and when, from the PDF's document information
// dictionary (falling back to its XMP packet), or from an image's EXIF/PNG text. Dates are ISO
// 8601. Reading is I/O (pdf.js, ImageMagick's identify); the PDF date parser is pure.

import { runCommand } from '../../../identity/documents/processing/ocr/command.runner.js';
import type { PdfDocument } from '../text/pdf-document.loader.js';

export interface FileMetadata {
  producer: string | null;
  creator: string | null;
  creation_date: string | null;
  mod_date: string | null;
  author: string | null;
  title: string | null;
  keywords: string | null;
  subject: string | null;
}

const EMPTY: FileMetadata = { producer: null, creator: null, creation_date: null, mod_date: null, author: null, title: null, keywords: null, subject: null };

export async function readPdfMetadata(doc: PdfDocument): Promise<FileMetadata> {
  const { info, metadata } = await doc.getMetadata();
  const i = (info ?? {}) as Record<string, unknown>;
  const xmp = (key: string): string | null => {
    const v = metadata?.get(key);
    return typeof v === 'string' && v.trim() ? v.trim() : Array.isArray(v) && v.length ? String(v[0]) : null;
  };
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    producer: str(i.Producer) ?? xmp('pdf:producer'),
    creator: str(i.Creator) ?? xmp('xmp:creatortool'),
    creation_date: parsePdfDate(str(i.CreationDate)) ?? isoOrNull(xmp('xmp:createdate')),
    mod_date: parsePdfDate(str(i.ModDate)) ?? isoOrNull(xmp('xmp:modifydate')),
    author: str(i.Author) ?? xmp('dc:creator'),
    title: str(i.Title) ?? xmp('dc:title'),
    keywords: str(i.Keywords) ?? xmp('pdf:keywords'),
    subject: str(i.Subject) ?? xmp('dc:description'),
  };
}

/** PDF date "D:20261014093000+02'00'" (every part after the year optional) → ISO 8601 UTC. */
export function parsePdfDate(value: string | null): string | null {
  if (!value) return null;
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*([Zz+-])?\s*(\d{2})?'?(\d{2})?'?/.exec(value.trim());
  if (!m) return isoOrNull(value);
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const offsetMinutes = sign === '+' || sign === '-' ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offsetMinutes * 60_000;
  return Number.isFinite(utc) ? new Date(utc).toISOString() : null;
}

function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/** EXIF and PNG text of an image, as ImageMagick reports them. */
export async function readImageMetadata(filePath: string, timeoutMs: number): Promise<FileMetadata> {
  const out = await runCommand('identify', ['-verbose', `${filePath}[0]`], { timeoutMs }).catch(() => '');
  const prop = (...names: string[]): string | null => {
    for (const name of names) {
      const m = new RegExp(`^\\s*${name.replace(/[:]/g, '\\:')}:\\s*(.+)$`, 'mi').exec(out);
      if (m && m[1]!.trim()) return m[1]!.trim();
    }
    return null;
  };
  const exifDate = (v: string | null) => (v ? isoOrNull(v.replace(/^(\d{4}):(\d{2}):(\d{2})/, '$1-$2-$3')) : null);
  return {
    ...EMPTY,
    producer: prop('exif:Software', 'Software', 'tiff:software'),
    creator: prop('exif:Make', 'tiff:make'),
    creation_date: exifDate(prop('exif:DateTimeOriginal', 'exif:DateTimeDigitized')),
    mod_date: exifDate(prop('exif:DateTime')),
    author: prop('exif:Artist', 'Author'),
    title: prop('Title', 'exif:ImageDescription'),
    keywords: null,
    subject: null,
  };
}
