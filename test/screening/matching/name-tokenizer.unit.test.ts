import { describe, expect, it } from 'vitest';
import { Role, tokenizePersonName, tokenizePersonQuery } from '../../../activities/screening/matching/name-tokenizer.js';
import { splitArabicCompound } from '../../../activities/screening/matching/name-particles.js';

const simple = (tokens: ReturnType<typeof tokenizePersonName>) => tokens.map((t) => `${t.folded}:${t.role}${t.particle ? 'p' : ''}`).join(' ');

describe('person name tokenizer', () => {
  it('reads "LAST, First Middle"', () => {
    expect(simple(tokenizePersonName({ full: 'PUTIN, Vladimir Vladimirovich' }))).toBe(`putin:${Role.Surname} vladimir:${Role.Given} vladimirovich:${Role.Middle}`);
  });
  it('reads a plain full name as given ... surname', () => {
    expect(simple(tokenizePersonName({ full: 'John Michael Smith' }))).toBe(`john:${Role.Given} michael:${Role.Middle} smith:${Role.Surname}`);
  });
  it('uses separate parts when the source gives them', () => {
    expect(simple(tokenizePersonName({ full: 'x', first: 'Pablo Emilio', last: 'Escobar Gaviria' })))
      .toBe(`pablo:${Role.Given} emilio:${Role.Middle} escobar:${Role.Surname} gaviria:${Role.Surname2}`);
  });
  it('drops titles and marks particles', () => {
    expect(simple(tokenizePersonQuery('Dr. Abu Bakr', 'al-Baghdadi'))).toBe(`abu:${Role.Middle}p bakr:${Role.Given} al:${Role.Surname2}p baghdadi:${Role.Surname}`);
  });
  it('reads "ben" before another word of the name as the particle (son of) anywhere but at the start of the name', () => {
    const ben = (tokens: ReturnType<typeof tokenizePersonName>) => tokens.find((t) => t.folded === 'ben' || t.folded === 'bin');
    expect(ben(tokenizePersonQuery('Usama', 'ben Laden'))).toMatchObject({ folded: 'bin', particle: true });
    expect(ben(tokenizePersonQuery('Usama ben', 'Laden'))).toMatchObject({ folded: 'bin', particle: true });
    expect(ben(tokenizePersonName({ full: 'Usama ben Laden' }))).toMatchObject({ folded: 'bin', particle: true });
    expect(ben(tokenizePersonName({ full: 'BEN ALI, Zine El Abidine' }))).toMatchObject({ folded: 'bin', particle: true });
    // A given name Ben, or a surname Ben, stays a name.
    expect(ben(tokenizePersonQuery('Ben', 'Smith'))).toMatchObject({ folded: 'ben', particle: false });
    expect(ben(tokenizePersonQuery('Ben David', 'Smith'))).toMatchObject({ folded: 'ben', particle: false });
    expect(ben(tokenizePersonName({ full: 'Ben Smith' }))).toMatchObject({ folded: 'ben', particle: false });
    expect(ben(tokenizePersonQuery('', 'Ben Smith'))).toMatchObject({ folded: 'ben', particle: false });
    expect(ben(tokenizePersonQuery('Anna', 'Ben'))).toMatchObject({ folded: 'ben', particle: false });
    // A field of one word stays a word (a list's middle name OULD or BEN meets the particle through particleMatch).
    expect(ben(tokenizePersonName({ full: 'x', first: 'Usama', middle: 'ben', last: 'Laden' }))).toMatchObject({ folded: 'ben', particle: false });
  });
  it('keeps title-like given names such as Don', () => {
    expect(tokenizePersonQuery('Don', 'Young').map((t) => t.folded)).toEqual(['don', 'young']);
  });
});

describe('Arabic compounds', () => {
  it('splits abd- and -uddin compounds like their spaced spellings', () => {
    expect(splitArabicCompound('abdulrahman')).toEqual(['abdul', 'rahman']);
    expect(splitArabicCompound('abdurrahman')).toEqual(['abdur', 'rahman']);
    expect(splitArabicCompound('bashiruddin')).toEqual(['bashir', 'al', 'din']);
    expect(splitArabicCompound('abdullah')).toEqual(['abdullah']);
    expect(splitArabicCompound('smith')).toEqual(['smith']);
  });
});
