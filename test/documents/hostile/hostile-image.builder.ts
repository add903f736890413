/**
 * Hand-built hostile images for the resource-limit tests: a little-endian TIFF of many 1×1
 * bilevel pages (each page costs ImageMagick a few kilobytes of memory when the pages are listed,
 * so 120,000 of them in 12 MB would cost gigabytes).
 */
export function manyPageTiff(pages: number): Buffer {
  const tags: [tag: number, type: 3 | 4, value: number][] = [[256, 3, 1], [257, 3, 1], [258, 3, 1], [259, 3, 1], [262, 3, 0], [273, 4, 0], [278, 3, 1], [279, 4, 1]];
  const ifdSize = 2 + tags.length * 12 + 4;
  const dataOffset = 8 + pages * ifdSize;
  const out = Buffer.alloc(dataOffset + 1);
  out.write('II*\0', 0, 'latin1');
  out.writeUInt32LE(8, 4);
  for (let i = 0; i < pages; i++) {
    let at = 8 + i * ifdSize;
    out.writeUInt16LE(tags.length, at);
    at += 2;
    for (const [tag, type, value] of tags) {
      out.writeUInt16LE(tag, at);
      out.writeUInt16LE(type, at + 2);
      out.writeUInt32LE(1, at + 4);
      const v = tag === 273 ? dataOffset : value;
      if (type === 4) out.writeUInt32LE(v, at + 8);
      else out.writeUInt16LE(v, at + 8);
      at += 12;
    }
    out.writeUInt32LE(i < pages - 1 ? at + 4 : 0, at);
  }
  return out;
}
