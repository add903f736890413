import { describe, expect, it } from 'vitest';
import { describeFiling } from '../../../activities/businesses/registries/companies-house/companies-house.mapper.js';
import { ownershipLowerBound, pscHolderType } from '../../../activities/businesses/registries/companies-house/psc-ownership.js';

describe('ownershipLowerBound', () => {
  it.each([
    [['ownership-of-shares-25-to-50-percent'], 25],
    [['ownership-of-shares-50-to-75-percent', 'voting-rights-50-to-75-percent'], 50],
    [['ownership-of-shares-75-to-100-percent'], 75],
    [['ownership-of-shares-25-to-50-percent-as-trust', 'ownership-of-shares-50-to-75-percent-as-firm'], 50],
    [['right-to-share-surplus-assets-75-to-100-percent-limited-liability-partnership'], 75],
    [['ownership-of-shares-more-than-25-percent-registered-overseas-entity'], 25],
  ])('reads %j as %i', (natures, expected) => {
    expect(ownershipLowerBound(natures)).toBe(expected);
  });

  it.each([[['voting-rights-75-to-100-percent']], [['significant-influence-or-control']], [['right-to-appoint-and-remove-directors']], [[]]])(
    'finds no ownership in %j',
    (natures) => {
      expect(ownershipLowerBound(natures)).toBeNull();
    },
  );

  it('finds none when natures are missing', () => {
    expect(ownershipLowerBound(undefined)).toBeNull();
  });
});

describe('pscHolderType', () => {
  it.each([
    ['individual-person-with-significant-control', 'individual'],
    ['corporate-entity-person-with-significant-control', 'corporate'],
    ['legal-person-person-with-significant-control', 'legal_person'],
    ['super-secure-person-with-significant-control', 'undisclosed'],
    ['individual-beneficial-owner', 'individual'],
  ])('%s is %s', (kind, expected) => {
    expect(pscHolderType(kind)).toBe(expected);
  });
});

describe('describeFiling', () => {
  it('fills a known template from description_values', () => {
    expect(describeFiling({ description: 'accounts-with-accounts-type-full', description_values: { made_up_date: '2024-12-31' } })).toBe(
      'Full accounts made up to 2024-12-31',
    );
  });

  it('falls back to the readable key when a template value is missing', () => {
    expect(describeFiling({ description: 'accounts-with-accounts-type-full', description_values: {} })).toBe('Accounts with accounts type full');
  });

  it('appends the made-up date to an unknown key', () => {
    expect(describeFiling({ description: 'accounts-with-accounts-type-interim', description_values: { made_up_date: '2024-06-30' } })).toBe(
      'Accounts with accounts type interim (made up to 2024-06-30)',
    );
  });

  it('uses the free text of legacy filings', () => {
    expect(describeFiling({ description: 'legacy', type: '288a', description_values: { description: 'New director appointed' } })).toBe('New director appointed');
  });
});
