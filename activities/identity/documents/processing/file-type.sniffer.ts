// Identifies an uploaded file by its leading bytes rather than its name or declared type, which
// the uploader controls.

import { open } from 'node:fs/promises';

export type SniffedFileType = 'png' | 'jpeg' | 'pdf' | 'tiff' | 'unknown';

export async function sniffFileType(filePath: string): Promise<SniffedFileType> {
  const handle = await open(filePath, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    return fileTypeOf(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function fileTypeOf(head: Uint8Array): SniffedFileType {
  const startsWith = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (startsWith(0x49, 0x49, 0x2a, 0x00) || startsWith(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  return 'unknown';
}
