import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeAddressDocument } from '../../../activities/identity/documents/processing/address/address-document.analyzer.js';
import { classifyAddressDocument } from '../../../activities/identity/documents/processing/address/address-document.classifier.js';
import { findHolderName } from '../../../activities/identity/documents/processing/address/holder-name.matcher.js';
import { addressMatches } from '../../../activities/identity/documents/processing/address/address-match.js';
import { findPostalAddress } from '../../../activities/identity/documents/processing/address/postal-address.finder.js';

const now = new Date('2026-03-20T12:00:00Z');
const text = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../fixtures/identity/address-texts', name), 'utf8');

describe('classifying proof-of-address documents', () => {
  it.each([
    ['uk-energy-bill.txt', 'utility_bill'],
    ['fr-facture-electricite.txt', 'utility_bill'],
    ['de-kontoauszug.txt', 'bank_statement'],
    ['us-bank-statement.txt', 'bank_statement'],
    ['uk-hmrc-letter.txt', 'tax_letter'],
    ['generic-letter.txt', 'other'],
  ])('classifies %s as %s', (file, type) => {
    expect(classifyAddressDocument(text(file)).type).toBe(type);
  });

  it('classifies by distinctive words in other languages', () => {
    expect(classifyAddressDocument('Ihre Stromrechnung, Zählerstand 4512').type).toBe('utility_bill');
    expect(classifyAddressDocument('Estratto conto, saldo finale 1.200 EUR').type).toBe('bank_statement');
    expect(classifyAddressDocument('Agencia Tributaria - Declaración de la Renta').type).toBe('tax_letter');
  });
});

describe('matching the holder name', () => {
  const lines = ['BRIGHTWATER ENERGY', 'MR JOHN PAUL SMITH', '14 Kingfisher Road'];

  it('matches regardless of case, order, accents, titles and middle names', () => {
    expect(findHolderName(lines, { first: 'John', last: 'Smith' })).toEqual({ name: { first: 'JOHN', middle: 'PAUL', last: 'SMITH' }, line: 1, matchesExpected: true });
    expect(findHolderName(['Smith, John'], { first: 'john', last: 'SMITH' })?.matchesExpected).toBe(true);
    expect(findHolderName(['Herr Jan-Peter Muller'], { first: 'Jan-Peter', last: 'Müller' })?.name).toEqual({ first: 'Jan-Peter', last: 'Muller' });
    expect(findHolderName(['J. Smith'], { first: 'John', last: 'Smith' })?.matchesExpected).toBe(true);
    expect(findHolderName(['Carlos García'], { first: 'Carlos', last: 'Garcia Lopez' })?.matchesExpected).toBe(true);
  });

  it('does not match another person with the same surname, and reports who is named instead', () => {
    expect(findHolderName(['Mrs Jane Smith'], { first: 'John', last: 'Smith' })).toEqual({ name: { first: 'Jane', last: 'Smith' }, line: 0, matchesExpected: false });
    expect(findHolderName(['Total 12.00'], { first: 'John', last: 'Smith' })).toBeUndefined();
  });
});

describe('finding the postal address', () => {
  it('reads UK, US, French, German and Dutch address blocks beside other columns', () => {
    const uk = findPostalAddress(['Mr John Smith            Account number: 12', '14 Kingfisher Road       Bill date: 3 March 2026', 'LONDON N7 8QT']);
    expect(uk?.address).toEqual({ line1: '14 Kingfisher Road', city: 'LONDON', postal_code: 'N7 8QT', country_code: 'GB' });
    expect(findPostalAddress(text('us-bank-statement.txt').split('\n'))?.address).toEqual({ line1: '221 Maple Avenue', line2: 'Apt 4B', city: 'Springfield', subdivision: 'IL', postal_code: '62704', country_code: 'US' });
    expect(findPostalAddress(['   12 rue de la Paix', '   75002 Paris'])?.address).toEqual({ line1: '12 rue de la Paix', city: 'Paris', postal_code: '75002' });
    expect(findPostalAddress(['Hauptstraße 5', '10115 Berlin'])?.address).toEqual({ line1: 'Hauptstraße 5', city: 'Berlin', postal_code: '10115' });
    expect(findPostalAddress(['Keizersgracht 123', '1015 CJ Amsterdam'])?.address).toMatchObject({ postal_code: '1015 CJ', city: 'Amsterdam', country_code: 'NL' });
  });

  it('needs a street line above the postcode', () => {
    expect(findPostalAddress(['HM Revenue & Customs', 'BX9 1AS'])).toBeUndefined();
    expect(findPostalAddress(['Total 2026 March'])).toBeUndefined();
  });

  it('compares addresses by postcode, house number and street words', () => {
    const found = { line1: '14 Kingfisher Rd', postal_code: 'n78qt' };
    expect(addressMatches(found, { line1: '14 Kingfisher Road', postal_code: 'N7 8QT' })).toBe(true);
    expect(addressMatches(found, { line1: '16 Kingfisher Road', postal_code: 'N7 8QT' })).toBe(false);
    expect(addressMatches(found, { line1: '14 Kingfisher Road', postal_code: 'N7 8QA' })).toBe(false);
    expect(addressMatches({ line1: 'Hauptstr. 5', postal_code: '10115' }, { line1: 'Hauptstraße 5', postal_code: '10115' })).toBe(true);
  });
});

describe('analyzeAddressDocument', () => {
  it('accepts a recent utility bill in the account holder\'s name at the account address', () => {
    const result = analyzeAddressDocument(text('uk-energy-bill.txt'), {
      now,
      expectedName: { first: 'John', last: 'Smith' },
      expectedAddress: { line1: '14 Kingfisher Road', postal_code: 'N7 8QT' },
    });
    expect(result).toEqual({
      classification_type: 'utility_bill',
      name: { first: 'John', middle: 'Paul', last: 'Smith' },
      issue_date: '2026-03-03',
      address: { line1: 'Flat 2', line2: '14 Kingfisher Road', city: 'LONDON', postal_code: 'N7 8QT', country_code: 'GB' },
      document_number: '8472 1190 33',
      issuing_authority: 'Brightwater Energy Ltd',
      is_valid: true,
      reasoning: ['recognised as a utility bill', 'name matches the account', 'issued within the last 3 months', 'address matches the account'],
    });
  });

  it('rejects a document issued more than three months ago', () => {
    const result = analyzeAddressDocument(text('uk-hmrc-letter.txt'), { now: new Date('2026-04-01T00:00:00Z'), expectedName: { first: 'Emily', last: 'Jones' } });
    expect(result.is_valid).toBe(false);
    expect(result.reasoning).toContain('issued 2025-12-20, more than 3 months ago');
    expect(result.classification_type).toBe('tax_letter');
  });

  it('rejects a document in someone else\'s name, or of no recognised kind', () => {
    const otherName = analyzeAddressDocument(text('fr-facture-electricite.txt'), { now, expectedName: { first: 'Paul', last: 'Martin' } });
    expect(otherName.is_valid).toBe(false);
    expect(otherName.reasoning).toContain('name on the document (Marie Claire Dupont) does not match the account');
    const letter = analyzeAddressDocument(text('generic-letter.txt'), { now, expectedName: { first: 'John', last: 'Smith' } });
    expect(letter.is_valid).toBe(false);
    expect(letter.reasoning[0]).toBe('not a recognised proof of address (utility bill, bank statement or tax letter)');
  });

  it('rejects a document whose address differs from the account address', () => {
    const result = analyzeAddressDocument(text('de-kontoauszug.txt'), { now, expectedName: { first: 'Jan-Peter', last: 'Müller' }, expectedAddress: { line1: 'Hauptstraße 7', postal_code: '10115' } });
    expect(result.name).toEqual({ first: 'Jan-Peter', last: 'Müller' });
    expect(result.issue_date).toBe('2026-03-02');
    expect(result.reasoning).toEqual(['recognised as a bank statement', 'name matches the account', 'issued within the last 3 months', 'address does not match the account']);
    expect(result.is_valid).toBe(false);
  });

  it('reads a US statement with month-first dates', () => {
    const result = analyzeAddressDocument(text('us-bank-statement.txt'), { now, expectedName: { first: 'Priya', last: 'Sharma' }, dateOrder: 'MDY' });
    expect(result).toMatchObject({ classification_type: 'bank_statement', issue_date: '2026-02-27', document_number: '000123456789', is_valid: true });
  });
});
