/**
 * The limits and formats of uploads, shared by the API (which checks declarations and signs
 * upload addresses) and the upload activities (which verify what was stored), for both families
 * of documents:
 *   - identity documents: at most 4 files per request, each at most 10 MiB; JPEG and PNG (PDF too
 *     for proofs of address), as the machine-readable zone is read by OCR;
 *   - generic documents: one file of at most 25 MiB (the processing engine's limit); PDF, PNG,
 *     JPEG or TIFF;
 *   - a content type left out is taken from the filename extension; the stored bytes must be what
 *     the declared type says (sniffed, never trusted);
 *   - checksum: SHA-256 of the file, 64 hexadecimal characters (case-insensitive);
 *   - upload addresses (presigned PUT) live 900 s; download addresses (presigned GET) 300 s;
 *   - a file not in the bucket 60 s after its upload address expired is expired.
 */
import type { SniffedFileType } from '../identity/documents/processing/file-type.sniffer.js';

export const UPLOAD_URL_TTL_SECONDS = 900;
export const DOWNLOAD_URL_TTL_SECONDS = 300;
export const UPLOAD_GRACE_SECONDS = 60;

export const CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'image/tiff'] as const;
export type UploadContentType = (typeof CONTENT_TYPES)[number];

export interface UploadPolicy {
  maxFileBytes: number;
  maxFiles: number;
  contentTypes: readonly UploadContentType[];
}

/** Identity documents (document/idv, document/address). */
export const IDENTITY_UPLOADS = {
  idv: { maxFileBytes: 10 * 1024 * 1024, maxFiles: 4, contentTypes: ['image/jpeg', 'image/png'] },
  address: { maxFileBytes: 10 * 1024 * 1024, maxFiles: 4, contentTypes: ['image/jpeg', 'image/png', 'application/pdf'] },
} as const satisfies Record<'idv' | 'address', UploadPolicy>;

/** Generic documents (document). */
export const DOCUMENT_UPLOADS = {
  maxFileBytes: 25 * 1024 * 1024,
  maxFiles: 1,
  contentTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'],
} as const satisfies UploadPolicy;

/** Identity limits, by their earlier names. */
export const MAX_FILE_BYTES = IDENTITY_UPLOADS.idv.maxFileBytes;
export const MAX_FILES_PER_REQUEST = IDENTITY_UPLOADS.idv.maxFiles;
export const ACCEPTED_CONTENT_TYPES = { idv: IDENTITY_UPLOADS.idv.contentTypes, address: IDENTITY_UPLOADS.address.contentTypes } as const;

export const CHECKSUM_PATTERN = /^[0-9a-fA-F]{64}$/;

const BY_EXTENSION: Readonly<Record<string, UploadContentType>> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf', tif: 'image/tiff', tiff: 'image/tiff',
};

/** The content type a filename's extension names, if it is one we accept. */
export function contentTypeFromFilename(filename: string): UploadContentType | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(filename);
  return match ? BY_EXTENSION[match[1]!.toLowerCase()] : undefined;
}

/** The content type the file's leading bytes show. */
export function contentTypeOfSniffed(type: SniffedFileType): UploadContentType | undefined {
  if (type === 'jpeg') return 'image/jpeg';
  if (type === 'png') return 'image/png';
  if (type === 'pdf') return 'application/pdf';
  if (type === 'tiff') return 'image/tiff';
  return undefined;
}
