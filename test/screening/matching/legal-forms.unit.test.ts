import { describe, expect, it } from 'vitest';
import { isLegalForm, stripLegalForms } from '../../../activities/screening/matching/legal-forms.js';
import { tokenizeOrganisationName } from '../../../activities/screening/matching/name-tokenizer.js';

const core = (name: string) => tokenizeOrganisationName(name).map((t) => t.folded).join(' ');

describe('legal forms', () => {
  it('strips forms at the end, repeatedly', () => {
    expect(stripLegalForms(['acme', 'co', 'ltd'])).toEqual({ core: ['acme'], forms: ['co ltd'] });
    expect(stripLegalForms(['acme', 'trading', 'sdn', 'bhd']).core).toEqual(['acme', 'trading']);
  });
  it('strips stacked forms whichever way they overlap (matcher 2026.11.10)', () => {
    // "company ltd" is a form too: taken first, it left "public joint stock" in the name.
    expect(core('ODK-SATURN PUBLIC JOINT-STOCK COMPANY Ltd')).toBe('odk saturn');
    expect(core('SOVCOMFLOT JOINT STOCK COMPANY LIMITED')).toBe('sovcomflot');
    // "y cia" and "ltda", not "cia ltda" leaving a stray "y".
    expect(stripLegalForms(['ramirez', 'y', 'cia', 'ltda'])).toEqual({ core: ['ramirez'], forms: ['y cia', 'ltda'] });
    // One form at the end still reads as before.
    expect(stripLegalForms(['acme', 'company', 'ltd'])).toEqual({ core: ['acme'], forms: ['company ltd'] });
  });
  it('reads a name of many stacked forms once per run of words, not once per way of reading it', () => {
    // Trying every reading afresh took 31 s with 20 pairs (the review) and grows about twofold with each
    // pair more: 30 pairs never end within the suite's time limit.
    expect(stripLegalForms(['x', ...Array.from({ length: 30 }, () => ['company', 'ltd']).flat()]).core).toEqual(['x']);
    expect(core('OOO OOO OOO OOO OOO OOO OOO X LTD LTD LTD LTD LTD LTD LTD')).toBe('x');
    expect(core(`X${' Y CIA LTDA'.repeat(10)}`)).toBe('x');
  });
  it('repairs a last-letter typo of LIMITED, one edit from limitee too (matcher 2026.11.11)', () => {
    expect(core('IPM LIMITER')).toBe('ipm');
    expect(core('IPM LIMITEX')).toBe('ipm');
    expect(core('KALA LIMITDE')).toBe('kala');
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

  it.each([
    [['jo1nt', 'stock', 'company', 'strela'], ['strela']],
    [['closed', 'joint', '5tock', 'company', 'energo', 'oil'], ['energo', 'oil']],
    [['limited', 'liability', 'coivipany', 'alfakomponent'], ['alfakomponent']],
    [['biis', 'maritime', 'liiviited'], ['biis', 'maritime']],
    [['joint', 'stck', 'company', 'aerosila'], ['aerosila']],
    [['public', 'jiont', 'stock', 'company', 'astra', 'group'], ['astra', 'group']],
    [['opfn', 'joint', 'stock', 'company', 'neman'], ['neman']],
    [['public', 'joint', 'dstock', 'company', 'bank', 'uralsib'], ['bank', 'uralsib']],
  ])('OCR or one typo in a form of several words: %j strips to %j', (tokens, core) => {
    expect(stripLegalForms(tokens).core).toEqual(core);
  });

  it('needs the rest of a form written as it is, and a short word misspelt only in a form of three words or more', () => {
    // Two damaged words: no longer read as the form.
    expect(stripLegalForms(['jiont', 'stck', 'company', 'aerosila']).core).toEqual(['jiont', 'stck', 'company', 'aerosila']);
    // "ltda" misspelt in a form of two words ("cia ltda"): the name's own word stays.
    expect(stripLegalForms(['acme', 'cia', 'ltdx']).core).toEqual(['acme', 'cia', 'ltdx']);
    // Words of fewer than 4 letters are never taken as damaged form words, on either side.
    expect(stripLegalForms(['acme', 'sdn', 'bxd']).core).toEqual(['acme', 'sdn', 'bxd']);
    expect(stripLegalForms(['acme', 'pen', 'joint', 'stock', 'company']).core).toEqual(['acme', 'pen']);
    expect(stripLegalForms(['aurora', 'sol', 's', 'r', 'o']).core).toEqual(['aurora', 'sol']);
  });

  it('never takes the name\'s own word beside a form for a misspelt form word', () => {
    // Opel is one letter from "open", Point from "joint": beside the name they stay the name's.
    expect(stripLegalForms(['acme', 'opel', 'joint', 'stock', 'company']).core).toEqual(['acme', 'opel']);
    expect(stripLegalForms(['alpha', 'point', 'stock', 'company']).core).toEqual(['alpha', 'point', 'stock', 'company']);
    // Inside the form, or at the name's outer end, one edit still reads as the form's word.
    expect(stripLegalForms(['acme', 'joint', 'stick', 'company']).core).toEqual(['acme']);
    expect(stripLegalForms(['opfn', 'joint', 'stock', 'company', 'neman']).core).toEqual(['neman']);
  });

  it('a word repaired into a form word is the form\'s one damaged word', () => {
    // "cornpany" (OCR rn/m) is repaired; "jiont" would be a second damaged word of the same form.
    expect(stripLegalForms(['jiont', 'stock', 'cornpany', 'aerosila']).core).toEqual(['jiont', 'stock', 'cornpany', 'aerosila']);
    expect(stripLegalForms(['joint', 'stock', 'cornpany', 'aerosila']).core).toEqual(['aerosila']);
  });

  it('never turns a name word into a legal form', () => {
    expect(stripLegalForms(['limites', 'trading']).core).toEqual(['limites', 'trading']);
    expect(stripLegalForms(['compass', 'holdings']).core).toEqual(['compass', 'holdings']);
    expect(stripLegalForms(['limitedx']).core).toEqual(['limitedx']);
  });
});
