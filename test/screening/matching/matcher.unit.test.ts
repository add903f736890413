import { describe, expect, it } from 'vitest';
import type { EntityKind } from '../../../activities/screening/lists/list-entity.js';
import { ALGORITHM_VERSION, buildIndex, DEFAULT_THRESHOLD, IndexBuilder, MATCH_TYPES, search, type IndexedEntity } from '../../../activities/screening/matching/matcher.js';
import { MAX_CANDIDATE_NAMES } from '../../../activities/screening/matching/candidate-generation.js';
import { EntityGroups, lastSearchStats } from '../../../activities/screening/matching/search.js';
import type { MatchIndexData } from '../../../activities/screening/matching/match-index.js';
import { SeededRandom } from '../evaluation/seeded-random.js';

function entity(id: string, kind: EntityKind, names: string[], extra: Partial<IndexedEntity> = {}): IndexedEntity {
  return {
    id, list_slug: 'test', source_id: id, kind,
    names: names.map((full, i) => ({ full, alias_type: i === 0 ? 'primary' : 'aka', strength: i === 0 ? 'primary' : 'strong' })),
    birth_dates: [], countries: [], identifiers: [], programs: [], ...extra,
  };
}

const index = buildIndex([
  entity('putin', 'person', ['PUTIN, Vladimir Vladimirovich', 'Путин Владимир Владимирович'], { birth_dates: [{ year: 1952, month: 10, day: 7, granularity: 'day' }], countries: ['RU'] }),
  entity('putina', 'person', ['PUTINA, Maria']),
  entity('binladin', 'person', ['BIN LADIN, Usama bin Muhammad bin Awad'], {
    names: [
      { full: 'BIN LADIN, Usama bin Muhammad bin Awad', alias_type: 'primary', strength: 'primary' },
      { full: 'ABU ABDALLAH', alias_type: 'Low', strength: 'weak' },
    ],
  }),
  entity('acme', 'organization', ['ACME TRADING LLC'], { identifiers: [{ type: 'registration_number', value: 'HRB 98765' }] }),
  entity('vessel', 'vessel', ['OCEAN STAR']),
]);

describe('matcher public API', () => {
  it('exposes its version, threshold and documented match types', () => {
    expect(ALGORITHM_VERSION).toMatch(/^\d{4}\.\d+\.\d+$/);
    expect(DEFAULT_THRESHOLD).toBeGreaterThan(0.5);
    expect(MATCH_TYPES).toContain('exact_name');
    expect(index.size).toBe(5);
  });

  it('finds a person with variations and ranks by score', () => {
    const hits = search(index, { kind: 'person', name_first: 'Vladimr', name_last: 'Putin' });
    expect(hits[0]?.entity.id).toBe('putin');
    expect(hits[0]?.match_types).toContain('fuzzy_name');
    expect(hits.every((h, i) => i === 0 || (hits[i - 1]?.score ?? 0) >= h.score)).toBe(true);
  });

  it('finds a person whose "bin" the query writes "ben", in Latin letters or Cyrillic', () => {
    const queries: Array<[string, string]> = [['Usama', 'ben Laden'], ['Usama', 'Ben Ladin'], ['Усама', 'бен Ладен'], ['Usama ben', 'Ladin']];
    for (const [first, last] of queries) {
      expect(search(index, { kind: 'person', name_first: first, name_last: last })[0]?.entity.id, `${first} | ${last}`).toBe('binladin');
    }
  });

  it('finds the original-script alias', () => {
    const hits = search(index, { kind: 'person', name_first: 'Владимир Владимирович', name_last: 'Путин' });
    expect(hits[0]?.entity.id).toBe('putin');
    expect(hits[0]?.matched_name.full).toContain('Путин');
  });

  it('raises with the right birth date and country, removes the hit on a conflicting one', () => {
    const plain = search(index, { kind: 'person', name_first: 'Vladimir', name_last: 'Putin' })[0];
    const exact = search(index, { kind: 'person', name_first: 'Vladimir', name_last: 'Putin', birthdate: '1952-10-07', country_code: 'RU' })[0];
    expect(exact?.score).toBeGreaterThan(plain?.score ?? 1);
    expect(exact?.match_types).toEqual(expect.arrayContaining(['birthdate_exact', 'country']));
    expect(search(index, { kind: 'person', name_first: 'Vladimir', name_last: 'Putin', birthdate: '1975-01-01' })).toEqual([]);
    // A filter, not a penalty: no threshold brings a clearly conflicting entity back as a hit.
    expect(search(index, { kind: 'person', name_first: 'Vladimir', name_last: 'Putin', birthdate: '1975-01-01' }, { threshold: 0 }).map((h) => h.entity.id)).not.toContain('putin');
  });

  it('scores weak aliases lower and says so', () => {
    const hit = search(index, { kind: 'person', name_first: 'Abu', name_last: 'Abdallah' }, { threshold: 0 }).find((h) => h.entity.id === 'binladin');
    expect(hit?.match_types).toContain('weak_alias');
    expect(hit?.score).toBeLessThan(1);
  });

  it('keeps person and business queries to their entity kinds', () => {
    expect(search(index, { kind: 'business', business_name: 'Putin Vladimir' }, { threshold: 0.5 })).toEqual([]);
    expect(search(index, { kind: 'business', business_name: 'Ocean Star' })[0]?.entity.id).toBe('vessel');
    expect(search(index, { kind: 'business', business_name: 'Ocean Star' }, { entityKinds: ['organization'] })).toEqual([]);
  });

  it('matches companies regardless of legal form and on registration number', () => {
    expect(search(index, { kind: 'business', business_name: 'Acme Trading Limited' })[0]?.entity.id).toBe('acme');
    const byNumber = search(index, { kind: 'business', business_name: 'Totally Different GmbH', registration_number: 'hrb98765' })[0];
    expect(byNumber?.entity.id).toBe('acme');
    expect(byNumber?.match_types).toContain('registration_number');
  });

  it('honours threshold and limit', () => {
    expect(search(index, { kind: 'person', name_first: 'Vladimir', name_last: 'Putin' }, { threshold: 0.3, limit: 1 })).toHaveLength(1);
    expect(search(index, { kind: 'person', name_first: 'John', name_last: 'Smith' })).toEqual([]);
  });

  it('builds the same index incrementally', () => {
    const builder = new IndexBuilder();
    builder.add(entity('a', 'person', ['Jean-Pierre Dupont']));
    const built = builder.build();
    expect(search(built, { kind: 'person', name_first: 'Jean Pierre', name_last: 'Dupont' })[0]?.entity.id).toBe('a');
  });
  it('scores each listed name on its own words, however names of one length follow each other', () => {
    // Names of the same length are read into the same reused token records (search.ts
    // ListedTokenScratch). Here names of one length whose words differ in kind at the same place
    // (particle, role, script, abjad, vowelless romanization) follow each other in one index, and
    // every query's hits must be those of the same names indexed one by one, where each read is of
    // the one name and a record left stale by the name before cannot occur.
    const names = [
      'Ivan Sergeyevich Petrov', 'Awad al Badri', 'PETROV, Ivan Sergeyevich', 'Петров Иван Сергеевич', 'عواد البدري ابراهيم', 'brhym wd lbdry',
      'Abu Bakr al-Baghdadi', 'Ibrahim Awad Ibrahim', 'IBRAHIM, Awad', 'إبراهيم عواد', 'mHmd rswl', 'Abu Duaa', 'Ivan Petrov', 'Ибрагим Бадри',
      'Bakr Ibrahim Petrov', 'Nur al-Din al-Dibiski', 'Bashir ud Din', 'Jean-Pierre Dupont',
    ];
    const listed = names.map((full, i) => entity(`e${i}`, 'person', [full]));
    const together = buildIndex(listed);
    const one = listed.map((e) => buildIndex([e]));
    const queries = [
      ...names.map((full) => full.replace(',', '').split(/\s+/)),
      ['Awad', 'Al-Badri'], ['Ibrahim', 'Petrov'], ['Ибрагим', 'Бадри'], ['Abu Bakr', 'Baghdadi'], ['Mohammad', 'Rasul'], ['Nuraldin', 'Dibiski'], ['Bashiruddin', 'X'],
    ].map((words) => ({ kind: 'person' as const, name_first: words.slice(0, -1).join(' ') || (words[0] as string), name_last: words.at(-1) as string }));
    const shown = (hits: ReturnType<typeof search>) => hits.map((h) => JSON.stringify([h.entity.id, h.score, h.matched_name.full, h.match_types]));
    let found = 0;
    for (const q of queries) {
      const alone = one.flatMap((index) => shown(search(index, q, { threshold: 0.3 })));
      expect(shown(search(together, q, { threshold: 0.3 })).sort()).toEqual(alone.sort());
      found += alone.length;
    }
    expect(found).toBeGreaterThan(queries.length);
  });
  it('keeps the names a query reaches best when a common word reaches more than it scores', () => {
    // 1,600 namesakes by surname and 2,000 by given name, all indexed before the one person both
    // words reach: the rarer surname is expanded first and reaches the person after its 1,600
    // namesakes, so a cut that kept the first names reached, ranked by anything but how well the
    // query reached them, or kept the worst, would lose the listed person.
    const rng = new SeededRandom(7);
    const letters = 'bcdfgjklmnprstvwxz';
    const word = () => Array.from({ length: 8 }, () => letters[rng.int(letters.length)]).join('');
    const bySurname = Array.from({ length: 1600 }, (_, i) => entity(`s${i}`, 'person', [`${word()} Qadirov`]));
    const byGivenName = Array.from({ length: 2000 }, (_, i) => entity(`g${i}`, 'person', [`Mohammed ${word()}`]));
    const crowded = buildIndex([...bySurname, ...byGivenName, entity('target', 'person', ['Mohammed Qadirov'])]);
    const hits = search(crowded, { kind: 'person', name_first: 'Mohammed', name_last: 'Qadirov' });
    expect(lastSearchStats.touchedNames).toBe(3601);
    expect(lastSearchStats.candidateNames).toBe(MAX_CANDIDATE_NAMES);
    expect(hits.map((h) => [h.entity.id, h.score])).toEqual([['target', 1]]);
  });
  it('weighs every name of an entity a registration number finds, beside the names found by words', () => {
    const reg = [{ type: 'registration_number', value: 'HRB 55501' }];
    const companies = buildIndex([
      entity('byName', 'organization', ['NORTHWIND SHIPPING LLC']),
      entity('both', 'organization', ['ZETA HOLDING AG', 'NORTHWIND TRADING LLC', 'ZETA INVEST'], { identifiers: reg }),
      entity('byNumber', 'organization', ['OMEGA GMBH', 'N T OMEGA'], { identifiers: reg }),
      entity('person', 'person', ['Northwind Person'], { identifiers: reg }),
    ]);
    // A query before it leaves the reused grouping arrays holding other entities' names.
    search(companies, { kind: 'business', business_name: 'Northwind Shipping Zeta Omega' });
    const hits = search(companies, { kind: 'business', business_name: 'Northwind Trading', registration_number: 'HRB55501' }, { threshold: 0.3 });
    const shown = hits.map((h) => [h.entity.id, h.matched_name.full, h.match_types.includes('registration_number')]);
    // (That an entity reached both ways gets every name weighed is guarded by the EntityGroups test
    // below: here its best name is one its words reach anyway.)
    // "both" is reached by its words and by number: its best name is the one the words match;
    // "byNumber" by number alone: none of its own names scores (single letters in a company's name
    // are no initials), so its first is shown; the person shares the number but is no company.
    expect(shown).toEqual([
      ['both', 'NORTHWIND TRADING LLC', true],
      ['byNumber', 'OMEGA GMBH', true],
      ['byName', 'NORTHWIND SHIPPING LLC', false],
    ]);
    expect(lastSearchStats.candidateEntities).toBe(3);
  });
  it('groups candidate names by entity afresh for every query, entities in the order first reached', () => {
    // Names 0..9 of entities 0..4 (name n belongs to entity n % 5).
    const index = { nameEntity: Int32Array.from({ length: 10 }, (_, n) => n % 5) } as unknown as MatchIndexData;
    const groups = new EntityGroups(5);
    const read = () => Array.from({ length: groups.count }, (_, slot) => {
      const start = groups.slotStart[slot] as number;
      return [groups.slotEntity[slot], start < 0 ? 'every' : [...groups.names.slice(start, groups.slotEnd[slot])]];
    });
    groups.group(index, [7, 1, 2, 6, 9, 4], []);
    expect(read()).toEqual([[2, [7, 2]], [1, [1, 6]], [4, [9, 4]]]);
    groups.group(index, [3, 0, 8], [1, 0]);
    expect(read()).toEqual([[3, [3, 8]], [0, 'every'], [1, 'every']]);
    groups.group(index, [5, 4], [2]);
    expect(read()).toEqual([[0, [5]], [4, [4]], [2, 'every']]);
    // More entities than the arrays first hold (64), one name each, and one found by number only:
    // a slot for every entity, the one by number too.
    const wide = { nameEntity: Int32Array.from({ length: 200 }, (_, n) => n % 100) } as unknown as MatchIndexData;
    const many = new EntityGroups(100);
    many.group(wide, Array.from({ length: 70 }, (_, n) => n), [99]);
    expect(many.count).toBe(71);
    expect([...many.slotEntity.slice(0, 71)]).toEqual([...Array.from({ length: 70 }, (_, n) => n), 99]);
    expect(many.slotStart[70]).toBe(-1);
    expect([...many.names.slice(many.slotStart[5] as number, many.slotEnd[5])]).toEqual([5]);
  });
});
