/**
 * Parses the UK HM Treasury / OFSI consolidated list CSV (ConList.csv): a "Last Updated" banner,
 * a header row, then one row per name. Rows sharing a Group ID are one listing: the "Primary
 * name" row names it and the other rows are its aliases. Columns are found by header name.
 */
import { ListParseError, type EntityKind, type EntityName, type ListEntity, type ListSource, type ParsedList, type ParseWarning } from '../list-entity.js';
import { addAliasNames } from './alias-names.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { csvRecords } from './csv-records.js';
import { addDate, parseSlashDate } from './partial-date.js';
import type { NamedText } from './text-source.js';

/** How many leading rows may come before the header (the banner, sometimes a blank line). */
const MAX_PREAMBLE_ROWS = 5;

function ukKind(groupType: string): EntityKind {
  const t = groupType.toLowerCase();
  if (t.startsWith('individual')) return 'person';
  if (t.startsWith('ship') || t.startsWith('vessel')) return 'vessel';
  return 'organization';
}

/** "(1) Russia (2) Ukraine" -> ["Russia", "Ukraine"]; a plain value stays one item. */
export function splitNumberedList(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/\(\d+\)/)
    .map((p) => p.trim().replace(/[,;.]$/, '').trim())
    .filter(Boolean);
}

type Row = (column: string) => string | undefined;

function rowName(get: Row, kind: EntityKind): Omit<EntityName, 'alias_type' | 'strength'> | undefined {
  const given = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map(get).filter((p): p is string => !!p);
  const last = get('Name 6');
  const parts = [...given, ...(last ? [last] : [])];
  if (parts.length === 0) return undefined;
  const name: Omit<EntityName, 'alias_type' | 'strength'> = { full: parts.join(' ') };
  if (kind === 'person') {
    if (given[0]) name.first = given[0];
    if (given.length > 1) name.middle = given.slice(1).join(' ');
    if (last) name.last = last;
  }
  return name;
}

function isPrimary(aliasType: string): boolean {
  return aliasType.toLowerCase() === 'primary name';
}

function aliasStrength(aliasType: string, quality: string): 'strong' | 'weak' {
  if (/low/i.test(quality)) return 'weak';
  return /^fka|formerly/i.test(aliasType) ? 'weak' : 'strong';
}

export async function parseUkConList(input: NamedText, source: ListSource): Promise<ParsedList> {
  const warnings: ParseWarning[] = [];
  const groups = new Map<string, ListEntity>();
  const primarySeen = new Set<string>();
  let header: string[] | undefined;
  let rowsBeforeHeader = 0;

  for await (const record of csvRecords(input.text, input.name)) {
    if (!header) {
      if (record.fields.map((f) => f.trim()).includes('Name 6')) {
        header = record.fields.map((f) => f.trim());
        for (const required of ['Group ID', 'Group Type']) {
          if (!header.includes(required)) throw new ListParseError(input.name, record.line, `header has no "${required}" column`);
        }
        continue;
      }
      rowsBeforeHeader += 1;
      if (rowsBeforeHeader > MAX_PREAMBLE_ROWS) throw new ListParseError(input.name, record.line, 'no "Name 6 ... Group ID" header row found');
      continue;
    }
    // Trailing empty columns are sometimes dropped; any other count mismatch is corruption.
    if (record.fields.length > header.length) {
      throw new ListParseError(input.name, record.line, `expected ${header.length} columns, found ${record.fields.length}`);
    }
    const columns = header;
    const get: Row = (column) => {
      const index = columns.indexOf(column);
      const value = index === -1 ? undefined : record.fields[index]?.trim();
      return value ? value : undefined;
    };
    const groupId = get('Group ID');
    if (!groupId) {
      warnings.push({ file: input.name, line: record.line, message: 'row without Group ID skipped' });
      continue;
    }
    let entity = groups.get(groupId);
    if (!entity) {
      entity = { source_id: groupId, kind: ukKind(get('Group Type') ?? ''), names: [], birth_dates: [], countries: [], identifiers: [], programs: [] };
      groups.set(groupId, entity);
    }
    const aliasType = get('Alias Type') ?? '';
    const parts = rowName(get, entity.kind);
    if (parts && !entity.names.some((n) => n.full === parts.full)) {
      if (isPrimary(aliasType) && !primarySeen.has(groupId)) {
        primarySeen.add(groupId);
        entity.names.unshift({ ...parts, alias_type: 'primary', strength: 'primary' });
      } else {
        addAliasNames(entity.names, { ...parts, alias_type: aliasType || 'alias', strength: aliasStrength(aliasType, get('Alias Quality') ?? '') });
      }
    }
    const nonLatin = get('Name Non-Latin Script');
    if (nonLatin && !entity.names.some((n) => n.full === nonLatin)) {
      addAliasNames(entity.names, { full: nonLatin, alias_type: 'non_latin_script', strength: 'strong' });
    }
    for (const dob of splitNumberedList(get('DOB'))) addDate(entity.birth_dates, parseSlashDate(dob));
    for (const nationality of splitNumberedList(get('Nationality'))) addCountry(entity.countries, countryToIso2(nationality));
    addCountry(entity.countries, countryToIso2(get('Country')));
    const addId = (type: string, text: string | undefined) => {
      for (const value of splitNumberedList(text)) {
        if (!entity.identifiers.some((i) => i.type === type && i.value === value)) entity.identifiers.push({ type, value });
      }
    };
    addId('passport', get('Passport Number'));
    addId('national_id', get('National Identification Number') ?? get('NI Number'));
    for (const column of columns.filter((c) => /\bIMO\b/i.test(c))) addId('imo', get(column));
    const regime = get('Regime');
    if (regime && !entity.programs.includes(regime)) entity.programs.push(regime);
    const remarks = get('Other Information');
    if (remarks && !entity.remarks) entity.remarks = remarks;
    // Ships carry their IMO number in the free text ("IMO number 9876543").
    const imo = entity.kind === 'vessel' ? /\bIMO(?:\s+number)?[:\s]+(\d{7})\b/i.exec(remarks ?? '') : null;
    if (imo) addId('imo', imo[1]);
  }
  if (!header) throw new ListParseError(input.name, undefined, 'no "Name 6 ... Group ID" header row found');

  // A group whose rows are all aliases still needs a primary name: promote its first name.
  for (const [id, entity] of groups) {
    if (!primarySeen.has(id) && entity.names[0]) entity.names[0] = { ...entity.names[0], alias_type: 'primary', strength: 'primary' };
  }
  const entities = [...groups.values()].filter((e) => e.names.length > 0);
  return { source, entities, warnings };
}
