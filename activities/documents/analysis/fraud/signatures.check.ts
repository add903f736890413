// Digital signatures, verified by poppler's pdfsig (NSS): a signature that is required but
// missing, one that does not verify, one that leaves part of the file unsigned (bytes appended
// after signing), and the signer certificate's trust. Returns where each signed range ends, so
// the revision check can tell edits made after signing.

import { runCommand, ToolFailedError } from '../../../identity/documents/processing/ocr/command.runner.js';
import { raise, type RaisedIndicator } from './indicator.js';
import { parsePdfsigOutput } from './pdfsig-output.parser.js';

export interface SignatureCheck {
  indicators: RaisedIndicator[];
  signedEnds: number[];
  signatures: number;
}

export async function signatureIndicators(filePath: string, fileLength: number, requiresSignature: boolean, timeoutMs: number): Promise<SignatureCheck> {
  let out: string;
  try {
    out = await runCommand('pdfsig', [filePath], { timeoutMs });
  } catch (error) {
    // pdfsig exits 2 when the file has no signatures (and with 1 when it cannot read the file).
    if (!(error instanceof ToolFailedError && error.reason === 'exit')) throw error;
    out = '';
  }
  const reports = parsePdfsigOutput(out);
  const indicators: RaisedIndicator[] = [];
  if (reports.length === 0) {
    if (requiresSignature) indicators.push(raise('digital_signature_missing', 'The template requires a digital signature and the file has none.'));
    return { indicators, signedEnds: [], signatures: 0 };
  }
  const signedEnds: number[] = [];
  reports.forEach((r, i) => {
    const name = r.field ?? `signature ${i + 1}`;
    const end = r.ranges.length ? r.ranges[r.ranges.length - 1]![1] : 0;
    signedEnds.push(end);
    if (!/signature is valid/i.test(r.validation ?? '')) {
      indicators.push(raise('digital_signature_invalid', `${name} (${r.signer ?? 'unknown signer'}) does not verify: ${r.validation ?? 'no result'}.`));
      return;
    }
    const covered = r.totalDocumentSigned || end >= fileLength - 2;
    if (!covered) indicators.push(raise('digital_signature_partial', `${name} covers the first ${end} of ${fileLength} bytes; the rest was added after signing.`));
    if (!/certificate is trusted/i.test(r.certificate ?? '')) indicators.push(raise('digital_signature_untrusted', `${name}: ${r.certificate ?? 'certificate not checked'} (signer: ${r.signer ?? 'unknown'}).`));
    else indicators.push(raise('digital_signature_valid', `${name} verifies and its certificate is trusted (signer: ${r.signer ?? 'unknown'}).`));
  });
  return { indicators, signedEnds, signatures: reports.length };
}
