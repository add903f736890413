// Reads postal addresses out of an ordered list of address-like parts: the cells of a column of
// lines, each split at its commas, so "Flat 2 / 14 Kingfisher Road / LONDON N7 8QT" on three
// lines and "1 Main St, Apt 2, London W1, GB" on one are read alike. An address is a street line
// (with a flat or unit line just before or after it), then its locality: a postcode with or
// without the town, a town alone, and the country as a code or a name. It is kept when it has a
// postcode, or a town and a country. Also reports the near misses, to say why nothing was found.
// Pure.

import { countryCodeOf } from './country-names.js';
import { matchPostcode, matchUkDistrict, type PostcodeMatch } from './postcode-formats.js';
import { isPlaceName, isStreetLine, isUnitLine } from './street-lines.js';

export interface PostalAddress {
  line1: string;
  line2?: string;
  city?: string;
  subdivision?: string;
  postal_code?: string;
  country_code?: string;
}

export interface AddressInParts {
  address: PostalAddress;
  /** Index of the first and last part it spans. */
  first: number;
  last: number;
}

export interface PartsScan {
  addresses: AddressInParts[];
  /** Street lines with no postcode or town after them. */
  streetsWithoutLocality: string[];
}

interface Locality {
  postcode?: PostcodeMatch;
  district?: PostcodeMatch;
  city?: string;
  country?: string;
}

export function addressesInParts(parts: readonly string[]): PartsScan {
  const scan: PartsScan = { addresses: [], streetsWithoutLocality: [] };
  let from = 0;
  while (from < parts.length) {
    const street = parts.findIndex((p, i) => i >= from && isStreetLine(p) && !isUnitLine(p));
    if (street === -1) break;
    const first = street > from && isUnitLine(parts[street - 1]!) ? street - 1 : street;
    let next = street + 1;
    while (next < parts.length && next - street <= 2 && isUnitLine(parts[next]!)) next++;
    const { locality, end } = readLocality(parts, next);
    const address = addressOf(parts.slice(first, next), locality);
    if (address) {
      scan.addresses.push({ address, first, last: end - 1 });
      from = end;
    } else {
      scan.streetsWithoutLocality.push(parts[street]!);
      from = street + 1;
    }
  }
  return scan;
}

// Postcode, town and country parts in any order, until a part that is none of them (or the
// country, which ends an address).
function readLocality(parts: readonly string[], start: number): { locality: Locality; end: number } {
  const locality: Locality = {};
  let i = start;
  for (; i < parts.length; i++) {
    const part = parts[i]!;
    const postcode = locality.postcode ? undefined : matchPostcode(part);
    if (postcode) {
      locality.postcode = postcode;
      continue;
    }
    const country = countryCodeOf(part);
    if (country && !locality.country) {
      locality.country = country;
      i++;
      break;
    }
    const district = locality.postcode || locality.district ? undefined : matchUkDistrict(part);
    if (district) {
      locality.district = district;
      continue;
    }
    if (!locality.city && !locality.postcode && isPlaceName(part)) {
      locality.city = part.trim();
      continue;
    }
    break;
  }
  return { locality, end: i };
}

function addressOf(streetParts: readonly string[], locality: Locality): PostalAddress | undefined {
  let postcode = locality.postcode;
  let city = postcode?.city ?? locality.city;
  if (!postcode && locality.district) {
    // A UK district code counts as the postcode only where the address says it is in the UK;
    // elsewhere "Paris 16" is a town and its arrondissement, kept as printed.
    if (locality.country === 'GB') {
      postcode = locality.district;
      city = locality.district.city;
    } else {
      city ??= `${locality.district.city} ${locality.district.postal_code}`;
    }
  }
  if (!postcode && !(city && locality.country)) return undefined;
  const address: PostalAddress = { line1: streetParts[0]!.trim() };
  if (streetParts.length > 1) address.line2 = streetParts.slice(1).map((p) => p.trim()).join(', ');
  if (city) address.city = city;
  if (postcode?.subdivision) address.subdivision = postcode.subdivision;
  if (postcode) address.postal_code = postcode.postal_code;
  const country = locality.country ?? postcode?.country_code;
  if (country) address.country_code = country;
  return address;
}
