// The decompression-bomb check of a PDF, run before pdf.js opens it: qpdf rewrites the file with
// every losslessly-compressed stream decoded to standard output, and the bytes are counted (never
// kept). Past the limit qpdf is stopped and the document fails with file_too_large; qpdf itself
// runs under the tool memory limit. A file qpdf cannot read at all (qpdf repairs what can be
// repaired) fails with file_unreadable, since pdf.js would then read bytes nothing has measured.

import { countCommandOutput, ToolFailedError, ToolUnavailableError } from '../../../identity/documents/processing/ocr/command.runner.js';
import { DocumentAnalysisError } from '../analysis-errors.js';
import type { AnalysisLimits } from '../analysis-limits.js';

export async function checkPdfDecodedSize(filePath: string, limits: Pick<AnalysisLimits, 'maxDecodedStreamBytes' | 'toolTimeoutMs'>): Promise<void> {
  const tooLarge = `the PDF's streams decode to more than ${limits.maxDecodedStreamBytes} bytes (a decompression bomb, or a file far larger than its compressed size)`;
  let result: { bytes: number; exceeded: boolean };
  try {
    result = await countCommandOutput(
      'qpdf',
      ['--decode-level=generalized', '--stream-data=uncompress', '--object-streams=disable', '--warning-exit-0', '--no-original-object-ids', filePath, '-'],
      { timeoutMs: limits.toolTimeoutMs, maxBytes: limits.maxDecodedStreamBytes },
    );
  } catch (error) {
    if (error instanceof ToolUnavailableError) throw new DocumentAnalysisError('tool_unavailable', 'qpdf is not installed');
    if (error instanceof ToolFailedError && error.reason === 'timeout') throw new DocumentAnalysisError('file_too_large', `${tooLarge}: decoding took longer than ${limits.toolTimeoutMs} ms`);
    if (error instanceof ToolFailedError) {
      if (/password/i.test(error.stderr)) throw new DocumentAnalysisError('pdf_password_protected', 'the PDF needs a password to open; upload it without a password');
      throw new DocumentAnalysisError('file_unreadable', `the PDF's structure could not be read (${firstLine(error.stderr, filePath)})`);
    }
    throw error;
  }
  if (result.exceeded) throw new DocumentAnalysisError('file_too_large', tooLarge);
}

/** qpdf's first message, without the server's file path. */
function firstLine(text: string, filePath: string): string {
  const line = text.split('\n').map((l) => l.split(filePath).join('the file').replace(/^(qpdf|WARNING): /, '').trim()).find(Boolean);
  return line?.slice(0, 300) ?? 'qpdf failed';
}
