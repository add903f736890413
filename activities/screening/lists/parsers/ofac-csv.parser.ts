/**
 * Parses OFAC's legacy CSV file set: sdn.csv (or cons_prim.csv for the non-SDN consolidated
 * list) with optional add.csv, alt.csv and sdn_comments.csv. The files have no header row;
 * `-0-` means empty; ent_num links them. Add/alt rows for an unknown ent_num (a folder mixing
 * dates) become warnings, never failures; a malformed file throws ListParseError.
 */
import { ListParseError, type ListEntity, type ListSource, type ParsedList, type ParseWarning } from '../list-entity.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { csvRecords, type CsvRecord } from './csv-records.js';
import { addDate } from './partial-date.js';
import { ofacAliasStrength, ofacKind, ofacName, splitOfacPrograms } from './ofac-names.js';
import { parseOfacRemarks } from './ofac-remarks.js';
import type { NamedText } from './text-source.js';

export interface OfacCsvFiles {
  /** sdn.csv or cons_prim.csv: ent_num, name, type, programs, title, call sign, vessel type, tonnage, GRT, flag, owner, remarks. */
  primary: NamedText;
  /** add.csv / cons_add.csv: ent_num, add_num, address, city-state-postal, country, remarks. */
  addresses?: NamedText;
  /** alt.csv / cons_alt.csv: ent_num, alt_num, alt_type, alt_name, remarks. */
  aliases?: NamedText;
  /** sdn_comments.csv / cons_comments.csv: ent_num, continuation of that entry's remarks. */
  comments?: NamedText;
}

const PRIMARY_COLUMNS = 12;
const ADDRESS_COLUMNS = 6;
const ALIAS_COLUMNS = 5;
const COMMENT_COLUMNS = 2;

/** `-0-` (often padded with a space) is OFAC's null. */
function value(field: string | undefined): string | undefined {
  const v = field?.trim();
  return v && v !== '-0-' ? v : undefined;
}

function expectColumns(record: CsvRecord, count: number, file: string): void {
  if (record.fields.length !== count) {
    throw new ListParseError(file, record.line, `expected ${count} columns, found ${record.fields.length}`);
  }
}

function entNum(record: CsvRecord, file: string): string {
  const raw = record.fields[0]?.trim() ?? '';
  if (!/^\d+$/.test(raw)) throw new ListParseError(file, record.line, `ent_num is not a number: ${JSON.stringify(raw)}`);
  return raw;
}

export async function parseOfacCsvSet(files: OfacCsvFiles, source: ListSource): Promise<ParsedList> {
  const warnings: ParseWarning[] = [];
  const byId = new Map<string, ListEntity>();
  const remarks = new Map<string, string>();

  for await (const record of csvRecords(files.primary.text, files.primary.name)) {
    expectColumns(record, PRIMARY_COLUMNS, files.primary.name);
    const id = entNum(record, files.primary.name);
    const f = record.fields;
    const name = value(f[1]);
    if (!name) throw new ListParseError(files.primary.name, record.line, `entry ${id} has no name`);
    if (byId.has(id)) {
      warnings.push({ file: files.primary.name, line: record.line, message: `duplicate ent_num ${id}; later row skipped` });
      continue;
    }
    const kind = ofacKind(value(f[2]));
    const entity: ListEntity = {
      source_id: id,
      kind,
      names: [ofacName(name, kind, 'primary', 'primary')],
      birth_dates: [],
      countries: [],
      identifiers: [],
      programs: splitOfacPrograms(value(f[3])),
    };
    const callSign = value(f[5]);
    if (callSign) entity.identifiers.push({ type: 'call_sign', value: callSign });
    addCountry(entity.countries, countryToIso2(value(f[9])));
    const remark = value(f[11]);
    if (remark) remarks.set(id, remark);
    byId.set(id, entity);
  }

  if (files.comments) {
    for await (const record of csvRecords(files.comments.text, files.comments.name)) {
      expectColumns(record, COMMENT_COLUMNS, files.comments.name);
      const id = entNum(record, files.comments.name);
      const more = record.fields[1] ?? '';
      if (!byId.has(id)) {
        warnings.push({ file: files.comments.name, line: record.line, message: `comment for unknown ent_num ${id} skipped` });
        continue;
      }
      // The comments file continues remarks that sdn.csv cut at its field limit, mid-word.
      remarks.set(id, (remarks.get(id) ?? '') + more);
    }
  }

  if (files.aliases) {
    for await (const record of csvRecords(files.aliases.text, files.aliases.name)) {
      expectColumns(record, ALIAS_COLUMNS, files.aliases.name);
      const id = entNum(record, files.aliases.name);
      const entity = byId.get(id);
      if (!entity) {
        warnings.push({ file: files.aliases.name, line: record.line, message: `alias for unknown ent_num ${id} skipped` });
        continue;
      }
      const altName = value(record.fields[3]);
      if (!altName) continue;
      const altType = value(record.fields[2]) ?? 'aka';
      entity.names.push(ofacName(altName, entity.kind, altType, ofacAliasStrength(altType)));
    }
  }

  if (files.addresses) {
    for await (const record of csvRecords(files.addresses.text, files.addresses.name)) {
      expectColumns(record, ADDRESS_COLUMNS, files.addresses.name);
      const id = entNum(record, files.addresses.name);
      const entity = byId.get(id);
      if (!entity) {
        warnings.push({ file: files.addresses.name, line: record.line, message: `address for unknown ent_num ${id} skipped` });
        continue;
      }
      addCountry(entity.countries, countryToIso2(value(record.fields[4])));
    }
  }

  for (const [id, text] of remarks) {
    const entity = byId.get(id)!;
    entity.remarks = text;
    const facts = parseOfacRemarks(text);
    for (const d of facts.birthDates) addDate(entity.birth_dates, d);
    for (const c of facts.countries) addCountry(entity.countries, c);
    entity.identifiers.push(...facts.identifiers);
    for (const alias of facts.weakAliases) {
      if (!entity.names.some((n) => n.full === alias.full)) entity.names.push(alias);
    }
  }

  return { source, entities: [...byId.values()], warnings };
}
