import { describe, expect, it } from 'vitest';
import { addressSimilarity, companyNameCore, pickBestMatch } from '../../../activities/businesses/registries/open-corporates/company-name-match.js';

describe('companyNameCore', () => {
  it.each([
    ['Acme Widgets, Inc.', 'acme widgets'],
    ['ACME WIDGETS INC', 'acme widgets'],
    ['Acme Widgets Incorporated', 'acme widgets'],
    ['The Acme Widgets Company', 'acme widgets'],
    ['Acme Widgets L.L.C.', 'acme widgets'],
    ['Acme Widgets L L C', 'acme widgets'],
    ['Acme Widgets Co., Inc.', 'acme widgets'],
    ['Smith & Jones LLP', 'smith and jones'],
    ['Café Élan Corp', 'cafe elan'],
  ])('reduces %s to %s', (name, core) => {
    expect(companyNameCore(name)).toBe(core);
  });

  it('keeps a name made only of a legal-form word', () => {
    expect(companyNameCore('Company')).toBe('company');
  });

  it('keeps distinctive words that differ', () => {
    expect(companyNameCore('Acme Widgets Holdings LLC')).not.toBe(companyNameCore('Acme Widgets Inc'));
  });
});

describe('addressSimilarity', () => {
  it('matches abbreviations and ZIP+4 against the 5-digit ZIP', () => {
    expect(addressSimilarity('100 Main Street, San Francisco, CA 94105-1234', '100 MAIN ST, SAN FRANCISCO, CA, 94105')).toBe(1);
  });

  it('scores the share of the given words found', () => {
    expect(addressSimilarity('1 Elm Road Dallas', '500 ELM ST, DALLAS, TX')).toBe(0.5);
    expect(addressSimilarity('', 'anything')).toBe(0);
  });
});

describe('pickBestMatch', () => {
  const candidates = [
    { name: 'Acme Widgets Holdings LLC', address: '1209 Orange St Wilmington DE', active: true, branch: false },
    { name: 'Acme Widgets Inc', address: '500 Elm St Dallas TX', active: false, branch: false },
    { name: 'ACME WIDGETS, INC.', address: '100 Main St San Francisco CA', active: true, branch: true },
    { name: 'Acme Widgets Incorporated', address: '1 Other Road Boston MA', active: true, branch: false },
  ];

  it('ignores names that differ after normalisation', () => {
    expect(pickBestMatch({ name: 'Acme Gizmos' }, candidates)).toBe(-1);
  });

  it('prefers the best address agreement', () => {
    expect(pickBestMatch({ name: 'Acme Widgets Inc', address: '500 Elm Street, Dallas, TX' }, candidates)).toBe(1);
    expect(pickBestMatch({ name: 'Acme Widgets Inc', address: '100 Main Street, San Francisco' }, candidates)).toBe(2);
  });

  it('without address agreement prefers an active home registration', () => {
    expect(pickBestMatch({ name: 'Acme Widgets Inc', address: 'Nowhere Lane' }, candidates)).toBe(3);
    expect(pickBestMatch({ name: 'Acme Widgets Inc' }, candidates)).toBe(3);
  });
});
