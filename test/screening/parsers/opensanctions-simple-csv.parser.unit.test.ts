import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ListParseError } from '../../../activities/screening/lists/list-entity.js';
import { deriveListSource } from '../../../activities/screening/lists/list-sources.js';
import type { DataOrigin } from '../../../activities/screening/lists/parsers/data-origin.js';
import { parseOpenSanctionsSimpleCsv } from '../../../activities/screening/lists/parsers/opensanctions-simple-csv.parser.js';
import { fixture, hasRealLists, realList } from './paths.js';

const parse = (path: string, dir = 'pep/demo') =>
  parseOpenSanctionsSimpleCsv({ name: path, text: readFileSync(path, 'utf8') }, (origin: DataOrigin) =>
    deriveListSource({ format: 'opensanctions_simple_csv', dir, ...origin }),
  );

describe('OpenSanctions simple CSV parser', () => {
  it('maps targets with ;-joined aliases, dates, countries and identifiers; skips non-target schemas', async () => {
    const list = await parse(fixture('opensanctions_simple_csv/targets.simple.csv'));
    expect(list.warnings).toEqual([]);
    expect(list.source).toMatchObject({ slug: 'demo_peps', name: 'demo_peps', list_type: 'pep' });
    const [anna, holding] = list.entities;
    expect(list.entities).toHaveLength(2);
    expect(anna).toEqual({
      source_id: 'Q100',
      kind: 'person',
      names: [
        { full: 'Anna Example', alias_type: 'primary', strength: 'primary' },
        { full: 'Ann Example', alias_type: 'alias', strength: 'strong' },
        { full: 'A. Example', alias_type: 'alias', strength: 'strong' },
      ],
      birth_dates: [
        { year: 1970, month: 4, day: 18, granularity: 'day' },
        { year: 1971, granularity: 'year' },
      ],
      countries: ['FR', 'LB'],
      identifiers: [{ type: 'other', value: 'AB123' }],
      programs: [],
    });
    expect(holding).toMatchObject({ kind: 'organization', programs: ['EU-RUS'], remarks: 'EU FSF - Annex I', countries: ['DE'] });
  });

  it('rejects a row whose column count differs from the header', async () => {
    const path = fixture('opensanctions_simple_csv/malformed.csv');
    const error = await parse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListParseError);
    expect(error).toMatchObject({ file: path, line: 3 });
  });
});

describe.skipIf(!hasRealLists)('OpenSanctions simple CSV on the real wd_persons export', () => {
  it('reads the same 5 PEPs as targets.nested.json', async () => {
    const list = await parse(realList('pep/wd_persons_opensanctions_export/targets.simple.csv'), realList('pep/wd_persons_opensanctions_export'));
    expect(list.entities.map((e) => e.source_id)).toEqual(['Q296771', 'Q307152', 'Q307185', 'Q317948', 'Q61589']);
    expect(list.entities[0]!.names.map((n) => n.full)).toEqual(['Saad Hariri', 'Hariri', "Sa'd al-Din"]);
    expect(list.source.list_type).toBe('pep');
  });
});
