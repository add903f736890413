/**
 * Parses FollowTheMoney entity JSON lines (OpenSanctions `entities.ftm.json` and the nested
 * `targets.nested.json`): people, organizations, vessels and aircraft become list entities;
 * Sanction entities lend their programs to the entity they point at; everything else (addresses,
 * ownerships, family links) and non-target related entities are skipped.
 */
import { ListParseError, type EntityKind, type EntityName, type Identifier, type ListEntity, type ParsedList, type ParseWarning } from '../list-entity.js';
import { addAliasNames } from './alias-names.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { KIND_BY_FTM_SCHEMA } from './ftm-schemas.js';
import { OriginCounter, type SourceChoice } from './data-origin.js';
import { addDate, parseIsoPartialDate } from './partial-date.js';
import { textLines, type NamedText } from './text-source.js';

/** FtM property -> identifier type (and the country it implies). */
const ID_PROPERTIES: Array<[property: string, type: string, country?: string]> = [
  ['passportNumber', 'passport'],
  ['idNumber', 'national_id'],
  ['registrationNumber', 'registration_number'],
  ['ogrnCode', 'registration_number', 'RU'],
  ['innCode', 'tax_id', 'RU'],
  ['taxNumber', 'tax_id'],
  ['vatCode', 'vat'],
  ['leiCode', 'lei'],
  ['swiftBic', 'swift'],
  ['imoNumber', 'imo'],
  ['mmsi', 'mmsi'],
  ['callSign', 'call_sign'],
];

const ALIAS_PROPERTIES: Array<[property: string, strength: 'strong' | 'weak']> = [
  ['name', 'strong'],
  ['alias', 'strong'],
  ['weakAlias', 'weak'],
  ['previousName', 'weak'],
];

const COUNTRY_PROPERTIES = ['nationality', 'citizenship', 'country', 'jurisdiction'];

interface FtmEntity {
  id: string;
  schema: string;
  caption?: string;
  properties: Record<string, unknown>;
  datasets?: string[];
  target?: boolean;
}

/** String values of a property; nested entities (objects) in `targets.nested.json` are ignored. */
function values(entity: FtmEntity, property: string): string[] {
  const raw = entity.properties[property];
  if (!Array.isArray(raw)) return [];
  return raw.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}

function toNames(entity: FtmEntity, kind: EntityKind): EntityName[] {
  const names: EntityName[] = [];
  const add = (full: string, alias_type: string, strength: EntityName['strength']) => {
    if (strength === 'primary') {
      if (!names.some((n) => n.full === full)) names.push({ full, alias_type, strength });
    } else addAliasNames(names, { full, alias_type, strength });
  };
  const all = values(entity, 'name');
  const primary = entity.caption && all.includes(entity.caption) ? entity.caption : all[0];
  if (primary) add(primary, 'primary', 'primary');
  for (const [property, strength] of ALIAS_PROPERTIES) for (const v of values(entity, property)) add(v, property, strength);
  const first = values(entity, 'firstName');
  const last = values(entity, 'lastName');
  // Name parts are only attributable to the primary name when there is a single spelling of each.
  if (kind === 'person' && names[0] && first.length === 1 && last.length === 1) {
    names[0].first = first[0];
    names[0].last = last[0];
  }
  if (names.length === 0 && first.length > 0 && last.length > 0) {
    names.push({ full: `${first[0]} ${last[0]}`, first: first[0], last: last[0], alias_type: 'primary', strength: 'primary' });
  }
  return names;
}

function toListEntity(entity: FtmEntity, kind: EntityKind): ListEntity {
  const result: ListEntity = {
    source_id: entity.id,
    kind,
    names: toNames(entity, kind),
    birth_dates: [],
    countries: [],
    identifiers: [],
    programs: [...new Set([...values(entity, 'programId'), ...values(entity, 'program')])],
  };
  for (const d of values(entity, 'birthDate')) addDate(result.birth_dates, parseIsoPartialDate(d));
  for (const property of COUNTRY_PROPERTIES) for (const c of values(entity, property)) addCountry(result.countries, countryToIso2(c));
  for (const [property, type, country] of ID_PROPERTIES) {
    for (const value of values(entity, property)) {
      if (result.identifiers.some((i) => i.type === type && i.value === value)) continue;
      const id: Identifier = country ? { type, value, country } : { type, value };
      result.identifiers.push(id);
    }
  }
  const notes = values(entity, 'notes');
  if (notes.length > 0) result.remarks = notes.join('\n');
  return result;
}

function parseLine(line: string, file: string, lineNo: number): FtmEntity {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new ListParseError(file, lineNo, `invalid JSON: ${(error as Error).message}`);
  }
  const e = value as Partial<FtmEntity> | null;
  if (!e || typeof e !== 'object' || typeof e.id !== 'string' || typeof e.schema !== 'string' || typeof e.properties !== 'object' || e.properties === null) {
    throw new ListParseError(file, lineNo, 'not a FollowTheMoney entity (needs id, schema, properties)');
  }
  return e as FtmEntity;
}

/** Parses one or more FtM JSON-lines files as one list. */
export async function parseFtmJson(inputs: NamedText | NamedText[], source: SourceChoice): Promise<ParsedList> {
  const origin = new OriginCounter();
  const warnings: ParseWarning[] = [];
  const entities = new Map<string, ListEntity>();
  const sanctionPrograms = new Map<string, string[]>();

  for (const input of Array.isArray(inputs) ? inputs : [inputs]) {
    for await (const { line, lineNo } of textLines(input.text)) {
      if (line.trim() === '') continue;
      const entity = parseLine(line, input.name, lineNo);
      if (entity.schema === 'Sanction') {
        const programs = [...values(entity, 'programId'), ...values(entity, 'program')];
        for (const target of values(entity, 'entity')) {
          sanctionPrograms.set(target, [...(sanctionPrograms.get(target) ?? []), ...programs]);
        }
        continue;
      }
      const kind = KIND_BY_FTM_SCHEMA[entity.schema];
      // Related entities (owners, relatives) ride along in exports with target=false: not listed themselves.
      if (!kind || entity.target === false) continue;
      const mapped = toListEntity(entity, kind);
      if (mapped.names.length === 0) {
        warnings.push({ file: input.name, line: lineNo, message: `${entity.schema} ${entity.id} has no name; skipped` });
        continue;
      }
      if (entities.has(entity.id)) {
        warnings.push({ file: input.name, line: lineNo, message: `duplicate entity id ${entity.id}; later line skipped` });
        continue;
      }
      entities.set(entity.id, mapped);
      origin.addDatasets(entity.datasets ?? []);
      origin.addTopics(values(entity, 'topics'));
    }
  }
  for (const [id, programs] of sanctionPrograms) {
    const entity = entities.get(id);
    if (!entity) continue;
    for (const p of programs) if (!entity.programs.includes(p)) entity.programs.push(p);
  }
  return { source: origin.choose(source), entities: [...entities.values()], warnings };
}
