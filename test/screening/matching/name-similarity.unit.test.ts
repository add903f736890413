import { describe, expect, it } from 'vitest';
import { compareNames, type ScoringToken } from '../../../activities/screening/matching/name-similarity.js';
import { tokenizeOrganisationName, tokenizePersonName, tokenizePersonQuery } from '../../../activities/screening/matching/name-tokenizer.js';
import { makeTokenInfo } from '../../../activities/screening/matching/token-vocabulary.js';

const toScoring = (raw: ReturnType<typeof tokenizePersonName>): ScoringToken[] => raw.map((t) => ({ ...t, info: makeTokenInfo(t.folded) }));
const person = (first: string, last: string, listed: string) => compareNames(toScoring(tokenizePersonQuery(first, last)), toScoring(tokenizePersonName({ full: listed })), false);
const org = (q: string, listed: string) => compareNames(toScoring(tokenizeOrganisationName(q)), toScoring(tokenizeOrganisationName(listed)), true);

describe('compareNames', () => {
  it('scores the same name 1 with exact_name', () => {
    expect(person('Vladimir', 'Putin', 'Vladimir Putin')).toEqual({ score: 1, kinds: ['exact_name'] });
  });
  it('accepts surname-first listings and a missing patronymic with little loss', () => {
    const r = person('Vladimir', 'Putin', 'PUTIN, Vladimir Vladimirovich');
    expect(r.score).toBeGreaterThan(0.9);
  });
  it('flags swapped fields as name_reordered', () => {
    const r = person('Putin', 'Vladimir', 'Vladimir Putin');
    expect(r.score).toBeGreaterThan(0.95);
    expect(r.kinds).toContain('name_reordered');
  });
  it('matches hyphenated, spaced and glued forms', () => {
    const r = person('Jeanpierre', 'Dupont', 'Jean-Pierre Dupont');
    expect(r.score).toBeGreaterThan(0.9);
    expect(r.kinds).toContain('name_compound');
    expect(org('ALQAEDA', 'AL QAEDA').score).toBeGreaterThan(0.95);
  });
  it('matches initials at a lower score', () => {
    const r = person('J.', 'Smith', 'John Smith');
    expect(r.kinds).toContain('initials');
    expect(r.score).toBeGreaterThan(0.8);
    expect(r.score).toBeLessThan(0.95);
  });
  it('keeps a different given name well below a match', () => {
    expect(person('Maria', 'Putina', 'Vladimir Putin').score).toBeLessThan(0.6);
    expect(person('John', 'Doe', 'John Smith').score).toBeLessThan(0.6);
  });
  it('ignores legal forms in company names', () => {
    expect(org('Anglo Caribbean Company Limited', 'ANGLO-CARIBBEAN CO., LTD.').score).toBeGreaterThan(0.95);
  });
  it('matches Arabic script against its Latin listing', () => {
    const r = person('صدام', 'حسين', 'SADDAM HUSSEIN');
    expect(r.score).toBeGreaterThan(0.85);
    expect(r.kinds).toContain('transliteration');
  });
  it('matches a name field holding only a particle against the listed particle (El / EL HIELERO)', () => {
    expect(person('El', 'Hielero', 'EL HIELERO')).toEqual({ score: 1, kinds: ['exact_name'] });
    expect(person('Abu', 'Hafs', 'ABU HAFS')).toEqual({ score: 1, kinds: ['exact_name'] });
  });
  it('does not take a short Asian name for a particle of the same spelling (Do / de)', () => {
    expect(person('Do', 'Tran', 'DE TRAN').score).toBeLessThan(0.8);
  });
  it('leaves out the match kinds, never the score, of a name below the floor search gives', () => {
    const query = toScoring(tokenizePersonQuery('Jeanpierre Henri', 'Dupont'));
    const listed = toScoring(tokenizePersonName({ full: 'Jean-Pierre DUPONT' }));
    const full = compareNames(query, listed, false);
    expect(full.kinds).toEqual(expect.arrayContaining(['name_compound', 'partial_name']));
    // Above the floor: the same answer; below it: the same score, no kinds.
    expect(compareNames(query, listed, false, undefined, full.score - 0.01)).toEqual(full);
    expect(compareNames(query, listed, false, undefined, full.score + 0.01)).toEqual({ score: full.score, kinds: [] });
  });
  it('takes a pair scoring NaN for no pair', () => {
    // compareNames keeps its word pairs in records of its own, filtered by the pair score: a NaN from a
    // similarity callback must be dropped as it always was, not paired and carried into the coverage.
    const query = toScoring(tokenizePersonQuery('Ivan Ivan', 'Petrov'));
    const listed = toScoring(tokenizePersonName({ full: 'Ivan Petrov Ivanov' }));
    // A NaN where nothing else pairs the two words: it must leave them unmatched, not poison the score.
    const lone = [[Number.NaN, 0, 0], [0, 1, 0], [0, 0, 1]];
    const nan = compareNames(query, listed, false, (qi, l) => ({ score: lone[qi]?.[listed.indexOf(l)] ?? 0, kind: 'fuzzy_name' }));
    const zero = compareNames(query, listed, false, (qi, l) => ({ score: qi === 0 && listed.indexOf(l) === 0 ? 0 : (lone[qi]?.[listed.indexOf(l)] ?? 0), kind: 'fuzzy_name' }));
    expect(Number.isNaN(nan.score)).toBe(false);
    expect(nan).toEqual(zero);
  });
});
