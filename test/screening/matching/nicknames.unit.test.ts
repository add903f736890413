/**
 * Nickname matching: the table read from the pinned PyPI `nicknames` data (installed by
 * infra/tools/run.sh) and its use by the matcher, in both directions, only between given names.
 */
import { describe, expect, it } from 'vitest';
import { listedEntity as entity } from '../support/listed-entity.js';
import { buildIndex, DEFAULT_THRESHOLD, NicknameTable, search } from '../../../activities/screening/matching/matcher.js';
import { installedNicknameTable } from '../../../activities/screening/matching/nickname-data.js';

const person = (name_first: string, name_last: string) => ({ kind: 'person' as const, name_first, name_last });

describe('NicknameTable.fromCsv', () => {
  const csv = 'name1,relationship,name2\r\nalbert,has_nickname,al\r\nalfred,has_nickname,al\r\nrobert,is_translation_of:en-sp,roberto\r\nBernard,has_nickname,Bernie\r\n';

  it('relates a name and its nickname both ways, folded, from CRLF text, skipping other relationships', () => {
    const table = NicknameTable.fromCsv(csv);
    expect(table.size).toBe(3);
    expect(table.related('bernard', 'bernie')).toBe(true);
    expect(table.related('bernie', 'bernard')).toBe(true);
    expect(table.related('robert', 'roberto')).toBe(false);
  });

  it('does not relate two formal names that only share a nickname', () => {
    const table = NicknameTable.fromCsv(csv);
    expect(table.relativesOf('al')).toEqual(['albert', 'alfred']);
    expect(table.related('albert', 'alfred')).toBe(false);
  });
});

describe('the installed nickname data', () => {
  it('is the PyPI nicknames table with its well-known pairs', () => {
    const table = installedNicknameTable();
    expect(table.size).toBeGreaterThan(2000);
    expect(table.related('bernard', 'bernie')).toBe(true);
    expect(table.related('mitchell', 'mitch')).toBe(true);
    expect(table.related('margaret', 'peggy')).toBe(true);
  });

  it('fails loudly, naming the file, when the data is missing', () => {
    expect(() => installedNicknameTable('/nonexistent/nicknames.csv')).toThrow(/nickname data not installed at \/nonexistent\/nicknames\.csv/);
  });
});

describe('nickname matches in search', () => {
  const index = buildIndex([
    entity('sanders', 'person', ['Bernard Sanders']),
    entity('mcconnell', 'person', ['Mitch McConnell']),
    entity('thatcher', 'person', ['THATCHER, Margaret Hilda']),
    entity('johnwilliam', 'person', ['John William']),
    entity('albert', 'person', ['Albert Fenwick']),
    entity('bernardco', 'organization', ['Bernard Holdings']),
  ]);

  it('finds the formal name from the nickname: Bernie Sanders → Bernard Sanders', () => {
    const hit = search(index, person('Bernie', 'Sanders'))[0];
    expect(hit?.entity.id).toBe('sanders');
    expect(hit?.match_types).toContain('nickname');
    expect(hit?.match_types).not.toContain('exact_name');
  });

  it('finds the nickname from the formal name: Mitchell McConnell → Mitch McConnell', () => {
    const hit = search(index, person('Mitchell', 'McConnell'))[0];
    expect(hit?.entity.id).toBe('mcconnell');
    expect(hit?.match_types).toContain('nickname');
  });

  it('works against "SURNAME, Given Middle" listings and with a missing middle name', () => {
    const hit = search(index, person('Peggy', 'Thatcher'))[0];
    expect(hit?.entity.id).toBe('thatcher');
    expect(hit?.match_types).toEqual(expect.arrayContaining(['nickname', 'partial_name']));
  });

  it('scores a nickname a little below the exact given name, still a clear hit', () => {
    const exact = search(index, person('Bernard', 'Sanders'))[0]?.score ?? 0;
    const nick = search(index, person('Bernie', 'Sanders'))[0]?.score ?? 0;
    expect(exact).toBe(1);
    expect(nick).toBeLessThan(exact);
    expect(nick).toBeGreaterThanOrEqual(0.9);
    expect(nick).toBeGreaterThan(DEFAULT_THRESHOLD);
  });

  it('never matches a surname as a nickname (Bell is a nickname of William, but not a surname for one)', () => {
    expect(search(index, person('John', 'Bell'), { threshold: 0.5 }).map((h) => h.entity.id)).not.toContain('johnwilliam');
  });

  it('does not bridge two formal names through a shared nickname (Alfred / Al / Albert)', () => {
    expect(search(index, person('Alfred', 'Fenwick'), { threshold: 0.5 }).flatMap((h) => h.match_types)).not.toContain('nickname');
    expect(search(index, person('Al', 'Fenwick'))[0]?.entity.id).toBe('albert');
  });

  it('a nickname alone with another surname is no hit', () => {
    expect(search(index, person('Bernie', 'Madoff'))).toEqual([]);
  });

  it('leaves company names alone', () => {
    const hits = search(index, { kind: 'business', business_name: 'Bernie Holdings' }, { threshold: 0.5 });
    expect(hits.flatMap((h) => h.match_types)).not.toContain('nickname');
  });
});
