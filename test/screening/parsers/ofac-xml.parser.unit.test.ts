import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { defaultListSource, toListSource } from '../../../activities/screening/lists/list-sources.js';
import { parseOfacXml } from '../../../activities/screening/lists/parsers/ofac-xml.parser.js';
import { fixture } from './paths.js';

const source = toListSource(defaultListSource('us_ofac_sdn')!);
const parse = (path: string) => parseOfacXml({ name: path, text: readFileSync(path, 'utf8') }, source);

describe('OFAC SDN XML parser', () => {
  it('maps an individual: names with aka categories, DOBs, nationality and citizenship, identifiers', async () => {
    const list = await parse(fixture('ofac_xml/sdn.xml'));
    expect(list.warnings).toEqual([]);
    const perez = list.entities[0]!;
    expect(perez).toMatchObject({ source_id: '36', kind: 'person', programs: ['SDNTK', 'ILLICIT-DRUGS-EO14059'], remarks: "a.k.a. 'EL FLACO'." });
    expect(perez.names).toEqual([
      { full: 'PEREZ GOMEZ, Juan Carlos', first: 'Juan Carlos', last: 'PEREZ GOMEZ', alias_type: 'primary', strength: 'primary' },
      { full: 'PEREZ, Juan', first: 'Juan', last: 'PEREZ', alias_type: 'aka', strength: 'strong' },
      { full: 'JUANCHO', last: 'JUANCHO', alias_type: 'aka', strength: 'weak' },
      { full: 'GOMEZ, Juan', first: 'Juan', last: 'GOMEZ', alias_type: 'fka', strength: 'weak' },
      { full: 'EL FLACO', alias_type: 'aka', strength: 'weak' },
    ]);
    expect(perez.birth_dates).toEqual([
      { year: 1965, month: 3, day: 15, granularity: 'day' },
      { year: 1966, granularity: 'year' },
      { year: 1967, granularity: 'year' },
    ]);
    expect(perez.countries).toEqual(['CO', 'MX', 'VE']);
    expect(perez.identifiers).toEqual([
      { type: 'passport', value: 'AB123456', country: 'CO' },
      { type: 'national_id', value: '79123456', country: 'CO' },
    ]);
  });

  it('maps a vessel (IMO, MMSI, call sign, flag) and an entity (registration number, address country)', async () => {
    const [, vessel, company] = (await parse(fixture('ofac_xml/sdn.xml'))).entities;
    expect(vessel).toMatchObject({ source_id: '8001', kind: 'vessel', countries: ['PA'] });
    expect(vessel!.names).toEqual([{ full: 'OCEAN STAR', alias_type: 'primary', strength: 'primary' }]);
    expect(vessel!.identifiers).toEqual([
      { type: 'call_sign', value: '9HXY7' },
      { type: 'imo', value: '9187629' },
      { type: 'mmsi', value: '352001234' },
    ]);
    expect(company).toMatchObject({ source_id: '9002', kind: 'organization', countries: ['AE'] });
    expect(company!.names[0]!.full).toBe('SHIPPING & TRADING LLC');
    expect(company!.identifiers).toEqual([{ type: 'registration_number', value: '123456', country: 'AE' }]);
  });

  it('rejects malformed XML with file and line', async () => {
    const path = fixture('ofac_xml/malformed.xml');
    const error = await parse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 6 });
  });
});
