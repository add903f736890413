/**
 * Our stable id for a list entity: a name-based UUID (RFC 9562 version 5, SHA-1) of the list slug
 * and the source's own id. The same OFAC ent_num or UN DATAID gets the same id in every version of
 * its list, so ignore lists and stored results keep pointing at the same entity after a refresh.
 */
import { createHash } from 'node:crypto';

/** Namespace of clearwatch list entities (a fixed random UUID; changing it changes every id). */
const LIST_ENTITY_NAMESPACE = '5b1f0c52-8f3e-4c8e-9a57-3f4b6a1d2e90';

const namespaceBytes = Buffer.from(LIST_ENTITY_NAMESPACE.replace(/-/g, ''), 'hex');

export function stableEntityId(listSlug: string, sourceId: string): string {
  const hash = createHash('sha1').update(namespaceBytes).update(`${listSlug}\u0000${sourceId}`, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
