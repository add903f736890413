/** Types for @digitalbazaar/bitstring (the package ships JavaScript only). */
declare module '@digitalbazaar/bitstring' {
  export class Bitstring {
    constructor(options: { length: number } | { buffer: Uint8Array; leftToRightIndexing?: boolean });
    bits: Uint8Array;
    length: number;
    set(position: number, on: boolean): void;
    get(position: number): boolean;
    /** GZIP-compressed bits, base64url (no multibase prefix). */
    encodeBits(): Promise<string>;
    static decodeBits(options: { encoded: string }): Promise<Uint8Array>;
  }
}
