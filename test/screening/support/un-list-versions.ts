/**
 * Later versions of the real UN consolidated list (../shared/data/lists), for monitoring tests: the
 * published XML with individuals removed, aliases added to some, and new individuals listed —
 * imported through the normal list import like any UN file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { realListsDir } from './list-files.js';

export const UN_XML = path.join(realListsDir, 'un_sc_2026-02-27/UN_consolidated.xml');

export interface NewIndividual {
  dataId: string;
  first: string;
  second: string;
  birthYear?: number;
}

export interface UnChanges {
  remove?: string[];
  addAlias?: { dataId: string; alias: string }[];
  add?: NewIndividual[];
  /** Written into dateGenerated, so each version's file (and checksum) differs. */
  generated: string;
}

function individual(n: NewIndividual): string {
  return `
    <INDIVIDUAL>
      <DATAID>${n.dataId}</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>${n.first}</FIRST_NAME>
      <SECOND_NAME>${n.second}</SECOND_NAME>
      <UN_LIST_TYPE>DRC</UN_LIST_TYPE>
      <REFERENCE_NUMBER>CDi.9${n.dataId.slice(-3)}</REFERENCE_NUMBER>
      <LISTED_ON>2026-11-20</LISTED_ON>
      <INDIVIDUAL_ALIAS>
        <QUALITY/>
        <ALIAS_NAME/>
      </INDIVIDUAL_ALIAS>
      <INDIVIDUAL_DATE_OF_BIRTH>
        <TYPE_OF_DATE>EXACT</TYPE_OF_DATE>
        <YEAR>${n.birthYear ?? 1970}</YEAR>
      </INDIVIDUAL_DATE_OF_BIRTH>
    </INDIVIDUAL>`;
}

export async function unListVersion(changes: UnChanges): Promise<string> {
  let xml = await readFile(UN_XML, 'utf8');
  xml = xml.replace(/dateGenerated="[^"]*"/, `dateGenerated="${changes.generated}"`);
  const removed = new Set(changes.remove ?? []);
  xml = xml.replace(/\s*<INDIVIDUAL>[\s\S]*?<\/INDIVIDUAL>/g, (block) => {
    const id = /<DATAID>(\d+)<\/DATAID>/.exec(block)?.[1] ?? '';
    if (removed.has(id)) return '';
    const aliases = (changes.addAlias ?? []).filter((a) => a.dataId === id);
    if (aliases.length === 0) return block;
    const extra = aliases.map((a) => `\n      <INDIVIDUAL_ALIAS>\n        <QUALITY>Good</QUALITY>\n        <ALIAS_NAME>${a.alias}</ALIAS_NAME>\n      </INDIVIDUAL_ALIAS>`).join('');
    return block.replace('</INDIVIDUAL>', `${extra}\n    </INDIVIDUAL>`);
  });
  return xml.replace('</INDIVIDUALS>', `${(changes.add ?? []).map(individual).join('')}\n  </INDIVIDUALS>`);
}
