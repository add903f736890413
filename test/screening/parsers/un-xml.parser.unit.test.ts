import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { defaultListSource, toListSource } from '../../../activities/screening/lists/list-sources.js';
import { parseUnXml } from '../../../activities/screening/lists/parsers/un-xml.parser.js';
import { fixture, hasRealLists, realList } from './paths.js';

const source = toListSource(defaultListSource('un_sc_sanctions')!);
const parse = (path: string) => parseUnXml({ name: path, text: readFileSync(path, 'utf8') }, source);

describe('UN consolidated XML parser on fixtures', () => {
  it('maps an individual: name parts, original script, aliases by quality, every date type, nationalities, documents', async () => {
    const list = await parse(fixture('un_xml/consolidated.xml'));
    expect(list.warnings).toEqual([]);
    const ahmad = list.entities[0]!;
    expect(ahmad).toMatchObject({ source_id: '1000001', kind: 'person', programs: ['Al-Qaida'], remarks: 'Test entry & remarks.' });
    expect(ahmad.names).toEqual([
      { full: 'AHMAD KHALIL IBRAHIM SAMIR', first: 'AHMAD', middle: 'KHALIL IBRAHIM', last: 'SAMIR', alias_type: 'primary', strength: 'primary' },
      { full: 'أحمد خليل', alias_type: 'original_script', strength: 'strong' },
      { full: 'Abu Khalil', alias_type: 'Good', strength: 'strong' },
      { full: 'Al-Iraqi', alias_type: 'Low', strength: 'weak' },
    ]);
    expect(ahmad.birth_dates).toEqual([
      { year: 1966, month: 2, day: 3, granularity: 'day' },
      { year: 1965, month: 4, day: 28, granularity: 'day' },
      { year: 1963, granularity: 'year' },
      { year: 1970, granularity: 'year' },
      { year: 1971, granularity: 'year' },
      { year: 1972, granularity: 'year' },
      { year: 1968, month: 11, granularity: 'month' },
    ]);
    expect(ahmad.countries).toEqual(['IQ', 'SY', 'JO']);
    expect(ahmad.identifiers).toEqual([
      { type: 'passport', value: 'A1234567', country: 'IQ' },
      { type: 'national_id', value: '99-887766' },
      { type: 'un_reference_number', value: 'QDi.999' },
    ]);
  });

  it('keeps a single-name individual with empty date and document elements', async () => {
    const marie = (await parse(fixture('un_xml/consolidated.xml'))).entities[1]!;
    expect(marie.names).toEqual([{ full: 'MARIE', alias_type: 'primary', strength: 'primary' }]);
    expect(marie.birth_dates).toEqual([]);
  });

  it('maps an entity with a.k.a. (strong) and f.k.a. (weak) aliases and its address country', async () => {
    const entity = (await parse(fixture('un_xml/consolidated.xml'))).entities[2]!;
    expect(entity).toMatchObject({ source_id: '2000001', kind: 'organization', countries: ['KP'], programs: ['DPRK'] });
    expect(entity.names.map((n) => [n.full, n.strength])).toEqual([
      ['NORTH STAR TRADING CO.', 'primary'],
      ['NSTC', 'strong'],
      ['Polar Star Trading', 'weak'],
    ]);
  });

  it('rejects malformed XML with file and line', async () => {
    const path = fixture('un_xml/malformed.xml');
    const error = await parse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 6 });
  });

  it('rejects a well-formed XML document of another kind', async () => {
    const error = await parseUnXml({ name: 'other.xml', text: '<sdnList><sdnEntry/></sdnList>' }, source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect((error as Error).message).toContain('not a UN');
  });
});

describe.skipIf(!hasRealLists)('UN consolidated XML parser on the real file', () => {
  it('reads all 730 individuals and 273 entities', async () => {
    const list = await parse(realList('un_sc_2026-02-27/UN_consolidated.xml'));
    expect(list.warnings).toEqual([]);
    expect(list.entities.filter((e) => e.kind === 'person')).toHaveLength(730);
    expect(list.entities.filter((e) => e.kind === 'organization')).toHaveLength(273);
    const withScript = (kind: string) => list.entities.filter((e) => e.kind === kind && e.names.some((n) => n.alias_type === 'original_script')).length;
    // SOURCES.md counts 336 individuals with NAME_ORIGINAL_SCRIPT; the 378 elements include entities', one
    // of which (JAMAAH ANSHARUT DAULAH) only repeats the primary name and is not indexed twice.
    expect([withScript('person'), withScript('person') + withScript('organization')]).toEqual([336, 377]);

    const kakolele = list.entities.find((e) => e.source_id === '6907994')!;
    expect(kakolele.names.map((n) => n.full)).toEqual(['FRANK KAKOLELE BWAMBALE', 'FRANK KAKORERE', 'FRANK KAKORERE BWAMBALE', 'AIGLE BLANC']);
    expect(kakolele.countries).toEqual(['CD']);
    const badege = list.entities.find((e) => e.source_id === '6907993')!;
    expect(badege.birth_dates).toEqual([{ year: 1971, granularity: 'year' }]);
  });
});
