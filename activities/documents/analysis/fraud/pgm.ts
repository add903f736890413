// Reads a binary greyscale PGM (P5) image, as `pdftoppm -gray` writes it. Pure.

export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function parsePgm(data: Uint8Array): GreyImage {
  let pos = 0;
  const token = (): string => {
    for (;;) {
      while (pos < data.length && /\s/.test(String.fromCharCode(data[pos]!))) pos++;
      if (data[pos] === 0x23) {
        while (pos < data.length && data[pos] !== 0x0a) pos++;
        continue;
      }
      break;
    }
    const start = pos;
    while (pos < data.length && !/\s/.test(String.fromCharCode(data[pos]!))) pos++;
    return Buffer.from(data.subarray(start, pos)).toString('latin1');
  };
  if (token() !== 'P5') throw new Error('not a binary PGM');
  const width = Number(token());
  const height = Number(token());
  const maxval = Number(token());
  pos++; // the single whitespace after maxval
  if (maxval > 255) throw new Error('16-bit PGM not supported');
  return { width, height, pixels: data.subarray(pos, pos + width * height) };
}
