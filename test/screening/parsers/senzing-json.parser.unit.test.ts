import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { deriveListSource } from '../../../activities/screening/lists/list-sources.js';
import type { DataOrigin } from '../../../activities/screening/lists/parsers/data-origin.js';
import { parseSenzingJson } from '../../../activities/screening/lists/parsers/senzing-json.parser.js';
import { fixture, hasRealLists, realList } from './paths.js';

const parse = (path: string, dir = 'senzing_json') =>
  parseSenzingJson({ name: path, text: readFileSync(path, 'utf8') }, (origin: DataOrigin) =>
    deriveListSource({ format: 'senzing_json', dir, ...origin }),
  );

describe('Senzing JSON-lines parser on fixtures', () => {
  it('maps people and organizations, skipping position records without a record type', async () => {
    const list = await parse(fixture('senzing_json/senzing.json'));
    expect(list.warnings).toEqual([]);
    expect(list.entities.map((e) => [e.source_id, e.kind])).toEqual([
      ['NK-1', 'person'],
      ['NK-2', 'organization'],
      ['NK-3', 'person'],
    ]);
    expect(list.source).toMatchObject({ slug: 'demo_peps', list_type: 'pep' });
  });

  it('maps names, birth date, countries and identifiers, leaving out self-reference ids', async () => {
    const [smith, acme, braun] = (await parse(fixture('senzing_json/senzing.json'))).entities;
    expect(smith!.names).toEqual([
      { full: 'Jennifer L. Smith', alias_type: 'primary', strength: 'primary' },
      { full: 'Jenny Smith', first: 'Jenny', last: 'Smith', alias_type: 'alias', strength: 'strong' },
    ]);
    expect(smith!.birth_dates).toEqual([{ year: 1972, granularity: 'year' }]);
    expect(smith!.countries).toEqual(['US', 'CA']);
    expect(smith!.identifiers).toEqual([
      { type: 'passport', value: 'X1234567', country: 'US' },
      { type: 'national_id', value: '123-45-6789' },
    ]);
    expect(acme).toMatchObject({ names: [{ full: 'Acme State Holding', strength: 'primary' }], countries: ['DE'], identifiers: [{ type: 'lei', value: '529900T8BM49AURSDO55' }] });
    expect(braun!.names[0]).toEqual({ full: 'Karl Otto Braun', first: 'Karl', middle: 'Otto', last: 'Braun', alias_type: 'primary', strength: 'primary' });
    expect(braun!.birth_dates).toEqual([{ year: 1955, month: 6, day: 30, granularity: 'day' }]);
  });

  it('rejects invalid JSON with file and line', async () => {
    const path = fixture('senzing_json/malformed.json');
    const error = await parse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 2 });
  });
});

describe.skipIf(!hasRealLists)('Senzing parser on the real US Congress export', () => {
  it('reads 1,317 PEP people (2 position records skipped) into a us_congress PEP list', async () => {
    const dir = realList('pep/us_congress_opensanctions_senzing');
    const list = await parse(realList('pep/us_congress_opensanctions_senzing/us_congress_senzing.json'), dir);
    expect(list.entities).toHaveLength(1317);
    expect(list.warnings).toEqual([]);
    expect(list.source).toMatchObject({ slug: 'us_congress', list_type: 'pep', country_code: 'US', flag_code: 'us' });
    const mcclellan = list.entities.find((e) => e.source_id === 'NK-AQ4HymsADSK2D63MkyTqfC')!;
    expect(mcclellan.names).toEqual([{ full: 'Jennifer L. McClellan', alias_type: 'primary', strength: 'primary' }]);
    expect(mcclellan.birth_dates).toEqual([{ year: 1972, granularity: 'year' }]);
    expect(mcclellan.countries).toEqual(['US']);
    // 33 ALIAS names in the file, on 32 records.
    expect(list.entities.filter((e) => e.names.length > 1)).toHaveLength(32);
    expect(list.entities.reduce((n, e) => n + e.names.length - 1, 0)).toBe(33);
  });
});
