import { describe, expect, it } from 'vitest';
import { isLegalForm, stripLegalForms } from '../../../activities/screening/matching/legal-forms.js';
import { tokenizeOrganisationName } from '../../../activities/screening/matching/name-tokenizer.js';

const core = (name: string) => tokenizeOrganisationName(name).map((t) => t.folded).join(' ');

describe('legal forms', () => {
  it('strips forms at the end, repeatedly', () => {
    expect(stripLegalForms(['acme', 'co', 'ltd'])).toEqual({ core: ['acme'], forms: ['co ltd'] });
    expect(stripLegalForms(['acme', 'trading', 'sdn', 'bhd']).core).toEqual(['acme', 'trading']);
  });
  it('strips leading forms only where they stand first', () => {
    expect(stripLegalForms(['ooo', 'romashka']).core).toEqual(['romashka']);
    expect(stripLegalForms(['sa', 'holdings']).core).toEqual(['sa', 'holdings']);
  });
  it('never strips the whole name', () => {
    expect(stripLegalForms(['limited']).core).toEqual(['limited']);
    expect(isLegalForm(['s', 'de', 'rl'])).toBe(true);
  });
  it('makes local variants compare equal', () => {
    const forms = ['Acme LLC', 'ACME L.L.C.', 'Acme Limited', 'ООО Акме', 'Acme GmbH', 'Acme S.A. de C.V.', 'Acme S.A.R.L.', 'Acme Pty Ltd', 'Acme PJSC', 'Acme SpA', 'Acme KG'];
    const cores = new Set(forms.map(core));
    expect(cores.size).toBe(2); // ООО Акме transliterates to "akme"
    expect(cores).toContain('acme');
    expect(cores).toContain('akme');
  });
  it('splits a legal form typed without its space', () => {
    expect(core('WHALE SHIPPINGLTD.')).toBe('whale shipping');
  });
});

describe('damaged legal forms', () => {
  it.each([
    [['hanley', 'ldimited'], ['hanley']],
    [['public', 'joint', 'stock', 'comhany', 'rosbank'], ['rosbank']],
    [['innfocus', 'limitedliability', 'company'], ['innfocus']],
    [['publicjoint', 'stock', 'company', 'amursky'], ['amursky']],
  ])('%j strips to %j', (tokens, core) => {
    expect(stripLegalForms(tokens).core).toEqual(core);
  });

  it('never turns a name word into a legal form', () => {
    expect(stripLegalForms(['limites', 'trading']).core).toEqual(['limites', 'trading']);
    expect(stripLegalForms(['compass', 'holdings']).core).toEqual(['compass', 'holdings']);
    expect(stripLegalForms(['limitedx']).core).toEqual(['limitedx']);
  });
});
