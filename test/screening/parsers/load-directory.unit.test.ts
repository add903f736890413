import { copyFileSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSetChecksum, findListFileSets, parseListFile, parseListFileSet } from '../../../activities/screening/lists/load-directory.js';
import { fixture, hasRealLists, realList, realListsDir } from './paths.js';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyOfacSet(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lists-'));
  temps.push(dir);
  for (const name of ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv']) copyFileSync(fixture('ofac_csv/set', name), path.join(dir, name));
  writeFileSync(path.join(dir, 'README.md'), '# not a list\n');
  return dir;
}

describe('findListFileSets and parseListFileSet on fixtures', () => {
  it('groups an OFAC folder into one set with its companion files and ignores other files', async () => {
    const dir = copyOfacSet();
    const sets = await findListFileSets(dir);
    expect(sets).toHaveLength(1);
    expect(sets[0]!.format).toBe('ofac_csv');
    expect(sets[0]!.files.map((f) => [path.basename(f.path), f.role])).toEqual([
      ['add.csv', 'addresses'],
      ['alt.csv', 'aliases'],
      ['sdn.csv', 'primary'],
      ['sdn_comments.csv', 'comments'],
    ]);
    const parsed = await parseListFileSet(sets[0]!);
    expect(parsed.entities).toHaveLength(5);
    expect(parsed.warnings).toHaveLength(3);
    expect(parsed.source.slug).toBe('us_ofac_sdn');
    expect(parsed.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives the same checksum for the same contents and a new one when any file changes', async () => {
    const a = (await findListFileSets(copyOfacSet()))[0]!;
    const bDir = copyOfacSet();
    const b = (await findListFileSets(bDir))[0]!;
    expect(await fileSetChecksum(a)).toBe(await fileSetChecksum(b));
    appendFileSync(path.join(bDir, 'alt.csv'), '101,9009,"aka","NEW ALIAS",-0- \r\n');
    expect(await fileSetChecksum(b)).not.toBe(await fileSetChecksum(a));
  });

  it('parses a single file for --file, and refuses an OFAC companion file alone', async () => {
    const parsed = await parseListFile(fixture('un_xml/consolidated.xml'));
    expect(parsed.source.slug).toBe('un_sc_sanctions');
    expect(parsed.entities).toHaveLength(3);
    await expect(parseListFile(fixture('ofac_csv/set/alt.csv'))).rejects.toThrow(/not a list on its own/);
    await expect(parseListFile(fixture('../../../package.json'))).rejects.toThrow(/not a recognised list file/);
  });

  it('reads a Windows-1252 file that is not valid UTF-8', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lists-'));
    temps.push(dir);
    const row = Buffer.concat([Buffer.from('7,"MU'), Buffer.from([0xd1]), Buffer.from('OZ, Jos'), Buffer.from([0xe9]), Buffer.from('","individual","CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n')]);
    writeFileSync(path.join(dir, 'sdn.csv'), row);
    const parsed = await parseListFile(path.join(dir, 'sdn.csv'));
    expect(parsed.entities[0]!.names[0]!.full).toBe('MUÑOZ, José');
  });
});

describe.skipIf(!hasRealLists)('findListFileSets on ../shared/data/lists', () => {
  it('finds every list folder once, prefers the FtM export over the simple CSV, and leaves benchmarks out', async () => {
    const sets = await findListFileSets(realListsDir);
    expect(sets.map((s) => [path.relative(realListsDir, s.dir), s.format, s.files.length, s.indexFile ? path.basename(s.indexFile) : null])).toEqual([
      ['ofac_non_sdn_2025-12', 'ofac_csv', 4, null],
      ['ofac_sdn_2021-07', 'ofac_csv', 4, null],
      ['ofac_sdn_2024-05-03', 'ofac_csv', 1, null],
      ['opensanctions/yente_t1', 'ftm_json', 1, null],
      ['opensanctions/yente_zala', 'ftm_json', 1, null],
      ['pep/us_congress_opensanctions_senzing', 'senzing_json', 1, null],
      ['pep/wd_persons_opensanctions_export', 'ftm_json', 1, 'index.json'],
      ['un_sc_2026-02-27', 'un_xml', 1, null],
    ]);
    expect(sets.flatMap((s) => s.files).some((f) => f.path.includes('benchmarks'))).toBe(false);
  });

  it('parses every set with the expected source, entity count and no warnings', async () => {
    const summary = [];
    for (const set of await findListFileSets(realListsDir)) {
      const parsed = await parseListFileSet(set);
      summary.push([path.relative(realListsDir, set.dir), parsed.source.slug, parsed.source.list_type, parsed.entities.length, parsed.warnings.length]);
    }
    expect(summary).toEqual([
      ['ofac_non_sdn_2025-12', 'us_ofac_cons', 'sanctions', 442, 0],
      ['ofac_sdn_2021-07', 'us_ofac_sdn', 'sanctions', 8976, 0],
      ['ofac_sdn_2024-05-03', 'us_ofac_sdn', 'sanctions', 14965, 0],
      ['opensanctions/yente_t1', 'eu_fsf', 'sanctions', 6, 0],
      ['opensanctions/yente_zala', 'yente_zala', 'sanctions', 14, 0],
      ['pep/us_congress_opensanctions_senzing', 'us_congress', 'pep', 1317, 0],
      ['pep/wd_persons_opensanctions_export', 'wd_persons', 'pep', 5, 0],
      ['un_sc_2026-02-27', 'un_sc_sanctions', 'sanctions', 1003, 0],
    ]);
  });

  it('names the wd_persons list from its index.json', async () => {
    const parsed = await parseListFile(realList('pep/wd_persons_opensanctions_export/targets.nested.json'));
    expect(parsed.source).toMatchObject({ slug: 'wd_persons', name: 'Wikidata Politically Exposed Persons', list_type: 'pep' });
  });
});
