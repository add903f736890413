/**
 * Parses Senzing entity-specification JSON lines as OpenSanctions exports them (`senzing.json`):
 * RECORD_ID as source id, NAMES (PRIMARY / ALIAS; full, parted or organization names), DATES,
 * COUNTRIES, IDENTIFIERS and RISKS. Features may sit at the top level or in feature arrays.
 */
import { ListParseError, type EntityKind, type EntityName, type Identifier, type ListEntity, type ParsedList, type ParseWarning } from '../list-entity.js';
import { datasetFromSenzingDataSource } from '../list-sources.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { OriginCounter, type SourceChoice } from './data-origin.js';
import { addDate, parseIsoPartialDate } from './partial-date.js';
import { textLines, type NamedText } from './text-source.js';

type Feature = Record<string, unknown>;

const KIND_BY_RECORD_TYPE: Record<string, EntityKind> = { PERSON: 'person', ORGANIZATION: 'organization' };

const COUNTRY_KEYS = ['NATIONALITY', 'CITIZENSHIP', 'REGISTRATION_COUNTRY', 'ADDR_COUNTRY'];

/** Senzing identifier attributes -> [identifier type, attribute with its country]. */
const ID_KEYS: Array<[number: string, type: string, country?: string]> = [
  ['PASSPORT_NUMBER', 'passport', 'PASSPORT_COUNTRY'],
  ['NATIONAL_ID_NUMBER', 'national_id', 'NATIONAL_ID_COUNTRY'],
  ['TAX_ID_NUMBER', 'tax_id', 'TAX_ID_COUNTRY'],
  ['DRIVERS_LICENSE_NUMBER', 'drivers_license', 'DRIVERS_LICENSE_STATE'],
  ['LEI_NUMBER', 'lei'],
  ['DUNS_NUMBER', 'duns'],
];

/** OTHER_ID / TRUSTED_ID types that only repeat the record's own key elsewhere; not match evidence. */
const SELF_REFERENCE_ID_TYPES = new Set(['OPEN_SANCTIONS', 'WIKIDATA']);

function str(feature: Feature, key: string): string | undefined {
  const v = feature[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** The record itself plus every object inside its feature arrays (NAMES, DATES, COUNTRIES, ...). */
function features(record: Feature): Feature[] {
  const all: Feature[] = [record];
  for (const value of Object.values(record)) {
    if (Array.isArray(value)) for (const item of value) if (item && typeof item === 'object') all.push(item as Feature);
  }
  return all;
}

function senzingName(f: Feature, kind: EntityKind): Omit<EntityName, 'alias_type' | 'strength'> | undefined {
  const first = str(f, 'NAME_FIRST');
  const middle = str(f, 'NAME_MIDDLE');
  const last = str(f, 'NAME_LAST');
  const full = str(f, 'NAME_FULL') ?? str(f, 'NAME_ORG') ?? [first, middle, last].filter(Boolean).join(' ');
  if (!full) return undefined;
  const name: Omit<EntityName, 'alias_type' | 'strength'> = { full };
  if (kind === 'person') {
    if (first) name.first = first;
    if (middle) name.middle = middle;
    if (last) name.last = last;
  }
  return name;
}

function toEntity(record: Feature, kind: EntityKind, id: string): ListEntity {
  const entity: ListEntity = { source_id: id, kind, names: [], birth_dates: [], countries: [], identifiers: [], programs: [] };
  for (const f of features(record)) {
    const name = f === record ? undefined : senzingName(f, kind);
    if (name && !entity.names.some((n) => n.full === name.full)) {
      const type = (str(f, 'NAME_TYPE') ?? 'ALIAS').toUpperCase();
      const primary = type === 'PRIMARY' && !entity.names.some((n) => n.strength === 'primary');
      entity.names.push({ ...name, alias_type: type.toLowerCase(), strength: primary ? 'primary' : 'strong' });
    }
    addDate(entity.birth_dates, parseIsoPartialDate(str(f, 'DATE_OF_BIRTH')));
    for (const key of COUNTRY_KEYS) addCountry(entity.countries, countryToIso2(str(f, key)));
    const add = (identifier: Identifier) => {
      if (!entity.identifiers.some((i) => i.type === identifier.type && i.value === identifier.value)) entity.identifiers.push(identifier);
    };
    for (const [numberKey, type, countryKey] of ID_KEYS) {
      const value = str(f, numberKey);
      if (!value) continue;
      const country = countryKey ? countryToIso2(str(f, countryKey)) : undefined;
      add(country ? { type, value, country } : { type, value });
    }
    for (const prefix of ['OTHER_ID', 'TRUSTED_ID']) {
      const value = str(f, `${prefix}_NUMBER`);
      const type = str(f, `${prefix}_TYPE`) ?? 'OTHER';
      if (value && !SELF_REFERENCE_ID_TYPES.has(type.toUpperCase())) add({ type: type.toLowerCase(), value });
    }
  }
  // A record without a PRIMARY name still needs one: promote the first.
  if (entity.names[0] && !entity.names.some((n) => n.strength === 'primary')) entity.names[0].strength = 'primary';
  return entity;
}

export async function parseSenzingJson(inputs: NamedText | NamedText[], source: SourceChoice): Promise<ParsedList> {
  const origin = new OriginCounter();
  const warnings: ParseWarning[] = [];
  const entities: ListEntity[] = [];
  const seen = new Set<string>();
  for (const input of Array.isArray(inputs) ? inputs : [inputs]) {
    for await (const { line, lineNo } of textLines(input.text)) {
      if (line.trim() === '') continue;
      let record: Feature;
      try {
        record = JSON.parse(line) as Feature;
      } catch (error) {
        throw new ListParseError(input.name, lineNo, `invalid JSON: ${(error as Error).message}`);
      }
      const id = record && typeof record === 'object' ? str(record, 'RECORD_ID') : undefined;
      if (!id) throw new ListParseError(input.name, lineNo, 'not a Senzing record (needs RECORD_ID)');
      // Records without a PERSON/ORGANIZATION type are the positions PEPs hold, not people.
      const kind = KIND_BY_RECORD_TYPE[(str(record, 'RECORD_TYPE') ?? '').toUpperCase()];
      if (!kind) continue;
      if (seen.has(id)) {
        warnings.push({ file: input.name, line: lineNo, message: `duplicate RECORD_ID ${id}; later line skipped` });
        continue;
      }
      const entity = toEntity(record, kind, id);
      if (entity.names.length === 0) {
        warnings.push({ file: input.name, line: lineNo, message: `record ${id} has no name; skipped` });
        continue;
      }
      seen.add(id);
      entities.push(entity);
      const dataSource = str(record, 'DATA_SOURCE');
      if (dataSource) origin.addDatasets([datasetFromSenzingDataSource(dataSource)]);
      const risks = Array.isArray(record.RISKS) ? (record.RISKS as Feature[]) : [];
      origin.addTopics(risks.map((r) => str(r, 'TOPIC')).filter((t): t is string => !!t));
    }
  }
  return { source: origin.choose(source), entities, warnings };
}
