/**
 * Parses the EU Financial Sanctions Files XML (`export` of `sanctionEntity` elements, attributes
 * carrying the data): logicalId as source id, nameAlias strong/weak (an alias holding several
 * names split, alias-names.ts), birthdate parts and circa,
 * citizenship and identification ISO codes, regulation programmes.
 */
import { ListParseError, type EntityKind, type EntityName, type Identifier, type ListEntity, type ListSource, type ParsedList, type ParseWarning } from '../list-entity.js';
import { addAliasNames } from './alias-names.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { addDate, parseIsoPartialDate, partialDate, yearRange } from './partial-date.js';
import type { NamedText } from './text-source.js';
import { attr, childrenNamed, xmlRecords, type XmlNode } from './xml-records.js';

const RECORDS = new Set(['sanctionEntity']);

/** EU identificationTypeCode values mapped to the shared identifier types; others keep their code. */
const ID_TYPES: Record<string, string> = {
  passport: 'passport',
  id: 'national_id',
  regnumber: 'registration_number',
  fiscalcode: 'tax_id',
  tin: 'tax_id',
  swiftbic: 'swift',
  imo: 'imo',
  other: 'other',
};

function euKind(code: string | undefined): EntityKind {
  switch ((code ?? '').toLowerCase()) {
    case 'person':
      return 'person';
    case 'enterprise':
      return 'organization';
    default:
      return 'organization';
  }
}

/** "00" is the FSF's "unknown country"; otherwise the ISO code, or the description as a fallback. */
function euCountry(node: XmlNode): string | undefined {
  const code = attr(node, 'countryIso2Code');
  if (code && code !== '00') return countryToIso2(code);
  const description = attr(node, 'countryDescription');
  return description && description !== 'UNKNOWN' ? countryToIso2(description) : undefined;
}

function euName(node: XmlNode, isFirst: boolean): EntityName | undefined {
  const first = attr(node, 'firstName');
  const middle = attr(node, 'middleName');
  const last = attr(node, 'lastName');
  const full = attr(node, 'wholeName') ?? [first, middle, last].filter(Boolean).join(' ');
  if (!full) return undefined;
  const language = attr(node, 'nameLanguage');
  const strong = attr(node, 'strong') !== 'false';
  const name: EntityName = {
    full,
    alias_type: isFirst ? 'primary' : language ? `alias:${language.toLowerCase()}` : 'alias',
    strength: isFirst ? 'primary' : strong ? 'strong' : 'weak',
  };
  if (first) name.first = first;
  if (middle) name.middle = middle;
  if (last) name.last = last;
  return name;
}

function euBirthDates(node: XmlNode, into: ListEntity['birth_dates']): void {
  for (const b of childrenNamed(node, 'birthdate')) {
    const from = Number(attr(b, 'yearRangeFrom'));
    const to = Number(attr(b, 'yearRangeTo'));
    if (from && to) {
      for (const d of yearRange(from, to)) addDate(into, d);
      continue;
    }
    const year = Number(attr(b, 'year'));
    const date =
      parseIsoPartialDate(attr(b, 'birthdate')) ??
      (year ? partialDate(year, Number(attr(b, 'monthOfYear')) || undefined, Number(attr(b, 'dayOfMonth')) || undefined) : undefined);
    // A "circa" date is only trusted to the year.
    addDate(into, date && attr(b, 'circa') === 'true' ? partialDate(date.year) : date);
  }
}

function toEntity(node: XmlNode): ListEntity | undefined {
  const id = attr(node, 'logicalId');
  if (!id) return undefined;
  const entity: ListEntity = {
    source_id: id,
    kind: euKind(attr(childrenNamed(node, 'subjectType')[0], 'code')),
    names: [],
    birth_dates: [],
    countries: [],
    identifiers: [],
    programs: [],
  };
  for (const alias of childrenNamed(node, 'nameAlias')) {
    const name = euName(alias, entity.names.length === 0);
    if (!name) continue;
    if (name.strength === 'primary') entity.names.push(name);
    else addAliasNames(entity.names, name);
  }
  if (entity.names.length === 0) return undefined;
  euBirthDates(node, entity.birth_dates);
  for (const c of childrenNamed(node, 'citizenship')) addCountry(entity.countries, euCountry(c));
  for (const a of childrenNamed(node, 'address')) addCountry(entity.countries, euCountry(a));
  for (const ident of childrenNamed(node, 'identification')) {
    const value = attr(ident, 'number');
    if (!value) continue;
    const code = (attr(ident, 'identificationTypeCode') ?? 'other').toLowerCase();
    const identifier: Identifier = { type: ID_TYPES[code] ?? code, value };
    const country = euCountry(ident);
    if (country) identifier.country = country;
    entity.identifiers.push(identifier);
  }
  const reference = attr(node, 'euReferenceNumber');
  if (reference) entity.identifiers.push({ type: 'eu_reference_number', value: reference });
  for (const regulation of childrenNamed(node, 'regulation')) {
    const programme = attr(regulation, 'programme');
    if (programme && !entity.programs.includes(programme)) entity.programs.push(programme);
  }
  const remarks = childrenNamed(node, 'remark')
    .map((r) => r.text.trim())
    .filter(Boolean);
  if (remarks.length > 0) entity.remarks = remarks.join('\n');
  return entity;
}

export async function parseEuFsfXml(input: NamedText, source: ListSource): Promise<ParsedList> {
  const stream = xmlRecords(input.text, input.name, RECORDS);
  const entities: ListEntity[] = [];
  const warnings: ParseWarning[] = [];
  for await (const node of stream.records) {
    if (stream.root() !== 'export') break;
    const entity = toEntity(node);
    if (entity) entities.push(entity);
    else warnings.push({ file: input.name, line: node.line, message: 'sanctionEntity without logicalId or name skipped' });
  }
  if (stream.root() !== 'export') {
    throw new ListParseError(input.name, 1, `root element is <${stream.root()}>, not an EU FSF <export>`);
  }
  return { source, entities, warnings };
}
