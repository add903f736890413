/**
 * Which lists a screening type searches. PEP screenings search `pep` lists; watchlist and
 * business-watchlist screenings search every other list type (sanctions, watch lists, debarment).
 */
import type { ListType } from '../lists/list-entity.js';

export type ListGroup = 'watchlist' | 'pep';

export function listGroupOf(listType: ListType | string): ListGroup {
  return listType === 'pep' ? 'pep' : 'watchlist';
}
