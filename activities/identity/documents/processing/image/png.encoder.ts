// Encodes an 8-bit grayscale or RGB raster as a PNG file (no filtering, zlib-compressed), for
// the crops cut out of document photos. Pure apart from node:zlib, which is deterministic.

import { crc32, deflateSync } from 'node:zlib';

export interface RasterToEncode {
  width: number;
  height: number;
  channels: 1 | 3;
  data: Uint8Array;
}

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function encodePng(raster: RasterToEncode): Buffer {
  const { width, height, channels, data } = raster;
  if (data.length !== width * height * channels) throw new Error('raster size does not match its dimensions');
  const rowBytes = width * channels;
  const filtered = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    filtered[y * (rowBytes + 1)] = 0; // filter type None
    filtered.set(data.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = channels === 1 ? 0 : 2; // grayscale or truecolour
  // compression, filter and interlace methods stay 0
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(filtered, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'ascii');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}
