/**
 * Alias strings holding several names are split into separate names (the general rule in
 * alias-names.ts), by every parser that reads free-text aliases; the parts of a low-quality alias
 * stay weak, are scored lower than the same name as a strong alias, and are reported as such.
 */
import { describe, expect, it } from 'vitest';
import type { EntityName } from '../../../activities/screening/lists/list-entity.js';
import { defaultListSource, toListSource } from '../../../activities/screening/lists/list-sources.js';
import { addAliasNames, splitAliasNames } from '../../../activities/screening/lists/parsers/alias-names.js';
import { parseFtmJson } from '../../../activities/screening/lists/parsers/ftm-json.parser.js';
import { parseUnXml } from '../../../activities/screening/lists/parsers/un-xml.parser.js';
import { buildIndex, DEFAULT_THRESHOLD, search } from '../../../activities/screening/matching/matcher.js';

const BAGHDADI_LOW = 'أبو بكر البغدادي الحسيني القريشي (Abu Bakr al-Baghdadi al-Husayni al-Quraishi; Abu Bakr al-Baghdadi)';

describe('splitAliasNames', () => {
  it('splits the UN low-quality alias into the original and each transliteration', () => {
    expect(splitAliasNames(BAGHDADI_LOW)).toEqual(['أبو بكر البغدادي الحسيني القريشي', 'Abu Bakr al-Baghdadi al-Husayni al-Quraishi', 'Abu Bakr al-Baghdadi']);
  });

  it('splits ";" lists and "a) … b) …" enumerations', () => {
    expect(splitAliasNames('Hassan Ghul; Hassan Gul; Hasan Gul')).toEqual(['Hassan Ghul', 'Hassan Gul', 'Hasan Gul']);
    expect(splitAliasNames('Mohammed Sabet; Mohammad Sabet b) M. Javad Kareemi Sabet; M. Jawad Karimi Sabet'))
      .toEqual(['Mohammed Sabet', 'Mohammad Sabet', 'M. Javad Kareemi Sabet', 'M. Jawad Karimi Sabet']);
  });

  it('makes a parenthesised name in another script a name of its own, after a lowercase label', () => {
    expect(splitAliasNames('Jin Tiesan (金铁三)')).toEqual(['Jin Tiesan', '金铁三']);
    expect(splitAliasNames('Amir Khazmat (original script: Амир Хазмат)')).toEqual(['Amir Khazmat', 'Амир Хазмат']);
    expect(splitAliasNames('Akhter Mohmad son of Noor Mohmad (اختر محمد ولد نور محمد ),')).toEqual(['Akhter Mohmad son of Noor Mohmad', 'اختر محمد ولد نور محمد']);
  });

  it('drops lowercase notes, even inside a nested list', () => {
    expect(splitAliasNames('Encep Nurjaman (birth name)')).toEqual(['Encep Nurjaman']);
    expect(splitAliasNames('Hay’at Tahrir al-Sham (HTS) (هيئة تحرير الشام (original script); Hayat Tahrir al-Sham)'))
      .toEqual(['Hay’at Tahrir al-Sham (HTS)', 'هيئة تحرير الشام', 'Hayat Tahrir al-Sham']);
  });

  it('leaves a single name alone, parentheses that belong to it included', () => {
    for (const name of ['Leader (Hong Kong) International Trading Limited', 'General Department of Atomic Energy (GDAE)', '(Sheikh) Musa Hilal',
      'EL PARA (COMBAT NAME)', 'Lom-ali Butayev (Butaev)', '華信船務(香港)有限公司', ') Abdelrahman Mouhamad Zafir', 'KAKOLELE, Frank']) {
      expect(splitAliasNames(name)).toEqual([name]);
    }
  });
});

describe('addAliasNames', () => {
  it('adds each name with the alias label and strength, without the parts of the whole string, skipping known names', () => {
    const names: EntityName[] = [{ full: 'Hassan Gul', alias_type: 'primary', strength: 'primary' }];
    addAliasNames(names, { full: 'Hassan Ghul; Hassan Gul', first: 'Hassan', last: 'Ghul; Hassan Gul', alias_type: 'Low', strength: 'weak' });
    expect(names).toEqual([
      { full: 'Hassan Gul', alias_type: 'primary', strength: 'primary' },
      { full: 'Hassan Ghul', alias_type: 'Low', strength: 'weak' },
    ]);
    addAliasNames(names, { full: 'Abu Ahmad', first: 'Abu', last: 'Ahmad', alias_type: 'Good', strength: 'strong' });
    expect(names[2]).toEqual({ full: 'Abu Ahmad', first: 'Abu', last: 'Ahmad', alias_type: 'Good', strength: 'strong' });
  });
});

const unXml = (quality: string) => `<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL>
  <DATAID>2975516</DATAID><FIRST_NAME>IBRAHIM</FIRST_NAME><SECOND_NAME>AWWAD IBRAHIM</SECOND_NAME><THIRD_NAME>ALI AL-BADRI AL-SAMARRAI</THIRD_NAME>
  <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
  <INDIVIDUAL_ALIAS><QUALITY>${quality}</QUALITY><ALIAS_NAME>${BAGHDADI_LOW}</ALIAS_NAME></INDIVIDUAL_ALIAS>
  <INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE><YEAR>1971</YEAR></INDIVIDUAL_DATE_OF_BIRTH>
</INDIVIDUAL></INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>`;

const unSource = toListSource(defaultListSource('un_sc_sanctions')!);
const parseUn = async (quality: string) => (await parseUnXml({ name: 'un.xml', text: unXml(quality) }, unSource)).entities;

describe('parsers split multi-name aliases', () => {
  it('UN: a Low alias becomes three weak names labelled Low', async () => {
    const [entity] = await parseUn('Low');
    expect(entity?.names.slice(1)).toEqual([
      { full: 'أبو بكر البغدادي الحسيني القريشي', alias_type: 'Low', strength: 'weak' },
      { full: 'Abu Bakr al-Baghdadi al-Husayni al-Quraishi', alias_type: 'Low', strength: 'weak' },
      { full: 'Abu Bakr al-Baghdadi', alias_type: 'Low', strength: 'weak' },
    ]);
  });

  it('FollowTheMoney: a weakAlias value holding two names becomes two weak names', async () => {
    const line = JSON.stringify({ id: 'p-9', schema: 'Person', target: true, caption: 'Hassan Ghul', properties: { name: ['Hassan Ghul'], weakAlias: ['حسن غول (Hassan Gul; Hasan Gul)'] } });
    const list = await parseFtmJson({ name: 'x.ftm.json', text: `${line}\n` }, () => unSource);
    expect(list.entities[0]?.names.map((n) => [n.full, n.strength])).toEqual([
      ['Hassan Ghul', 'primary'], ['حسن غول', 'weak'], ['Hassan Gul', 'weak'], ['Hasan Gul', 'weak'],
    ]);
  });
});

describe('weak aliases in search', () => {
  const query = { kind: 'person' as const, name_first: 'Abu Bakr', name_last: 'al-Baghdadi' };

  it('finds a name held in a multi-name low-quality alias, scored lower and reported as a weak alias', async () => {
    const [entity] = await parseUn('Low');
    const hit = search(buildIndex([{ ...entity!, id: 'baghdadi', list_slug: 'un_sc_sanctions' }]), query)[0];
    expect(hit?.matched_name).toEqual({ full: 'Abu Bakr al-Baghdadi', alias_type: 'Low', strength: 'weak' });
    expect(hit?.match_types).toEqual(expect.arrayContaining(['exact_name', 'weak_alias']));
    expect(hit?.score).toBeGreaterThanOrEqual(DEFAULT_THRESHOLD);
    expect(hit?.score).toBeLessThan(1);

    const [good] = await parseUn('Good');
    const strong = search(buildIndex([{ ...good!, id: 'baghdadi', list_slug: 'un_sc_sanctions' }]), query)[0];
    expect(strong?.match_types).toContain('alias');
    expect(strong?.match_types).not.toContain('weak_alias');
    expect(hit?.score).toBeLessThan(strong?.score ?? 0);
  });

  it('would not have found it with the alias string kept whole', async () => {
    const [entity] = await parseUn('Low');
    const whole = { ...entity!, id: 'baghdadi', list_slug: 'un_sc_sanctions', names: [entity!.names[0]!, { full: BAGHDADI_LOW, alias_type: 'Low', strength: 'weak' as const }] };
    expect(search(buildIndex([whole]), query)).toEqual([]);
  });
});
