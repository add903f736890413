/**
 * Parses the UN Security Council consolidated list XML (CONSOLIDATED_LIST with INDIVIDUALS and
 * ENTITIES) into list entities: DATAID as source id, name parts joined in the listed order,
 * aliases by QUALITY (Good strong, Low weak) and split when one holds several names
 * (alias-names.ts), dates EXACT/APPROXIMATELY/BETWEEN, documents.
 */
import { ListParseError, type AliasStrength, type EntityName, type Identifier, type ListEntity, type ListSource, type ParsedList, type ParseWarning } from '../list-entity.js';
import { addAliasNames } from './alias-names.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { addDate, parseDayMonthYear, parseIsoPartialDate, partialDate, yearRange } from './partial-date.js';
import type { NamedText } from './text-source.js';
import { childNamed, childrenNamed, childText, childTexts, xmlRecords, type XmlNode } from './xml-records.js';

const RECORDS = new Set(['INDIVIDUAL', 'ENTITY']);

/** UN alias QUALITY: "Good" and "a.k.a." are strong; "Low" and "f.k.a." weak. */
function unAliasStrength(quality: string | undefined): AliasStrength {
  const q = (quality ?? '').toLowerCase().replace(/\./g, '');
  return q === 'low' || q === 'fka' ? 'weak' : 'strong';
}

function primaryName(node: XmlNode, isPerson: boolean): EntityName | undefined {
  const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((n) => childText(node, n))
    .filter((p): p is string => p !== undefined);
  if (parts.length === 0) return undefined;
  const name: EntityName = { full: parts.join(' '), alias_type: 'primary', strength: 'primary' };
  if (isPerson && parts.length > 1) {
    name.first = parts[0];
    name.last = parts.at(-1);
    if (parts.length > 2) name.middle = parts.slice(1, -1).join(' ');
  }
  return name;
}

function unBirthDates(node: XmlNode, into: ListEntity['birth_dates']): void {
  for (const dob of childrenNamed(node, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    const type = (childText(dob, 'TYPE_OF_DATE') ?? '').toUpperCase();
    const from = Number(childText(dob, 'FROM_YEAR'));
    const to = Number(childText(dob, 'TO_YEAR'));
    if (type === 'BETWEEN' && from && to) {
      for (const d of yearRange(from, to)) addDate(into, d);
      continue;
    }
    const date = childText(dob, 'DATE');
    const year = childText(dob, 'YEAR');
    if (date) {
      const parsed = parseIsoPartialDate(date);
      // An approximate full date is only trusted to the year.
      addDate(into, type === 'APPROXIMATELY' && parsed ? partialDate(parsed.year) : parsed);
    } else if (year) {
      addDate(into, partialDate(Number(year)));
    } else {
      // Some entries give the date only as a note, e.g. "Nov. 1973".
      const note = childText(dob, 'NOTE');
      if (note) addDate(into, parseDayMonthYear(note.replace(/\./g, '')));
    }
  }
}

function documentType(text: string | undefined): string {
  const t = (text ?? '').toLowerCase();
  if (/pass(port|eport)|pasaporte/.test(t)) return 'passport';
  if (/national identification|identity card|id card|national id/.test(t)) return 'national_id';
  return 'other';
}

function unDocuments(node: XmlNode): Identifier[] {
  const ids: Identifier[] = [];
  for (const doc of childrenNamed(node, 'INDIVIDUAL_DOCUMENT')) {
    const value = childText(doc, 'NUMBER');
    if (!value) continue;
    const country = countryToIso2(childText(doc, 'ISSUING_COUNTRY') ?? childText(doc, 'COUNTRY_OF_ISSUE'));
    const id: Identifier = { type: documentType(childText(doc, 'TYPE_OF_DOCUMENT')), value };
    if (country) id.country = country;
    ids.push(id);
  }
  return ids;
}

function toEntity(node: XmlNode): ListEntity | undefined {
  const isPerson = node.name === 'INDIVIDUAL';
  const id = childText(node, 'DATAID');
  const primary = primaryName(node, isPerson);
  if (!id || !primary) return undefined;
  const entity: ListEntity = {
    source_id: id,
    kind: isPerson ? 'person' : 'organization',
    names: [primary],
    birth_dates: [],
    countries: [],
    identifiers: [],
    programs: childTexts(node, 'UN_LIST_TYPE'),
  };
  for (const original of childTexts(node, 'NAME_ORIGINAL_SCRIPT')) {
    addAliasNames(entity.names, { full: original, alias_type: 'original_script', strength: 'strong' });
  }
  for (const alias of childrenNamed(node, isPerson ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
    const full = childText(alias, 'ALIAS_NAME');
    if (!full || entity.names.some((n) => n.full === full)) continue;
    const quality = childText(alias, 'QUALITY');
    addAliasNames(entity.names, { full, alias_type: quality ?? 'alias', strength: unAliasStrength(quality) });
    addDate(entity.birth_dates, parseIsoPartialDate(childText(alias, 'DATE_OF_BIRTH')));
  }
  if (isPerson) unBirthDates(node, entity.birth_dates);
  for (const value of childTexts(childNamed(node, 'NATIONALITY'), 'VALUE')) addCountry(entity.countries, countryToIso2(value));
  for (const address of childrenNamed(node, isPerson ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) {
    addCountry(entity.countries, countryToIso2(childText(address, 'COUNTRY')));
  }
  entity.identifiers.push(...unDocuments(node));
  const reference = childText(node, 'REFERENCE_NUMBER');
  if (reference) entity.identifiers.push({ type: 'un_reference_number', value: reference });
  const remarks = childText(node, 'COMMENTS1');
  if (remarks) entity.remarks = remarks;
  return entity;
}

export async function parseUnXml(input: NamedText, source: ListSource): Promise<ParsedList> {
  const stream = xmlRecords(input.text, input.name, RECORDS);
  const entities: ListEntity[] = [];
  const warnings: ParseWarning[] = [];
  for await (const node of stream.records) {
    if (stream.root() !== 'CONSOLIDATED_LIST') break;
    const entity = toEntity(node);
    if (entity) entities.push(entity);
    else warnings.push({ file: input.name, line: node.line, message: `${node.name} without DATAID or name skipped` });
  }
  if (stream.root() !== 'CONSOLIDATED_LIST') {
    throw new ListParseError(input.name, 1, `root element is <${stream.root()}>, not a UN <CONSOLIDATED_LIST>`);
  }
  return { source, entities, warnings };
}
