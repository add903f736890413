/**
 * Reads the facts OFAC packs into an entry's free-text remarks ("DOB 01 Jan 1960; alt. DOB 1961;
 * nationality Iran; Passport A123 (Iran); a.k.a. 'X'") into structured fields. Shared by the CSV
 * parser (where remarks are the only source) and the XML parser (for what its lists leave out).
 */
import type { EntityName, Identifier, PartialDate } from '../list-entity.js';
import { addCountry, countryToIso2 } from './country-codes.js';
import { addDate, parseDayMonthYear, partialDate, yearRange } from './partial-date.js';

export interface RemarkFacts {
  birthDates: PartialDate[];
  countries: string[];
  identifiers: Identifier[];
  /** Names quoted in remarks ("a.k.a. 'BNC'"): OFAC lists its low-quality aliases only there. */
  weakAliases: EntityName[];
}

/** Remark labels that introduce an identifier, longest first so "Registration ID" wins over shorter ones. */
const IDENTIFIER_LABELS: ReadonlyArray<readonly [label: string, type: string]> = (
  [
    ['Vessel Registration Identification IMO', 'imo'],
    ['Identification Number IMO', 'imo'],
    ['Company Number IMO', 'imo'],
    ["Aircraft Manufacturer's Serial Number (MSN)", 'aircraft_msn'],
    ['Aircraft Tail Number', 'aircraft_tail_number'],
    ['Previous Aircraft Tail Number', 'aircraft_tail_number'],
    ['MMSI', 'mmsi'],
    ['Diplomatic Passport', 'passport'],
    ['Passport', 'passport'],
    ['National ID No.', 'national_id'],
    ['National Foreign ID Number', 'national_id'],
    ['Personal ID Card', 'national_id'],
    ['Identification Number', 'national_id'],
    ['Turkish Identification Number', 'national_id'],
    ["Citizen's Card Number", 'national_id'],
    ['Cedula No.', 'national_id'],
    ['D.N.I.', 'national_id'],
    ['C.U.R.P.', 'national_id'],
    ['Numero de Identidad', 'national_id'],
    ['Electoral Registry No.', 'national_id'],
    ['Residency Number', 'national_id'],
    ['SSN', 'national_id'],
    ["Driver's License No.", 'drivers_license'],
    ['Birth Certificate Number', 'birth_certificate'],
    ['Tax ID No.', 'tax_id'],
    ['R.F.C.', 'tax_id'],
    ['RUC #', 'tax_id'],
    ['NIT #', 'tax_id'],
    ['C.U.I.T.', 'tax_id'],
    ['Italian Fiscal Code', 'tax_id'],
    ['V.A.T. Number', 'vat'],
    ['VAT Number', 'vat'],
    ['Legal Entity Number', 'lei'],
    ['SWIFT/BIC', 'swift'],
    ['Unified Social Credit Code (USCC)', 'registration_number'],
    ['Business Registration Number', 'registration_number'],
    ['Business Registration Document #', 'registration_number'],
    ['Commercial Registry Number', 'registration_number'],
    ['Public Registration Number', 'registration_number'],
    ['Economic Register Number (CBLS)', 'registration_number'],
    ['Economic Register Number', 'registration_number'],
    ['Certificate of Incorporation Number', 'registration_number'],
    ['Chamber of Commerce Number', 'registration_number'],
    ['Government Gazette Number', 'registration_number'],
    ['Matricula Mercantil No', 'registration_number'],
    ['Folio Mercantil No.', 'registration_number'],
    ['Trade License No.', 'registration_number'],
    ['UK Company Number', 'registration_number'],
    ['Company Number', 'registration_number'],
    ['Registration Number', 'registration_number'],
    ['Registration ID', 'registration_number'],
    ['Registered Charity No.', 'registration_number'],
    ['Enterprise Number', 'registration_number'],
  ] as Array<[string, string]>
).sort((a, b) => b[0].length - a[0].length);

const COUNTRY_LABELS: string[] = ['nationality', 'citizen', 'Nationality of Registration'];
/** The closing quote is one followed by punctuation or the end, so "'AL-QA'IDA'" stays whole. */
const ALIAS_RE = /\b(a\.k\.a\.|f\.k\.a\.|n\.k\.a\.)\s*'(.+?)'(?=[;.,)\s]|$)/g;

/** Splits remarks into "; "-separated facts without breaking quoted alias names that contain ";". */
function splitFacts(remarks: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < remarks.length; i += 1) {
    const c = remarks[i];
    if (c === "'" && (i === 0 || /[\s.]/.test(remarks[i - 1]!) || quoted)) {
      // An apostrophe opens a quote only after a space (a.k.a. 'X'); one inside a word is just an apostrophe.
      if (!quoted) quoted = true;
      else if (i + 1 >= remarks.length || /[\s;.,)]/.test(remarks[i + 1]!)) quoted = false;
    } else if (c === ';' && !quoted) {
      parts.push(remarks.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(remarks.slice(start));
  return parts.map((p) => p.trim().replace(/^alt\.\s+/, '').replace(/\.$/, '').trim()).filter(Boolean);
}

/** "DOB 01 Jan 1960", "DOB circa 1960", "DOB 1960 to 1962", "DOB 01 Jan 1960 to 31 Dec 1962". */
export function parseOfacDobText(text: string): PartialDate[] {
  const t = text.trim().replace(/\.$/, '');
  const circa = /^circa\s+/i.test(t);
  const body = t.replace(/^circa\s+/i, '');
  const range = /^(.+?)\s+to\s+(.+)$/i.exec(body);
  if (range) {
    const from = parseDayMonthYear(range[1]!);
    const to = parseDayMonthYear(range[2]!);
    if (!from || !to) return [];
    // Same-year ranges ("01 Jan 1960 to 31 Dec 1960") mean that year.
    return yearRange(from.year, to.year);
  }
  const date = parseDayMonthYear(body);
  if (!date) return [];
  // "circa" keeps only the year: the day and month are not trustworthy when the year is approximate.
  return [circa ? partialDate(date.year)! : date];
}

/** Identifier from "<label> <value> (<Country>) ..." after the label; undefined if the value is empty. */
function identifierAfter(rest: string, type: string): Identifier | undefined {
  let value = rest.trim();
  let country: string | undefined;
  const paren = /\s*\(([^)]*)\)/.exec(value);
  if (paren) {
    country = countryToIso2(paren[1]);
    value = value.slice(0, paren.index);
  }
  value = value.replace(/(^|[,\s]+)(issued|expires|Issue Date|Expiration Date)\b.*$/i, '').replace(/[.,]$/, '').trim();
  if (!value) return undefined;
  return country ? { type, value, country } : { type, value };
}

/**
 * Identifier from one fact such as "Passport A123 (Iran)" or "Vessel Registration Identification
 * IMO 9187629"; undefined when the label is not an identifier OFAC uses for matching.
 */
export function parseOfacIdentifierFact(fact: string): Identifier | undefined {
  const label = IDENTIFIER_LABELS.find(([l]) => fact.startsWith(`${l} `));
  return label ? identifierAfter(fact.slice(label[0].length + 1), label[1]) : undefined;
}

export function parseOfacRemarks(remarks: string | undefined): RemarkFacts {
  const facts: RemarkFacts = { birthDates: [], countries: [], identifiers: [], weakAliases: [] };
  if (!remarks) return facts;
  for (const match of remarks.matchAll(ALIAS_RE)) {
    const label = match[1]!.replace(/\./g, '');
    const full = match[2]!.trim();
    if (full) facts.weakAliases.push({ full, alias_type: label, strength: 'weak' });
  }
  for (const fact of splitFacts(remarks)) {
    if (fact.startsWith('DOB ')) {
      for (const d of parseOfacDobText(fact.slice(4))) addDate(facts.birthDates, d);
      continue;
    }
    const countryLabel = COUNTRY_LABELS.find((l) => fact.startsWith(`${l} `));
    if (countryLabel) {
      addCountry(facts.countries, countryToIso2(fact.slice(countryLabel.length + 1)));
      continue;
    }
    const id = parseOfacIdentifierFact(fact);
    if (id && !facts.identifiers.some((x) => x.type === id.type && x.value === id.value)) facts.identifiers.push(id);
  }
  return facts;
}
