// Test-only: "scans" of corpus PDFs — rendered by poppler, turned a little, noised and saved
// as PNG, JPEG, TIFF or an image-only PDF by ImageMagick, with a seed so every run is the same.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type ScanFormat = 'png' | 'jpeg' | 'tiff' | 'pdf';

export async function scanPdf(pdfPath: string, outPath: string, format: ScanFormat, seed: number): Promise<void> {
  const base = `${outPath}.render`;
  await run('pdftoppm', ['-r', '200', '-gray', '-png', '-singlefile', '-f', '1', '-l', '1', pdfPath, base]);
  const degrees = (((seed * 37) % 30) - 15) / 10; // -1.5° .. +1.4°
  const args = [`${base}.png`, '-seed', String(seed), '-background', 'white', '-rotate', String(degrees), '+repage', '-attenuate', '0.4', '+noise', 'Gaussian', '-blur', '0x0.5'];
  if (format === 'jpeg') args.push('-quality', '75');
  if (format === 'pdf') args.push('-compress', 'jpeg', '-quality', '80', '-density', '200');
  args.push(outPath);
  await run('convert', args);
  await run('rm', ['-f', `${base}.png`]);
}
