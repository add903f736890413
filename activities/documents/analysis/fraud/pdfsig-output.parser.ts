// Parses poppler's `pdfsig` report (one block per signature: signed ranges, whether the whole
// document is signed, the signature and certificate validation results). Pure.

export interface SignatureReport {
  field: string | null;
  signer: string | null;
  /** Byte ranges the signature covers, as [start, end] pairs. */
  ranges: [number, number][];
  totalDocumentSigned: boolean;
  /** pdfsig's verdict: "Signature is Valid.", "Digest Mismatch.", ... */
  validation: string | null;
  certificate: string | null;
}

export function parsePdfsigOutput(out: string): SignatureReport[] {
  const blocks = out.split(/^Signature #\d+:\s*$/m).slice(1);
  return blocks.map((block) => {
    const field = (label: string) => new RegExp(`^\\s*-\\s*${label}:\\s*(.+)$`, 'mi').exec(block)?.[1]?.trim() ?? null;
    const ranges = [...(field('Signed Ranges') ?? '').matchAll(/\[(\d+)\s*-\s*(\d+)\]/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
    return {
      field: field('Signature Field Name'),
      signer: field('Signer Certificate Common Name'),
      ranges,
      totalDocumentSigned: /^\s*-\s*Total document signed\s*$/mi.test(block),
      validation: field('Signature Validation'),
      certificate: field('Certificate Validation'),
    };
  });
}
