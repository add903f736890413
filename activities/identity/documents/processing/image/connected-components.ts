// Labels the 8-connected ink regions of a binary mask (one union-find pass, then a pass to
// gather each region's box, area and centre). Glyphs of printed text are mostly one region each.

export interface Component {
  /** Bounding box, inclusive. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  area: number;
  /** Centre of mass. */
  cx: number;
  cy: number;
}

export function connectedComponents(mask: Uint8Array, width: number, height: number): Component[] {
  const labels = new Int32Array(width * height).fill(-1);
  const parent: number[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    const [low, high] = ra < rb ? [ra, rb] : [rb, ra];
    parent[high] = low;
    return low;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (mask[i] !== 1) continue;
      let label = -1;
      // Neighbours already visited: west, north-west, north, north-east.
      const join = (n: number) => {
        const l = labels[n]!;
        if (l >= 0) label = label < 0 ? l : union(label, l);
      };
      if (x > 0) join(i - 1);
      if (y > 0) {
        if (x > 0) join(i - width - 1);
        join(i - width);
        if (x < width - 1) join(i - width + 1);
      }
      if (label < 0) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  const byRoot = new Map<number, Component & { sx: number; sy: number }>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const l = labels[y * width + x]!;
      if (l < 0) continue;
      const root = find(l);
      const c = byRoot.get(root);
      if (!c) {
        byRoot.set(root, { x0: x, y0: y, x1: x, y1: y, area: 1, cx: 0, cy: 0, sx: x, sy: y });
        continue;
      }
      if (x < c.x0) c.x0 = x;
      if (x > c.x1) c.x1 = x;
      if (y > c.y1) c.y1 = y;
      c.area++;
      c.sx += x;
      c.sy += y;
    }
  }
  return [...byRoot.values()].map(({ sx, sy, ...c }) => ({ ...c, cx: sx / c.area, cy: sy / c.area }));
}
