// Whether a zone whose check digits hold is also well formed, field by field, as ICAO 9303 lays it
// out: the document code fits the zone's shape (P for the 44-character passport zone, V for visas,
// A, C or I for the TD1 and TD2 cards), country codes and the name are letters and fillers in
// their places (a name is one '<<' between surname and given names, single fillers within them,
// then fillers only), the sex is M, F, X or a filler, the document number starts with a character.
// Check digits cover only numbers and dates; a misread elsewhere (a letter read into a filler run,
// a filler read as a letter) leaves them holding, so a reader must not accept a zone that fails
// these. They are conservative: every zone the PyPI `mrz` generator and the ICAO specimens produce
// passes. Pure.

import { MRZ_LAYOUTS, readSpan } from './mrz-layout.js';
import type { ParsedZone } from './mrz-in-text.finder.js';

export type ZoneProblem = 'document_code' | 'issuing_country' | 'nationality' | 'name' | 'sex' | 'document_number';

const DOCUMENT_CODE_BY_FORMAT: Readonly<Record<string, RegExp>> = {
  TD1: /^[ACI][A-Z<]$/,
  TD2: /^[ACI][A-Z<]$/,
  TD3: /^P[A-Z<]$/,
  MRVA: /^V[A-Z<]$/,
  MRVB: /^V[A-Z<]$/,
};
/** A state or organisation code: letters, then fillers when shorter than three (D<< for Germany). */
const COUNTRY = /^[A-Z]{1,3}<{0,2}$/;
/** Surname parts joined by single fillers, optionally '<<' and given names likewise, then fillers. */
const NAME = /^[A-Z]+(<[A-Z]+)*(<<[A-Z]+(<[A-Z]+)*)?<*$/;
const SEX = /^[MFX<]$/;
const DOCUMENT_NUMBER = /^[A-Z0-9][A-Z0-9<]*$/;

export function zoneProblems(zone: Pick<ParsedZone, 'lines' | 'fields'>): ZoneProblem[] {
  const layout = MRZ_LAYOUTS[zone.fields.format];
  const problems: ZoneProblem[] = [];
  const code = readSpan(zone.lines, layout.documentCode);
  if (!DOCUMENT_CODE_BY_FORMAT[layout.format]!.test(code)) problems.push('document_code');
  const country = readSpan(zone.lines, layout.issuingCountry);
  if (!COUNTRY.test(country) || country.length !== 3) problems.push('issuing_country');
  if (!COUNTRY.test(readSpan(zone.lines, layout.nationality))) problems.push('nationality');
  if (!NAME.test(readSpan(zone.lines, layout.name))) problems.push('name');
  if (!SEX.test(readSpan(zone.lines, layout.sex))) problems.push('sex');
  if (!DOCUMENT_NUMBER.test(readSpan(zone.lines, layout.documentNumber))) problems.push('document_number');
  return problems;
}

/** A zone that may be accepted: every check digit holds and every field is well formed. */
export function isAcceptableZone(zone: ParsedZone): boolean {
  return zone.valid && zoneProblems(zone).length === 0;
}
