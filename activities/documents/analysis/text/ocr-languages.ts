// Chooses the tesseract language models to read with: English plus the other languages the engine
// classifies and extracts (German, French, Spanish), as far as they are installed. Asked once.

import { runCommand } from '../../../identity/documents/processing/ocr/command.runner.js';

const PREFERRED = ['eng', 'deu', 'fra', 'spa'];
let cached: Promise<string> | null = null;

export function defaultOcrLanguages(): Promise<string> {
  cached ??= runCommand('tesseract', ['--list-langs'], { timeoutMs: 10_000 })
    .then((out) => {
      const installed = new Set(out.split('\n').map((l) => l.trim()));
      const chosen = PREFERRED.filter((l) => installed.has(l));
      return chosen.length ? chosen.join('+') : 'eng';
    })
    .catch(() => 'eng');
  return cached;
}
