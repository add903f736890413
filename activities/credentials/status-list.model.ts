/**
 * Bitstring Status List v1.0 (W3C): the list size, the encoding of `encodedList` — the
 * GZIP-compressed bitstring, base64url, with the multibase prefix `u` — where index 0 is the most
 * significant bit of the first byte (the bitstring library's left-to-right indexing, the same
 * order the database's bit function uses), and the random choice of candidate indexes. Pure.
 */
import { randomInt } from 'node:crypto';
import { Bitstring } from '@digitalbazaar/bitstring';

/** Entries per list: the spec's minimum (16 KiB), which gives group privacy of 131,072. */
export const STATUS_LIST_LENGTH = 131_072;

/** How long a verifier may cache a status list (also the response's Cache-Control max-age). */
export const STATUS_LIST_TTL_SECONDS = 60;

export async function encodeStatusList(bits: Uint8Array): Promise<string> {
  return `u${await new Bitstring({ buffer: bits }).encodeBits()}`;
}

/** `count` distinct random indexes in [0, length), none of them in `avoid`. */
export function randomCandidateIndexes(count: number, length: number, avoid: ReadonlySet<number> = new Set()): number[] {
  const chosen = new Set<number>();
  const wanted = Math.min(count, length - avoid.size);
  while (chosen.size < wanted) {
    const i = randomInt(length);
    if (!avoid.has(i)) chosen.add(i);
  }
  return [...chosen];
}
