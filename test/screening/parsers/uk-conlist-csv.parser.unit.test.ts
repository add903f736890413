import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { defaultListSource, toListSource } from '../../../activities/screening/lists/list-sources.js';
import { parseUkConList } from '../../../activities/screening/lists/parsers/uk-conlist-csv.parser.js';
import { fixture } from './paths.js';

const source = toListSource(defaultListSource('gb_hmt_sanctions')!);
const parse = (path: string) => parseUkConList({ name: path, text: readFileSync(path, 'utf8') }, source);

describe('UK HMT ConList CSV parser', () => {
  it('groups rows by Group ID: primary name first, aliases by quality, DOBs with unknown parts, numbered lists', async () => {
    const list = await parse(fixture('uk_conlist_csv/ConList.csv'));
    expect(list.warnings).toEqual([]);
    expect(list.entities.map((e) => [e.source_id, e.kind])).toEqual([
      ['10001', 'person'],
      ['10002', 'organization'],
      ['10003', 'vessel'],
    ]);
    const petrov = list.entities[0]!;
    expect(petrov.names).toEqual([
      { full: 'Igor Ivanovich PETROV', first: 'Igor', middle: 'Ivanovich', last: 'PETROV', alias_type: 'primary', strength: 'primary' },
      { full: 'Игорь Петров', alias_type: 'non_latin_script', strength: 'strong' },
      { full: 'Igor PETROFF', first: 'Igor', last: 'PETROFF', alias_type: 'AKA', strength: 'strong' },
      { full: 'PETRO', last: 'PETRO', alias_type: 'AKA', strength: 'weak' },
    ]);
    expect(petrov.birth_dates).toEqual([
      { year: 1965, month: 3, day: 12, granularity: 'day' },
      { year: 1966, granularity: 'year' },
      { year: 1967, month: 7, granularity: 'month' },
    ]);
    expect(petrov.countries).toEqual(['RU', 'UA']);
    expect(petrov.identifiers).toEqual([
      { type: 'passport', value: '750123456' },
      { type: 'national_id', value: '1234' },
      { type: 'national_id', value: '5678' },
    ]);
    expect(petrov.programs).toEqual(['Russia']);
    expect(petrov.remarks).toBe('(UK Sanctions List Ref):RUS0001. Test person, with commas.');
  });

  it('puts the "Primary name" row first even when a variation row comes before it', async () => {
    const volga = (await parse(fixture('uk_conlist_csv/ConList.csv'))).entities[1]!;
    expect(volga.names.map((n) => [n.full, n.strength])).toEqual([
      ['VOLGA STAR SHIPPING', 'primary'],
      ['VOLGA STAR SHIPPING LLC', 'strong'],
    ]);
    expect(volga.countries).toEqual(['RU']);
  });

  it('reads a ship IMO number from its other information', async () => {
    const ship = (await parse(fixture('uk_conlist_csv/ConList.csv'))).entities[2]!;
    expect(ship.identifiers).toEqual([{ type: 'imo', value: '9876543' }]);
  });

  it('rejects a row with more columns than the header, naming file and line', async () => {
    const path = fixture('uk_conlist_csv/malformed.csv');
    const error = await parse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 4 });
  });

  it('rejects a CSV without the ConList header', async () => {
    const error = await parseUkConList({ name: 'x.csv', text: 'a,b\n1,2\n' }, source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
  });
});
