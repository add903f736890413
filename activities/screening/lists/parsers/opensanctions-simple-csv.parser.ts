/**
 * Parses OpenSanctions' `targets.simple.csv` export (header row; id, schema, name, aliases,
 * birth_date, countries, identifiers, sanctions, dataset, ...; multiple values joined by ";").
 * Less detailed than the FtM export of the same data, which is preferred when both are present.
 */
import { ListParseError, type ListEntity, type ParsedList, type ParseWarning } from '../list-entity.js';
import { addAliasNames } from './alias-names.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { KIND_BY_FTM_SCHEMA } from './ftm-schemas.js';
import { csvRecords } from './csv-records.js';
import { OriginCounter, type SourceChoice } from './data-origin.js';
import { addDate, parseIsoPartialDate } from './partial-date.js';
import type { NamedText } from './text-source.js';

const REQUIRED = ['id', 'schema', 'name'];

function multi(value: string | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);
}

export async function parseOpenSanctionsSimpleCsv(input: NamedText, source: SourceChoice): Promise<ParsedList> {
  const origin = new OriginCounter();
  const warnings: ParseWarning[] = [];
  const entities: ListEntity[] = [];
  let header: string[] | undefined;
  for await (const record of csvRecords(input.text, input.name)) {
    if (!header) {
      header = record.fields.map((f) => f.trim());
      const missing = REQUIRED.filter((c) => !header!.includes(c));
      if (missing.length > 0) throw new ListParseError(input.name, record.line, `header lacks ${missing.join(', ')}`);
      continue;
    }
    if (record.fields.length !== header.length) {
      throw new ListParseError(input.name, record.line, `expected ${header.length} columns, found ${record.fields.length}`);
    }
    const columns = header;
    const get = (column: string) => record.fields[columns.indexOf(column)]?.trim() || undefined;
    const id = get('id');
    const kind = KIND_BY_FTM_SCHEMA[get('schema') ?? ''];
    const name = get('name');
    if (!kind) continue;
    if (!id || !name) {
      warnings.push({ file: input.name, line: record.line, message: 'row without id or name skipped' });
      continue;
    }
    const entity: ListEntity = {
      source_id: id,
      kind,
      names: [{ full: name, alias_type: 'primary', strength: 'primary' }],
      birth_dates: [],
      countries: [],
      identifiers: [],
      programs: multi(get('program_ids')),
    };
    for (const alias of multi(get('aliases'))) {
      addAliasNames(entity.names, { full: alias, alias_type: 'alias', strength: 'strong' });
    }
    for (const d of multi(get('birth_date'))) addDate(entity.birth_dates, parseIsoPartialDate(d));
    for (const c of multi(get('countries'))) addCountry(entity.countries, countryToIso2(c));
    // Untyped identifiers; the entity's own id (a Wikidata QID for PEPs) is no evidence.
    for (const value of multi(get('identifiers'))) if (value !== id) entity.identifiers.push({ type: 'other', value });
    const sanctions = multi(get('sanctions'));
    if (sanctions.length > 0) entity.remarks = sanctions.join('\n');
    entities.push(entity);
    origin.addDatasets(multi(get('dataset')));
  }
  return { source: origin.choose(source), entities, warnings };
}
