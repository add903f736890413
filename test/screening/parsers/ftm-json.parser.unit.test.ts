import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { deriveListSource } from '../../../activities/screening/lists/list-sources.js';
import type { DataOrigin } from '../../../activities/screening/lists/parsers/data-origin.js';
import { parseFtmJson } from '../../../activities/screening/lists/parsers/ftm-json.parser.js';
import { fixture, hasRealLists, realList } from './paths.js';

const byOrigin = (dir: string) => (origin: DataOrigin) => deriveListSource({ format: 'ftm_json', dir, ...origin });
const parse = (path: string, dir = 'ftm_json') => parseFtmJson({ name: path, text: readFileSync(path, 'utf8') }, byOrigin(dir));

describe('FollowTheMoney JSON-lines parser on fixtures', () => {
  it('keeps target people, organizations, vessels and aircraft; skips sanctions, addresses and non-targets', async () => {
    const list = await parse(fixture('ftm_json/entities.ftm.json'));
    expect(list.warnings).toEqual([]);
    expect(list.entities.map((e) => [e.source_id, e.kind])).toEqual([
      ['p-1', 'person'],
      ['c-1', 'organization'],
      ['v-1', 'vessel'],
      ['a-1', 'aircraft'],
    ]);
    expect(list.source).toMatchObject({ slug: 'demo_sanctions', list_type: 'sanctions' });
  });

  it('maps a person: caption as primary, alias strengths, partial dates, countries, identifiers, programs from Sanction entities', async () => {
    const person = (await parse(fixture('ftm_json/entities.ftm.json'))).entities[0]!;
    expect(person.names).toEqual([
      { full: 'Ivan Petrov', first: 'Ivan', last: 'Petrov', alias_type: 'primary', strength: 'primary' },
      { full: 'Ivan PETROV', alias_type: 'name', strength: 'strong' },
      { full: 'Иван Петров', alias_type: 'name', strength: 'strong' },
      { full: 'Vanya Petrov', alias_type: 'alias', strength: 'strong' },
      { full: 'The Bear', alias_type: 'weakAlias', strength: 'weak' },
      { full: 'Ivan Sidorov', alias_type: 'previousName', strength: 'weak' },
    ]);
    expect(person.birth_dates).toEqual([
      { year: 1960, month: 5, day: 1, granularity: 'day' },
      { year: 1961, month: 7, granularity: 'month' },
      { year: 1962, granularity: 'year' },
    ]);
    expect(person.countries).toEqual(['RU', 'CY']);
    expect(person.identifiers).toEqual([
      { type: 'passport', value: '720000001' },
      { type: 'national_id', value: '4500 123456' },
      { type: 'tax_id', value: '770000000001', country: 'RU' },
    ]);
    expect(person.programs).toEqual(['US-RUS', 'EU-RUS', 'Russia-related']);
    expect(person.remarks).toBe('Deputy minister.');
  });

  it('maps company and vessel identifiers and countries', async () => {
    const [, company, vessel] = (await parse(fixture('ftm_json/entities.ftm.json'))).entities;
    expect(company!.countries).toEqual(['AE']);
    expect(company!.identifiers).toEqual([
      { type: 'registration_number', value: 'CN-123' },
      { type: 'registration_number', value: '1027700000000', country: 'RU' },
      { type: 'tax_id', value: 'TRN-1' },
      { type: 'lei', value: '529900T8BM49AURSDO55' },
    ]);
    expect(vessel!.identifiers).toEqual([
      { type: 'imo', value: '9187629' },
      { type: 'mmsi', value: '352001234' },
    ]);
  });

  it('rejects a line of invalid JSON with file and line', async () => {
    const path = fixture('ftm_json/malformed.ftm.json');
    const error = await parse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 3 });
  });
});

describe.skipIf(!hasRealLists)('FollowTheMoney parser on the real OpenSanctions files', () => {
  it('yente zala: 6 people and 8 target companies; the folder names the multi-dataset list', async () => {
    const list = await parse(realList('opensanctions/yente_zala/entities.ftm.json'), realList('opensanctions/yente_zala'));
    expect(list.entities.filter((e) => e.kind === 'person')).toHaveLength(6);
    expect(list.entities.filter((e) => e.kind === 'organization')).toHaveLength(8);
    expect(list.source).toMatchObject({ slug: 'yente_zala', list_type: 'sanctions' });
    const osetrova = list.entities.find((e) => e.source_id === 'NK-2Tbri3s6GgNtAwsSXh4qpL')!;
    expect(osetrova.names[0]!.full).toBe('Maria Aleksandrovna Osetrova');
    expect(osetrova.birth_dates).toEqual([{ year: 1988, month: 1, day: 7, granularity: 'day' }]);
    expect(osetrova.identifiers).toContainEqual({ type: 'tax_id', value: '183116181362', country: 'RU' });
  });

  it('yente t1: 4 people and 2 organizations from eu_fsf, named after the EU list', async () => {
    const list = await parse(realList('opensanctions/yente_t1/entities.ftm.json'), realList('opensanctions/yente_t1'));
    expect(list.entities.map((e) => e.kind).sort()).toEqual(['organization', 'organization', 'person', 'person', 'person', 'person']);
    expect(list.source.slug).toBe('eu_fsf');
    const kuzmenko = list.entities.find((e) => e.source_id === 'NK-2Ka3UvopqbpZmVDFjWd4LA')!;
    expect(kuzmenko.birth_dates).toEqual([{ year: 1971, month: 1, day: 22, granularity: 'day' }]);
    expect(kuzmenko.countries).toEqual(['RU']);
  });

  it('wd_persons targets.nested.json: 5 PEPs, nested relatives not listed, PEP list type from the folder', async () => {
    const dir = realList('pep/wd_persons_opensanctions_export');
    const list = await parse(realList('pep/wd_persons_opensanctions_export/targets.nested.json'), dir);
    expect(list.entities.map((e) => e.source_id)).toEqual(['Q296771', 'Q307152', 'Q307185', 'Q317948', 'Q61589']);
    expect(list.source).toMatchObject({ slug: 'wd_persons', list_type: 'pep', country_code: null });
    expect(list.entities[0]!.countries).toEqual(['LB', 'FR', 'SA']);
  });
});
