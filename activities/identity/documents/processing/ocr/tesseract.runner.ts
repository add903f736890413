// Text recognition with the tesseract CLI (tesseract-ocr, English model).

import { runCommand } from './command.runner.js';

export const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export interface TesseractOptions {
  /** Page segmentation mode: 6 = one uniform block of text, 4 = a single column, 3 = automatic. */
  psm: 3 | 4 | 6 | 11;
  /** Restrict recognition to these characters (and drop the dictionaries, which only hurt codes). */
  whitelist?: string;
  /** Keep runs of spaces, so columns stay apart as in `pdftotext -layout` output. */
  preserveSpaces?: boolean;
  timeoutMs: number;
}

export async function recogniseText(imagePath: string, options: TesseractOptions): Promise<string> {
  const args = [imagePath, 'stdout', '-l', 'eng', '--psm', String(options.psm)];
  if (options.whitelist) {
    args.push('-c', `tessedit_char_whitelist=${options.whitelist}`, '-c', 'load_system_dawg=0', '-c', 'load_freq_dawg=0');
  }
  if (options.preserveSpaces) args.push('-c', 'preserve_interword_spaces=1');
  // One thread: tesseract's OpenMP threads cost more than they give on single pages (measured
  // 3x slower on a shared 2-core machine), and several documents may be processed at once.
  return runCommand('tesseract', args, { timeoutMs: options.timeoutMs, env: { OMP_THREAD_LIMIT: '1' } });
}
