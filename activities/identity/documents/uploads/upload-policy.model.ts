/**
 * The limits and formats of document uploads, shared by the API (which checks declarations and
 * signs upload addresses) and the upload activities (which verify what was stored):
 *   - at most 4 files per request, each at most 10 MiB;
 *   - image/jpeg, image/png, application/pdf (identity documents: images only, as the MRZ is read
 *     by OCR); a content type left out is taken from the filename extension;
 *   - checksum: SHA-256 of the file, 64 hexadecimal characters (case-insensitive);
 *   - upload addresses (presigned PUT) live 900 s; download addresses (presigned GET) 300 s;
 *   - a file not in the bucket 60 s after its upload address expired is expired.
 */
import type { SniffedFileType } from '../processing/file-type.sniffer.js';
import type { IdentityDocumentKind } from '../../../../infra/db/tables/identity-documents.table.js';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 4;
export const UPLOAD_URL_TTL_SECONDS = 900;
export const DOWNLOAD_URL_TTL_SECONDS = 300;
export const UPLOAD_GRACE_SECONDS = 60;

export const CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type UploadContentType = (typeof CONTENT_TYPES)[number];

export const ACCEPTED_CONTENT_TYPES: Readonly<Record<IdentityDocumentKind, readonly UploadContentType[]>> = {
  idv: ['image/jpeg', 'image/png'],
  address: ['image/jpeg', 'image/png', 'application/pdf'],
};

export const CHECKSUM_PATTERN = /^[0-9a-fA-F]{64}$/;

const BY_EXTENSION: Readonly<Record<string, UploadContentType>> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf',
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
  return undefined;
}
