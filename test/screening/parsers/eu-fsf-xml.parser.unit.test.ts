import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { defaultListSource, toListSource } from '../../../activities/screening/lists/list-sources.js';
import { parseEuFsfXml } from '../../../activities/screening/lists/parsers/eu-fsf-xml.parser.js';
import { fixture } from './paths.js';

const source = toListSource(defaultListSource('eu_fsf')!);
const parse = (path: string) => parseEuFsfXml({ name: path, text: readFileSync(path, 'utf8') }, source);

describe('EU FSF XML parser', () => {
  it('maps a person: first alias as primary, strong/weak aliases, birthdates with circa and ranges, citizenship, ids', async () => {
    const list = await parse(fixture('eu_fsf_xml/export.xml'));
    expect(list.warnings).toEqual([]);
    expect(list.source.slug).toBe('eu_fsf');
    const saddam = list.entities[0]!;
    expect(saddam).toMatchObject({ source_id: '13', kind: 'person', programs: ['IRQ'], remarks: 'UNSC RESOLUTION 1483' });
    expect(saddam.names).toEqual([
      { full: 'Saddam Hussein Al-Tikriti', first: 'Saddam', last: 'Hussein Al-Tikriti', alias_type: 'primary', strength: 'primary' },
      { full: 'Abu Ali', alias_type: 'alias', strength: 'strong' },
      { full: 'Абу Али', alias_type: 'alias:bg', strength: 'weak' },
    ]);
    expect(saddam.birth_dates).toEqual([
      { year: 1937, month: 4, day: 28, granularity: 'day' },
      { year: 1939, granularity: 'year' },
      { year: 1940, month: 7, granularity: 'month' },
      { year: 1941, granularity: 'year' },
      { year: 1942, granularity: 'year' },
    ]);
    expect(saddam.countries).toEqual(['IQ']);
    expect(saddam.identifiers).toEqual([
      { type: 'passport', value: 'AD001095' },
      { type: 'national_id', value: '12345678', country: 'IQ' },
      { type: 'eu_reference_number', value: 'EU.27.28' },
    ]);
  });

  it('maps an enterprise with its address country and registration number', async () => {
    const front = (await parse(fixture('eu_fsf_xml/export.xml'))).entities[1]!;
    expect(front).toMatchObject({ source_id: '207', kind: 'organization', programs: ['TERR'], countries: ['TR'] });
    expect(front.names.map((n) => [n.full, n.strength])).toEqual([
      ['Great Islamic Eastern Warriors Front', 'primary'],
      ['IBDA-C', 'strong'],
    ]);
    expect(front.identifiers).toContainEqual({ type: 'registration_number', value: '9988776655', country: 'TR' });
  });

  it('rejects malformed XML with file and line', async () => {
    const path = fixture('eu_fsf_xml/malformed.xml');
    const error = await parse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 4 });
  });

  it('rejects a document that is not an FSF export', async () => {
    const error = await parseEuFsfXml({ name: 'x.xml', text: '<CONSOLIDATED_LIST/>' }, source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
  });
});
