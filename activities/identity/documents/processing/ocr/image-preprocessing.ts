// Prepares a photo or scan for OCR with ImageMagick: grayscale and rescaled (tesseract reads best
// when capitals are roughly 20-40 px tall, and a misread at one scale is often right at another).

import { runCommand } from './command.runner.js';

export interface PreprocessOptions {
  timeoutMs: number;
  /** Resize by this percentage (100 = unchanged). */
  scalePercent: number;
}

export async function preprocessForOcr(inputPath: string, outputPath: string, options: PreprocessOptions): Promise<void> {
  const args = [inputPath + '[0]', '-auto-orient', '-colorspace', 'Gray']; // [0]: first frame only
  if (options.scalePercent !== 100) args.push('-resize', `${options.scalePercent}%`);
  args.push(outputPath);
  await runCommand('convert', args, { timeoutMs: options.timeoutMs });
}
