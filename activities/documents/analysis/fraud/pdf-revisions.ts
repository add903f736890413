// Splits a PDF into the revisions its incremental updates left: every "%%EOF" ends one, and the
// bytes up to it are that revision as it was saved. The first %%EOF of a linearized file closes
// only the first-page section, not a revision, and is skipped. Pure.

export interface Revision {
  /** 1-based, oldest first. */
  number: number;
  /** Length of the revision's bytes (the file truncated after its %%EOF). */
  end: number;
}

export function findRevisions(bytes: Uint8Array): Revision[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const ends: number[] = [];
  const marker = /%%EOF[ \t]*(\r\n|\r|\n)?/g;
  for (let m = marker.exec(text); m; m = marker.exec(text)) ends.push(m.index + m[0].length);
  if (ends.length === 0) return [{ number: 1, end: bytes.length }];
  // Trailing garbage after the last %%EOF belongs to no revision; the last revision ends at its marker.
  const head = text.slice(0, 2048);
  const linearized = /\/Linearized\s/.test(head);
  const usable = linearized && ends.length > 1 && isFirstPageSection(text, ends[0]!) ? ends.slice(1) : ends;
  return usable.map((end, i) => ({ number: i + 1, end }));
}

/** In a linearized file the first %%EOF follows the first-page cross-reference, near the start. */
function isFirstPageSection(text: string, firstEnd: number): boolean {
  const startxref = text.lastIndexOf('startxref', firstEnd);
  if (startxref < 0) return false;
  const offset = Number(/startxref\s+(\d+)/.exec(text.slice(startxref, firstEnd))?.[1] ?? NaN);
  // The first-page trailer's startxref points to the main xref at the end (or 0 in some writers).
  return !Number.isFinite(offset) || offset === 0 || offset > firstEnd;
}
