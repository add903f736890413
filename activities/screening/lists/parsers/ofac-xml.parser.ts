/**
 * Parses OFAC's sdn.xml / consolidated.xml ("sdnList" of "sdnEntry"): uid as source id, akaList
 * with OFAC's strong/weak category, dateOfBirthList, nationality and citizenship lists, idList,
 * programList. Identifier and date spellings are those of the CSV remarks, so they share code.
 */
import { ListParseError, type EntityName, type ListEntity, type ListSource, type ParsedList, type ParseWarning } from '../list-entity.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { addDate } from './partial-date.js';
import { ofacAliasStrength, ofacKind } from './ofac-names.js';
import { parseOfacDobText, parseOfacIdentifierFact, parseOfacRemarks } from './ofac-remarks.js';
import type { NamedText } from './text-source.js';
import { childNamed, childrenNamed, childText, childTexts, xmlRecords, type XmlNode } from './xml-records.js';

const RECORDS = new Set(['sdnEntry']);

/** Written "LAST, First" like the CSV files, with the parts kept apart. */
function xmlName(node: XmlNode, isPerson: boolean, aliasType: string, strength: EntityName['strength']): EntityName | undefined {
  const first = childText(node, 'firstName');
  const last = childText(node, 'lastName');
  if (!first && !last) return undefined;
  const full = isPerson && first && last ? `${last}, ${first}` : [first, last].filter(Boolean).join(' ');
  const name: EntityName = { full, alias_type: aliasType, strength };
  if (isPerson) {
    if (first) name.first = first;
    if (last) name.last = last;
  }
  return name;
}

function toEntity(node: XmlNode): ListEntity | undefined {
  const id = childText(node, 'uid');
  const kind = ofacKind(childText(node, 'sdnType'));
  const isPerson = kind === 'person';
  const primary = xmlName(node, isPerson, 'primary', 'primary');
  if (!id || !primary) return undefined;
  const entity: ListEntity = {
    source_id: id,
    kind,
    names: [primary],
    birth_dates: [],
    countries: [],
    identifiers: [],
    programs: childTexts(childNamed(node, 'programList'), 'program'),
  };
  for (const aka of childrenNamed(childNamed(node, 'akaList'), 'aka')) {
    const type = childText(aka, 'type') ?? 'a.k.a.';
    const name = xmlName(aka, isPerson, type.replace(/\./g, ''), ofacAliasStrength(type, childText(aka, 'category')));
    if (name && !entity.names.some((n) => n.full === name.full)) entity.names.push(name);
  }
  for (const item of childrenNamed(childNamed(node, 'dateOfBirthList'), 'dateOfBirthItem')) {
    for (const d of parseOfacDobText(childText(item, 'dateOfBirth') ?? '')) addDate(entity.birth_dates, d);
  }
  for (const list of ['nationalityList', 'citizenshipList']) {
    for (const item of childNamed(node, list)?.children ?? []) addCountry(entity.countries, countryToIso2(childText(item, 'country')));
  }
  for (const address of childrenNamed(childNamed(node, 'addressList'), 'address')) {
    addCountry(entity.countries, countryToIso2(childText(address, 'country')));
  }
  const vessel = childNamed(node, 'vesselInfo');
  const callSign = childText(vessel, 'callSign');
  if (callSign) entity.identifiers.push({ type: 'call_sign', value: callSign });
  addCountry(entity.countries, countryToIso2(childText(vessel, 'vesselFlag')));
  for (const item of childrenNamed(childNamed(node, 'idList'), 'id')) {
    const type = childText(item, 'idType');
    const number = childText(item, 'idNumber');
    if (!type || !number) continue;
    const country = childText(item, 'idCountry');
    const identifier = parseOfacIdentifierFact(`${type} ${number}${country ? ` (${country})` : ''}`);
    if (identifier && !entity.identifiers.some((i) => i.type === identifier.type && i.value === identifier.value)) {
      entity.identifiers.push(identifier);
    }
  }
  const remarks = childText(node, 'remarks');
  if (remarks) {
    entity.remarks = remarks;
    // Remarks still carry the low-quality "a.k.a. 'X'" names in some releases.
    for (const alias of parseOfacRemarks(remarks).weakAliases) {
      if (!entity.names.some((n) => n.full === alias.full)) entity.names.push(alias);
    }
  }
  return entity;
}

export async function parseOfacXml(input: NamedText, source: ListSource): Promise<ParsedList> {
  const stream = xmlRecords(input.text, input.name, RECORDS);
  const entities: ListEntity[] = [];
  const warnings: ParseWarning[] = [];
  for await (const node of stream.records) {
    if (stream.root() !== 'sdnList') break;
    const entity = toEntity(node);
    if (entity) entities.push(entity);
    else warnings.push({ file: input.name, line: node.line, message: 'sdnEntry without uid or name skipped' });
  }
  if (stream.root() !== 'sdnList') {
    throw new ListParseError(input.name, 1, `root element is <${stream.root()}>, not an OFAC <sdnList>`);
  }
  return { source, entities, warnings };
}
