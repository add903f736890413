import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError, type ListEntity } from '../../../activities/screening/lists/list-entity.js';
import { parseOfacCsvSet } from '../../../activities/screening/lists/parsers/ofac-csv.parser.js';
import { toListSource, defaultListSource } from '../../../activities/screening/lists/list-sources.js';
import { fixture, hasRealLists, realList } from './paths.js';

const source = toListSource(defaultListSource('us_ofac_sdn')!);
const file = (p: string) => ({ name: p, text: readFileSync(p, 'latin1') });

function byId(entities: ListEntity[], id: string): ListEntity {
  const found = entities.find((e) => e.source_id === id);
  if (!found) throw new Error(`entity ${id} missing`);
  return found;
}

describe('OFAC CSV set parser on fixtures', () => {
  const set = () =>
    parseOfacCsvSet(
      {
        primary: file(fixture('ofac_csv/set/sdn.csv')),
        aliases: file(fixture('ofac_csv/set/alt.csv')),
        addresses: file(fixture('ofac_csv/set/add.csv')),
        comments: file(fixture('ofac_csv/set/sdn_comments.csv')),
      },
      source,
    );

  it('yields one entity per sdn.csv row with kinds from the type column', async () => {
    const list = await set();
    expect(list.source.slug).toBe('us_ofac_sdn');
    expect(list.entities.map((e) => [e.source_id, e.kind])).toEqual([
      ['101', 'person'],
      ['202', 'vessel'],
      ['303', 'aircraft'],
      ['404', 'organization'],
      ['505', 'person'],
    ]);
  });

  it('maps an individual: split names, aliases with strength, DOB forms, countries, identifiers, programs', async () => {
    const doe = byId((await set()).entities, '101');
    expect(doe.names).toEqual([
      { full: 'DOE, John Michael', last: 'DOE', first: 'John Michael', alias_type: 'primary', strength: 'primary' },
      { full: 'DOE, Johnny', last: 'DOE', first: 'Johnny', alias_type: 'aka', strength: 'strong' },
      { full: 'DOWE, John', last: 'DOWE', first: 'John', alias_type: 'fka', strength: 'weak' },
      { full: 'JD', alias_type: 'aka', strength: 'weak' },
    ]);
    expect(doe.birth_dates).toEqual([
      { year: 1960, month: 1, day: 1, granularity: 'day' },
      { year: 1961, granularity: 'year' },
      { year: 1962, granularity: 'year' },
      { year: 1963, granularity: 'year' },
      { year: 1958, granularity: 'year' },
    ]);
    expect(doe.countries).toEqual(['IR', 'SY']);
    expect(doe.identifiers).toEqual([
      { type: 'passport', value: 'A1234567', country: 'IR' },
      { type: 'national_id', value: '555-12', country: 'IR' },
    ]);
    expect(doe.programs).toEqual(['SDGT', 'IRGC']);
    expect(doe.remarks).toContain('POB Tehran, Iran');
  });

  it('maps vessel call sign, flag and IMO, and aircraft serial and tail numbers', async () => {
    const { entities } = await set();
    const vessel = byId(entities, '202');
    expect(vessel.countries).toEqual(['PA']);
    expect(vessel.identifiers).toEqual([
      { type: 'call_sign', value: '9HXY7' },
      { type: 'imo', value: '9187629' },
      { type: 'mmsi', value: '352001234' },
    ]);
    expect(byId(entities, '303').identifiers).toEqual([
      { type: 'aircraft_msn', value: '23456' },
      { type: 'aircraft_tail_number', value: 'EP-ABC' },
    ]);
  });

  it('joins remarks continued in sdn_comments.csv and reads identifiers from the continuation', async () => {
    const acme = byId((await set()).entities, '404');
    expect(acme.remarks).toContain('Linked To: DOE, John Michael;');
    expect(acme.identifiers).toEqual(
      expect.arrayContaining([
        { type: 'registration_number', value: '123456', country: 'AE' },
        { type: 'tax_id', value: '998877' },
        { type: 'lei', value: '529900T8BM49AURSDO55' },
        { type: 'registration_number', value: '7777', country: 'NL' },
      ]),
    );
    expect(acme.names.map((n) => [n.full, n.strength])).toEqual([
      ['ACME SHIPPING LLC', 'primary'],
      ['ACME MARINE LLC', 'weak'],
      ['ACME, SHIPPING & CO.', 'strong'],
    ]);
    expect(acme.countries).toEqual(['AE']);
    expect(acme.programs).toEqual(['IRAN', 'SDGT']);
  });

  it('counts add/alt rows for unknown ent_num as warnings with file and line, never failing', async () => {
    const { warnings } = await set();
    expect(warnings).toEqual([
      { file: fixture('ofac_csv/set/alt.csv'), line: 5, message: 'alias for unknown ent_num 999 skipped' },
      { file: fixture('ofac_csv/set/add.csv'), line: 3, message: 'address for unknown ent_num 888 skipped' },
      { file: fixture('ofac_csv/set/add.csv'), line: 4, message: 'address for unknown ent_num 998 skipped' },
    ]);
  });

  it('leaves an entry with -0- remarks without remarks, dates or identifiers', async () => {
    const smith = byId((await set()).entities, '505');
    expect(smith.remarks).toBeUndefined();
    expect(smith.birth_dates).toEqual([]);
    expect(smith.identifiers).toEqual([]);
  });

  it('rejects a row with the wrong column count, naming file and line', async () => {
    const path = fixture('ofac_csv/malformed/sdn.csv');
    const error = await parseOfacCsvSet({ primary: file(path) }, source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 3 });
    expect((error as Error).message).toContain('expected 12 columns, found 6');
  });

  it('rejects an unterminated quote, naming the line the field starts on', async () => {
    const path = fixture('ofac_csv/malformed/unterminated.csv');
    const error = await parseOfacCsvSet({ primary: file(path) }, source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 2 });
  });

  it('parses the same records when the text arrives in small chunks', async () => {
    const text = readFileSync(fixture('ofac_csv/set/sdn.csv'), 'latin1');
    const chunks = text.match(/[\s\S]{1,7}/g)!;
    const chunked = await parseOfacCsvSet({ primary: { name: 'sdn.csv', text: chunks } }, source);
    const whole = await parseOfacCsvSet({ primary: { name: 'sdn.csv', text } }, source);
    expect(chunked.entities).toEqual(whole.entities);
  });
});

describe.skipIf(!hasRealLists)('OFAC CSV set parser on the real files', () => {
  it('2021-07 set: one entity per sdn.csv row, aliases and comments joined, no unknown references', async () => {
    const dir = 'ofac_sdn_2021-07';
    const list = await parseOfacCsvSet(
      {
        primary: file(realList(dir, 'sdn.csv')),
        aliases: file(realList(dir, 'alt.csv')),
        addresses: file(realList(dir, 'add.csv')),
        comments: file(realList(dir, 'sdn_comments.csv')),
      },
      source,
    );
    expect(list.entities).toHaveLength(8976);
    // add.csv and alt.csv of this snapshot reference only ent_nums present in its sdn.csv.
    expect(list.warnings).toHaveLength(0);
    expect(list.entities.reduce((n, e) => n + e.names.filter((x) => x.alias_type !== 'primary' && x.strength === 'strong').length, 0)).toBeGreaterThan(10_000);

    const cifuentes = byId(list.entities, '12300');
    expect(cifuentes.names[0]).toMatchObject({ full: 'CIFUENTES VILLA, Jorge Milton', last: 'CIFUENTES VILLA', first: 'Jorge Milton' });
    expect(cifuentes.birth_dates).toEqual([
      { year: 1965, month: 5, day: 13, granularity: 'day' },
      { year: 1968, month: 4, day: 13, granularity: 'day' },
      { year: 1964, month: 7, day: 7, granularity: 'day' },
    ]);
    expect(cifuentes.identifiers).toContainEqual({ type: 'passport', value: 'AL720622', country: 'CO' });
    // The remark cut at "PROMO RAI" continues in sdn_comments.csv with "Z S.A.S.".
    expect(cifuentes.remarks).toContain('PROMO RAIZ S.A.S.');

    const bnc = byId(list.entities, '306');
    expect(bnc.names.map((n) => [n.full, n.strength])).toEqual([
      ['BANCO NACIONAL DE CUBA', 'primary'],
      ['NATIONAL BANK OF CUBA', 'strong'],
      ['BNC', 'weak'],
    ]);
    expect(bnc.countries).toEqual(expect.arrayContaining(['CH', 'ES', 'JP']));

    const li = byId(list.entities, '28264');
    expect(li.countries).toEqual(['CN']);
    expect(li.identifiers).toContainEqual({ type: 'national_id', value: '210302198701102136', country: 'CN' });
  });

  it('2024-05-03 sdn.csv alone: 14,965 entries with the documented kind counts', async () => {
    const list = await parseOfacCsvSet({ primary: file(realList('ofac_sdn_2024-05-03/sdn.csv')) }, source);
    expect(list.entities).toHaveLength(14965);
    expect(list.warnings).toHaveLength(0);
    const kinds = (k: string) => list.entities.filter((e) => e.kind === k).length;
    expect([kinds('person'), kinds('vessel'), kinds('aircraft')]).toEqual([6854, 851, 376]);
    expect(list.entities.filter((e) => e.kind === 'vessel' && e.identifiers.some((i) => i.type === 'imo')).length).toBeGreaterThan(800);
  });

  it('2024 sdn.csv with the 2021 add/alt/comments files: unknown ent_num references become warnings', async () => {
    const old = 'ofac_sdn_2021-07';
    const list = await parseOfacCsvSet(
      {
        primary: file(realList('ofac_sdn_2024-05-03/sdn.csv')),
        aliases: file(realList(old, 'alt.csv')),
        addresses: file(realList(old, 'add.csv')),
        comments: file(realList(old, 'sdn_comments.csv')),
      },
      source,
    );
    expect(list.entities).toHaveLength(14965);
    const perFile = (name: string) => list.warnings.filter((w) => w.file === realList(old, name)).length;
    expect([perFile('alt.csv'), perFile('add.csv'), perFile('sdn_comments.csv')]).toEqual([362, 1571, 1]);
    expect(list.warnings.every((w) => typeof w.line === 'number' && /unknown ent_num \d+ skipped$/.test(w.message))).toBe(true);
  });

  it('consolidated non-SDN set: 442 entries with aliases from cons_alt.csv', async () => {
    const dir = 'ofac_non_sdn_2025-12';
    const list = await parseOfacCsvSet(
      {
        primary: file(realList(dir, 'cons_prim.csv')),
        aliases: file(realList(dir, 'cons_alt.csv')),
        addresses: file(realList(dir, 'cons_add.csv')),
        comments: file(realList(dir, 'cons_comments.csv')),
      },
      toListSource(defaultListSource('us_ofac_cons')!),
    );
    expect(list.entities).toHaveLength(442);
    expect(list.warnings).toHaveLength(0);
    const haniya = byId(list.entities, '9639');
    expect(haniya.names.map((n) => n.full)).toEqual(expect.arrayContaining(['HANIYA, Ismail Abdul Salah', 'HANIYA, Ismail', 'HANIYYA, Ismaeel']));
    expect(haniya.birth_dates).toEqual([{ year: 1962, granularity: 'year' }]);
  });
});
