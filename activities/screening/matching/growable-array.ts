/**
 * An append-only Uint32Array / Uint8Array that doubles as it grows: the index builder appends
 * tens of millions of small integers, which as plain JS arrays would cost several times the memory.
 */

export class GrowableUint32 {
  private data: Uint32Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Uint32Array(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length] = value;
    this.length += 1;
  }

  get(i: number): number {
    return this.data[i] as number;
  }

  /** A right-sized copy. */
  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

export class GrowableUint8 {
  private data: Uint8Array;
  length = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Uint8Array(initialCapacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint8Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length] = value;
    this.length += 1;
  }

  toArray(): Uint8Array {
    return this.data.slice(0, this.length);
  }
}
