/**
 * Verifies an uploaded object against the policy and the client's declarations, by reading it:
 * real size (at most the policy's limit, equal to the declared size when one was given), SHA-256
 * computed over its bytes (equal to the declared checksum when one was given), and its leading
 * bytes (the declared content type must be what the file is). A presigned PUT cannot enforce any
 * of this, so nothing is trusted until this check passes.
 */
import { createHash } from 'node:crypto';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { fileTypeOf } from '../identity/documents/processing/file-type.sniffer.js';
import { contentTypeOfSniffed } from './upload-policy.model.js';

export interface Declared {
  contentType: string;
  byteSize: number | null;
  checksum: string | null;
  /** The largest file the policy accepts. */
  maxBytes: number;
}

export type VerificationFailureCode = 'file_too_large' | 'file_size_mismatch' | 'file_checksum_mismatch' | 'file_content_type_mismatch';

export type Verification =
  | { outcome: 'missing' }
  | { outcome: 'verified'; size: number; checksum: string }
  | { outcome: 'rejected'; code: VerificationFailureCode; detail: string; size: number; checksum: string | null };

export async function verifyStoredObject(storage: ObjectStorage, key: string, declared: Declared): Promise<Verification> {
  const stat = await storage.stat(key);
  if (!stat) return { outcome: 'missing' };
  const size = stat.size;
  if (size > declared.maxBytes) {
    return { outcome: 'rejected', code: 'file_too_large', detail: `the uploaded file is ${size} bytes; the maximum is ${declared.maxBytes} bytes`, size, checksum: null };
  }
  if (declared.byteSize !== null && size !== declared.byteSize) {
    return { outcome: 'rejected', code: 'file_size_mismatch', detail: `the uploaded file is ${size} bytes but ${declared.byteSize} bytes were declared`, size, checksum: null };
  }
  const { checksum, head, read } = await digest(storage, key, declared.maxBytes);
  if (read !== size) {
    // Replaced between stat and read: judge it on the next check.
    return { outcome: 'missing' };
  }
  if (declared.checksum !== null && checksum !== declared.checksum.toLowerCase()) {
    return { outcome: 'rejected', code: 'file_checksum_mismatch', detail: `the uploaded file's SHA-256 is ${checksum} but ${declared.checksum.toLowerCase()} was declared`, size, checksum };
  }
  const actual = contentTypeOfSniffed(fileTypeOf(head));
  if (actual !== declared.contentType) {
    return {
      outcome: 'rejected', code: 'file_content_type_mismatch',
      detail: `the uploaded file is ${actual ? `a ${actual} file` : 'not a JPEG, PNG, PDF or TIFF file'} but was declared as ${declared.contentType}`,
      size, checksum,
    };
  }
  return { outcome: 'verified', size, checksum };
}

/** SHA-256 (hex) of an object and its first bytes, streaming (never more than one chunk in memory). */
export async function digest(storage: ObjectStorage, key: string, maxBytes = Number.MAX_SAFE_INTEGER): Promise<{ checksum: string; head: Buffer; read: number }> {
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let read = 0;
  for await (const chunk of await storage.getObject(key)) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    read += buffer.length;
    if (read > maxBytes + 1) break;
    if (headLength < 16) {
      headChunks.push(buffer.subarray(0, 16 - headLength));
      headLength += Math.min(buffer.length, 16 - headLength);
    }
  }
  return { checksum: hash.digest('hex'), head: Buffer.concat(headChunks), read };
}
