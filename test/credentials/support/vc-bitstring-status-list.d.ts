/** Types for @digitalbazaar/vc-bitstring-status-list (the reference status-list library; JavaScript only). */
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    length: number;
    getStatus(index: number): boolean;
    setStatus(index: number, status: boolean): void;
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
}
