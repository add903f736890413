import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFileFormat, sniffFile } from '../../../activities/screening/lists/detect-format.js';
import { fixture, hasRealLists, realList, realListsDir } from './paths.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('detectFileFormat', () => {
  it('recognises each fixture format and OFAC file role', async () => {
    const cases: Array<[string, unknown]> = [
      ['ofac_csv/set/sdn.csv', { format: 'ofac_csv', role: 'primary', ofacConsolidated: false }],
      ['ofac_csv/set/alt.csv', { format: 'ofac_csv', role: 'aliases', ofacConsolidated: false }],
      ['ofac_csv/set/add.csv', { format: 'ofac_csv', role: 'addresses', ofacConsolidated: false }],
      ['ofac_csv/set/sdn_comments.csv', { format: 'ofac_csv', role: 'comments', ofacConsolidated: false }],
      ['ofac_csv/malformed/unterminated.csv', { format: 'ofac_csv', role: 'primary', ofacConsolidated: false }],
      ['ofac_xml/sdn.xml', { format: 'ofac_xml', role: 'data' }],
      ['un_xml/consolidated.xml', { format: 'un_xml', role: 'data' }],
      ['eu_fsf_xml/export.xml', { format: 'eu_fsf_xml', role: 'data' }],
      ['uk_conlist_csv/ConList.csv', { format: 'uk_conlist_csv', role: 'data' }],
      ['ftm_json/entities.ftm.json', { format: 'ftm_json', role: 'data' }],
      ['senzing_json/senzing.json', { format: 'senzing_json', role: 'data' }],
      ['opensanctions_simple_csv/targets.simple.csv', { format: 'opensanctions_simple_csv', role: 'data' }],
    ];
    for (const [file, expected] of cases) expect([file, await sniffFile(fixture(file))]).toEqual([file, expected]);
  });

  it('returns null for text that is no list: markdown, headed CSVs, other XML and JSON', () => {
    expect(detectFileFormat('README.md', '# Lists\n12,a,b\n')).toBeNull();
    expect(detectFileFormat('people.csv', 'full_name,first_name,last_name\nJohn Doe,John,Doe\n')).toBeNull();
    expect(detectFileFormat('scores.csv', 'query_name,result_name,ofac_score\nA,B,100\n')).toBeNull();
    expect(detectFileFormat('numbers.csv', '1,2,3\n4,5,6\n')).toBeNull();
    expect(detectFileFormat('alt.csv', '1,2,3\n')).toBeNull();
    expect(detectFileFormat('feed.xml', '<?xml version="1.0"?><rss><channel/></rss>')).toBeNull();
    expect(detectFileFormat('statistics.json', '{"schemata": [], "things": {}}')).toBeNull();
    expect(detectFileFormat('index.json', '{"resources": [], "name": "peps"}')).toBeNull();
  });

  it('recognises OFAC consolidated file names', () => {
    const row = '9639,"HANIYA, Ismail","individual","NS-PLC",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1962."\r\n';
    expect(detectFileFormat('cons_prim.csv', row)).toEqual({ format: 'ofac_csv', role: 'primary', ofacConsolidated: true });
  });
});

describe.skipIf(!hasRealLists)('detectFileFormat on ../shared/data/lists', () => {
  it('detects every list file and no benchmark, README or metadata file', async () => {
    const detected: Record<string, string | null> = {};
    for (const file of filesUnder(realListsDir)) {
      const result = await sniffFile(file);
      detected[path.relative(realListsDir, file)] = result ? `${result.format}:${result.role}` : null;
    }
    expect(detected).toEqual({
      'SOURCES.md': null,
      'benchmarks/nomenklatura_ofac_sls/ofac_fixtures.csv': null,
      'benchmarks/yente_candidate_generation/positives_un_treated.csv': null,
      'benchmarks/yente_candidate_generation/positives_un_untreated.csv': null,
      'benchmarks/yente_candidate_generation/positives_us_congress_untreated.csv': null,
      'benchmarks/yente_validation_report/negatives_global.csv': null,
      'benchmarks/yente_validation_report/negatives_us.csv': null,
      'ofac_non_sdn_2025-12/cons_add.csv': 'ofac_csv:addresses',
      'ofac_non_sdn_2025-12/cons_alt.csv': 'ofac_csv:aliases',
      'ofac_non_sdn_2025-12/cons_comments.csv': 'ofac_csv:comments',
      'ofac_non_sdn_2025-12/cons_prim.csv': 'ofac_csv:primary',
      'ofac_sdn_2021-07/add.csv': 'ofac_csv:addresses',
      'ofac_sdn_2021-07/alt.csv': 'ofac_csv:aliases',
      'ofac_sdn_2021-07/sdn.csv': 'ofac_csv:primary',
      'ofac_sdn_2021-07/sdn_comments.csv': 'ofac_csv:comments',
      'ofac_sdn_2024-05-03/sdn.csv': 'ofac_csv:primary',
      'opensanctions/yente_t1/entities.ftm.json': 'ftm_json:data',
      'opensanctions/yente_zala/entities.ftm.json': 'ftm_json:data',
      'pep/us_congress_opensanctions_senzing/us_congress_senzing.json': 'senzing_json:data',
      'pep/wd_persons_opensanctions_export/index.json': null,
      'pep/wd_persons_opensanctions_export/targets.nested.json': 'ftm_json:data',
      'pep/wd_persons_opensanctions_export/targets.simple.csv': 'opensanctions_simple_csv:data',
      'un_sc_2026-02-27/UN_consolidated.xml': 'un_xml:data',
    });
  });

  it('sniffs the UN file by its root element, whatever its name', async () => {
    expect(await sniffFile(realList('un_sc_2026-02-27/UN_consolidated.xml'))).toEqual({ format: 'un_xml', role: 'data' });
  });
});
