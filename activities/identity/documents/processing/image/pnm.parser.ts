// Parses binary PGM (P5, grayscale) and PPM (P6, RGB) images with 8-bit samples: the format
// ImageMagick writes to standard output when the pipeline asks it to decode a PNG or JPEG.

export interface PnmImage {
  width: number;
  height: number;
  channels: 1 | 3;
  data: Uint8Array;
}

export function parsePnm(bytes: Uint8Array): PnmImage {
  let offset = 0;
  const token = (): string => {
    for (;;) {
      while (offset < bytes.length && isSpace(bytes[offset]!)) offset++;
      if (bytes[offset] !== 0x23) break; // '#' comment to end of line
      while (offset < bytes.length && bytes[offset] !== 0x0a) offset++;
    }
    const start = offset;
    while (offset < bytes.length && !isSpace(bytes[offset]!)) offset++;
    return String.fromCharCode(...bytes.subarray(start, offset));
  };
  const magic = token();
  if (magic !== 'P5' && magic !== 'P6') throw new Error(`not a binary PGM/PPM image (${magic.slice(0, 2) || 'empty'})`);
  const width = Number(token());
  const height = Number(token());
  const maxValue = Number(token());
  if (!(width > 0 && height > 0)) throw new Error(`invalid image size ${width}x${height}`);
  if (maxValue !== 255) throw new Error(`expected 8-bit samples, got maximum ${maxValue}`);
  offset++; // the single whitespace byte before the raster
  const channels = magic === 'P5' ? 1 : 3;
  const length = width * height * channels;
  if (bytes.length - offset < length) throw new Error('image data is truncated');
  return { width, height, channels, data: new Uint8Array(bytes.subarray(offset, offset + length)) };
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
