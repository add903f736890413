/** Downloads a stored object to a local file, computing its SHA-256 on the way (the processors read files). */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from '../../../../infra/storage/object-storage.js';

export async function downloadObject(storage: ObjectStorage, key: string, filePath: string): Promise<{ checksum: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(await storage.getObject(key), hashing, createWriteStream(filePath));
  return { checksum: hash.digest('hex'), size };
}
