// Test-only: "scans" of corpus PDFs — rendered by poppler, turned a little, noised and saved
// as PNG, JPEG, TIFF or an image-only PDF by ImageMagick, with a seed so every run is the same.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';

const run = promisify(execFile);

export type ScanFormat = 'png' | 'jpeg' | 'tiff' | 'pdf';

export async function scanPdf(pdfPath: string, outPath: string, format: ScanFormat, seed: number): Promise<void> {
  const base = `${outPath}.render`;
  await run('pdftoppm', ['-r', '200', '-gray', '-png', '-singlefile', '-f', '1', '-l', '1', pdfPath, base]);
  const degrees = (((seed * 37) % 30) - 15) / 10; // -1.5° .. +1.4°
  const args = [`${base}.png`, '-seed', String(seed), '-background', 'white', '-rotate', String(degrees), '+repage', '-attenuate', '0.4', '+noise', 'Gaussian', '-blur', '0x0.5'];
  if (format === 'jpeg' || format === 'pdf') args.push('-quality', '75');
  // ImageMagick's default policy on Debian forbids writing PDF: a scanner-like PDF is made with pdf-lib.
  const imagePath = format === 'pdf' ? `${base}.jpg` : outPath;
  args.push(imagePath);
  await run('convert', args);
  if (format === 'pdf') {
    const doc = await PDFDocument.create();
    const jpg = await doc.embedJpg(await readFile(imagePath));
    doc.addPage([595.28, 841.89]).drawImage(jpg, { x: 0, y: 0, width: 595.28, height: 841.89 });
    doc.setProducer('ScanSnap Manager #iX1600');
    doc.setCreator('ScanSnap Home');
    await writeFile(outPath, await doc.save());
  }
  await run('rm', ['-f', `${base}.png`, `${base}.jpg`]);
}
