/**
 * Loads the real reference lists from ../shared/data/lists (next to the repository) as indexed
 * entities, through the project's own parsers. Used by the evaluation set and the benchmarks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ListEntity, ListSource } from '../../../activities/screening/lists/list-entity.js';
import { parseOfacCsvSet } from '../../../activities/screening/lists/parsers/ofac-csv.parser.js';
import { parseSenzingJson } from '../../../activities/screening/lists/parsers/senzing-json.parser.js';
import { parseUnXml } from '../../../activities/screening/lists/parsers/un-xml.parser.js';
import type { IndexedEntity } from '../../../activities/screening/matching/matcher.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const LISTS_DIR = path.resolve(repoRoot, '../shared/data/lists');

function source(slug: string, name: string, listType: ListSource['list_type']): ListSource {
  return { slug, name, url: '', list_type: listType, country_code: null, flag_code: null };
}

async function text(rel: string): Promise<string> {
  return readFile(path.join(LISTS_DIR, rel), 'utf8');
}

function indexed(slug: string, entities: ListEntity[]): IndexedEntity[] {
  return entities.map((e) => ({ ...e, id: `${slug}:${e.source_id}`, list_slug: slug }));
}

/**
 * OFAC SDN: the 2024-05 primary file (names, types, remarks with birth dates) with the 2021-07
 * alias and address files, the newest complete ones at hand; aliases of entries delisted since
 * 2021 are dropped by the parser as unknown references.
 */
export async function loadOfacSdn(): Promise<IndexedEntity[]> {
  const dir = 'ofac_sdn_2021-07';
  const primary = 'ofac_sdn_2024-05-03/sdn.csv';
  const parsed = await parseOfacCsvSet({
    primary: { name: primary, text: await text(primary) },
    addresses: { name: `${dir}/add.csv`, text: await text(`${dir}/add.csv`) },
    aliases: { name: `${dir}/alt.csv`, text: await text(`${dir}/alt.csv`) },
    comments: { name: `${dir}/sdn_comments.csv`, text: await text(`${dir}/sdn_comments.csv`) },
  }, source('us_ofac_sdn', 'OFAC SDN', 'sanctions'));
  return indexed('us_ofac_sdn', parsed.entities);
}

export async function loadUn(): Promise<IndexedEntity[]> {
  const rel = 'un_sc_2026-02-27/UN_consolidated.xml';
  const parsed = await parseUnXml({ name: rel, text: await text(rel) }, source('un_sc_sanctions', 'UN SC', 'sanctions'));
  return indexed('un_sc_sanctions', parsed.entities);
}

/** US Congress PEPs (OpenSanctions Senzing export; CC BY-NC, tests and benchmarks only). */
export async function loadUsCongressPeps(): Promise<IndexedEntity[]> {
  const rel = 'pep/us_congress_opensanctions_senzing/us_congress_senzing.json';
  const parsed = await parseSenzingJson({ name: rel, text: await text(rel) }, source('us_congress', 'US Congress', 'pep'));
  return indexed('us_congress', parsed.entities);
}

/** A UN alias whose one ALIAS_NAME holds several names (a `;` list, or a name in another script beside it). */
export interface MultiNameAlias {
  entityId: string;
  kind: 'person' | 'organization';
  quality: string;
  raw: string;
}

const decodeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const NON_LATIN_LETTER = /[^\P{L}\p{Script=Latin}]/u;

/**
 * The UN list's multi-name aliases, read from the raw XML (the parsed list no longer shows which
 * names came from one alias string). Ids are those of loadUn().
 */
export async function loadUnMultiNameAliases(): Promise<MultiNameAlias[]> {
  const xml = await text('un_sc_2026-02-27/UN_consolidated.xml');
  const out: MultiNameAlias[] = [];
  for (const record of xml.matchAll(/<(INDIVIDUAL|ENTITY)>([\s\S]*?)<\/\1>/g)) {
    const body = record[2] as string;
    const dataId = /<DATAID>\s*(\d+)\s*<\/DATAID>/.exec(body)?.[1];
    if (!dataId) continue;
    for (const alias of body.matchAll(/<(?:INDIVIDUAL|ENTITY)_ALIAS>([\s\S]*?)<\/(?:INDIVIDUAL|ENTITY)_ALIAS>/g)) {
      const raw = decodeXml(/<ALIAS_NAME>([\s\S]*?)<\/ALIAS_NAME>/.exec(alias[1] as string)?.[1]?.trim() ?? '');
      // Several names: a `;` list, or Latin letters beside letters of another script.
      const mixedScripts = /\p{Script=Latin}/u.test(raw) && NON_LATIN_LETTER.test(raw);
      if (!raw.includes(';') && !mixedScripts) continue;
      const quality = decodeXml(/<QUALITY>([\s\S]*?)<\/QUALITY>/.exec(alias[1] as string)?.[1]?.trim() ?? '');
      out.push({ entityId: `un_sc_sanctions:${dataId}`, kind: record[1] === 'INDIVIDUAL' ? 'person' : 'organization', quality, raw });
    }
  }
  return out;
}

export async function loadSanctionsLists(): Promise<IndexedEntity[]> {
  return [...(await loadOfacSdn()), ...(await loadUn())];
}
