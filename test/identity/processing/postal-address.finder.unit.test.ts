import { describe, expect, it } from 'vitest';
import { analyzeAddressDocument } from '../../../activities/identity/documents/processing/address/address-document.analyzer.js';
import { addressMatches } from '../../../activities/identity/documents/processing/address/address-match.js';
import { countryCodeOf } from '../../../activities/identity/documents/processing/address/country-names.js';
import { findPostalAddress, searchPostalAddress } from '../../../activities/identity/documents/processing/address/postal-address.finder.js';

const now = new Date('2026-03-20T12:00:00Z');
const found = (text: string) => findPostalAddress(text.split('\n'))?.address;

describe('addresses printed on one line', () => {
  it('reads street, flat, town with a UK district code and the country code', () => {
    expect(found('1 Main St, Apt 2, London W1, GB')).toEqual({ line1: '1 Main St', line2: 'Apt 2', city: 'London', postal_code: 'W1', country_code: 'GB' });
  });

  it('reads full postcodes and country names in the languages of the documents', () => {
    expect(found('Flat 3, 221 Baker Street, London NW1 6XE, United Kingdom')).toEqual({ line1: 'Flat 3', line2: '221 Baker Street', city: 'London', postal_code: 'NW1 6XE', country_code: 'GB' });
    expect(found('12 rue de la Paix, 75002 Paris, France')).toEqual({ line1: '12 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' });
    expect(found('Hauptstraße 5, 10115 Berlin, Deutschland')).toMatchObject({ line1: 'Hauptstraße 5', postal_code: '10115', country_code: 'DE' });
    expect(found('Calle Mayor 10, 28013 Madrid, España')).toMatchObject({ postal_code: '28013', city: 'Madrid', country_code: 'ES' });
    expect(found('Via Roma 3, 00184 Roma, Italia')).toMatchObject({ postal_code: '00184', country_code: 'IT' });
    expect(found('Keizersgracht 123, 1015 CJ Amsterdam, Nederland')).toMatchObject({ postal_code: '1015 CJ', city: 'Amsterdam', country_code: 'NL' });
    expect(found('Rua Augusta 100, 1100-053 Lisboa, Portugal')).toMatchObject({ postal_code: '1100-053', city: 'Lisboa', country_code: 'PT' });
    expect(found('221 Maple Avenue, Apt 4B, Springfield, IL 62704, USA')).toEqual({ line1: '221 Maple Avenue', line2: 'Apt 4B', city: 'Springfield', subdivision: 'IL', postal_code: '62704', country_code: 'US' });
  });

  it('takes a town and a country without a postcode, but not a town alone', () => {
    expect(found('5 Main Street, Dublin 2, Ireland')).toEqual({ line1: '5 Main Street', city: 'Dublin 2', country_code: 'IE' });
    expect(found('1 Main St, Apt 2, London W1')).toBeUndefined();
  });
});

describe('addresses printed over several lines', () => {
  it('reads the block with the country on its own line, as a name or a code', () => {
    expect(found('Mr John Smith\n221 Baker Street\nLondon NW1 6XE\nUnited Kingdom')).toEqual({ line1: '221 Baker Street', city: 'London', postal_code: 'NW1 6XE', country_code: 'GB' });
    expect(found('Mme Marie Dupont\n12 rue de la Paix\n75002 Paris\nFRA')).toMatchObject({ line1: '12 rue de la Paix', country_code: 'FR' });
    expect(found('Herrn Max Muster\nHauptstr. 5\n\n10115 Berlin\nDeutschland')).toMatchObject({ line1: 'Hauptstr. 5', city: 'Berlin', country_code: 'DE' });
  });

  it('prefers the holder\'s address to the letterhead\'s', () => {
    const letter = ['Brightwater Energy Ltd, 2 Station Road, Leeds LS1 9XX', '', 'Mr John Smith', '14 Kingfisher Road', 'LONDON N7 8QT'];
    expect(findPostalAddress(letter, { holderLine: 2 })?.address).toMatchObject({ line1: '14 Kingfisher Road' });
    // Without knowing the holder, an address printed over several lines is taken over a one-line one.
    expect(findPostalAddress(letter)?.address).toMatchObject({ line1: '14 Kingfisher Road' });
  });
});

describe('saying why no address was found', () => {
  it('names what was missing', () => {
    expect(searchPostalAddress(['HM Revenue & Customs', 'BX9 1AS']).reason).toBe('a postcode was found ("BX9 1AS") but no street line with a house number before it');
    expect(searchPostalAddress(['Mr John Smith', '14 Kingfisher Road', 'Thank you']).reason).toBe('a street line was found ("14 Kingfisher Road") but no postcode, or town and country, with it');
    expect(searchPostalAddress(['Dear customer, thank you.']).reason).toBe('no street line with a house number, and no postcode, in the text');
  });

  it('gives the reason in the document\'s reasoning', () => {
    const result = analyzeAddressDocument('Brightwater Energy Ltd\nElectricity bill\nBill date: 3 March 2026\nMr John Smith\n14 Kingfisher Road', { now });
    expect(result.reasoning).toContain('no address found: a street line was found ("14 Kingfisher Road") but no postcode, or town and country, with it');
  });

  it('accepts a plainly printed bill with its address on one line', () => {
    const bill = 'Brightwater Energy Ltd\nElectricity bill\nBill date: 3 March 2026\nMr John Smith\n1 Main St, Apt 2, London W1, GB\nTotal amount due £60.20';
    const result = analyzeAddressDocument(bill, { now, expectedName: { first: 'John', last: 'Smith' }, expectedAddress: { line1: '1 Main Street' } });
    expect(result.address).toEqual({ line1: '1 Main St', line2: 'Apt 2', city: 'London', postal_code: 'W1', country_code: 'GB' });
    expect(result.is_valid).toBe(true);
  });
});

describe('countries', () => {
  it('recognises codes in capitals and names in several languages, and nothing else', () => {
    expect(['GB', 'GBR', 'UK', 'Royaume-Uni', 'Vereinigtes Königreich', 'ESPAÑA', 'Países Bajos', 'Schweiz', 'Belgique'].map(countryCodeOf)).toEqual(['GB', 'GB', 'GB', 'GB', 'GB', 'ES', 'NL', 'CH', 'BE']);
    expect(['it', 'London', 'XY', 'Main Street'].map(countryCodeOf)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('matches an account address without a postcode by its street', () => {
    expect(addressMatches({ line1: '1 Main St', line2: 'Apt 2', city: 'London', country_code: 'GB' }, { line1: '1 Main Street', postal_code: 'W1A 1AA' })).toBe(true);
    expect(addressMatches({ line1: '3 Main St', country_code: 'GB' }, { line1: '1 Main Street' })).toBe(false);
  });
});
