// Parses an ICAO 9303 machine-readable zone (TD1, TD2, TD3, MRV-A, MRV-B) into document fields,
// validating every check digit. For TD1, TD2 and TD3 the npm `mrz` package is the reference
// (mrz-package.reading.ts): the holder's name and document number are taken from it, and a check
// digit counts as holding only when both it and this project's layout code (mrz-checks.ts, which
// also serves the OCR repairs and the visa formats the package lacks) say so. Pure: `now` is
// injected for the date century rule.

import { documentNumberParts, failingChecks } from './mrz-checks.js';
import { mrzBirthDate, mrzExpiryDate } from './mrz-dates.js';
import { documentTypeOf, nameFromParts, nameOf, sexOf, withoutFillers, type MrzCheckFailure, type MrzFields } from './mrz-fields.js';
import { MRZ_LAYOUTS, detectMrzFormat, readSpan, type MrzLayout } from './mrz-layout.js';
import { correctMrzOcrErrors, type MrzCorrection } from './mrz-ocr-correction.js';
import { referenceReading } from './mrz-package.reading.js';

export interface ParseMrzOptions {
  now: Date;
  /** Repair common OCR misreadings first (see mrz-ocr-correction.ts). Off by default. */
  correctOcrErrors?: boolean;
}

export type MrzParseResult =
  | {
      ok: true;
      /** The zone as parsed (after any corrections). */
      lines: string[];
      fields: MrzFields;
      /** Every failed check, by field; empty when the zone is fully valid. */
      check_failures: MrzCheckFailure[];
      valid: boolean;
      corrections: MrzCorrection[];
    }
  | { ok: false; error: 'unrecognised_format'; detail: string };

/** Splits text into zone lines: trims, uppercases and drops blank lines and inner whitespace. */
export function mrzLinesOf(input: string | readonly string[]): string[] {
  const raw = typeof input === 'string' ? input.split(/\r?\n/) : input;
  return raw.map((l) => l.replace(/\s+/g, '').toUpperCase()).filter((l) => l.length > 0);
}

export function parseMrz(input: string | readonly string[], options: ParseMrzOptions): MrzParseResult {
  const rawLines = mrzLinesOf(input);
  const format = detectMrzFormat(rawLines);
  if (!format) {
    return {
      ok: false,
      error: 'unrecognised_format',
      detail: `expected 3 lines of 30, 2 of 36 or 2 of 44 characters, got ${rawLines.map((l) => l.length).join('/') || 'nothing'}`,
    };
  }
  if (rawLines.some((l) => /[^A-Z0-9<]/.test(l)) && !options.correctOcrErrors) {
    return { ok: false, error: 'unrecognised_format', detail: 'characters outside the MRZ alphabet (A-Z, 0-9, <)' };
  }
  const layout = MRZ_LAYOUTS[format];
  const { lines, corrections } = options.correctOcrErrors
    ? correctMrzOcrErrors(rawLines, layout)
    : { lines: rawLines, corrections: [] };
  const reference = referenceReading(lines);
  const fields = fieldsOf(lines, layout, options.now);
  if (reference?.surname && reference.givenNames) fields.name = nameFromParts(reference.surname, reference.givenNames);
  if (reference?.documentNumber) fields.document_number = reference.documentNumber;
  const failed = new Set([...failingChecks(lines, layout).map((c) => c.field), ...(reference?.failedChecks ?? [])]);
  const check_failures: MrzCheckFailure[] = layout.checks.filter((c) => failed.has(c.field)).map((c) => ({ field: c.field, reason: 'check_digit' }));
  if (fields.birth_date === null && !check_failures.some((f) => f.field === 'birth_date')) {
    check_failures.push({ field: 'birth_date', reason: 'invalid_date' });
  }
  if (fields.expiry_date === null && !check_failures.some((f) => f.field === 'expiry_date')) {
    check_failures.push({ field: 'expiry_date', reason: 'invalid_date' });
  }
  return { ok: true, lines, fields, check_failures, valid: check_failures.length === 0, corrections };
}

function fieldsOf(lines: readonly string[], layout: MrzLayout, now: Date): MrzFields {
  const documentCode = readSpan(lines, layout.documentCode).replace(/</g, '');
  const number = documentNumberParts(lines, layout);
  const optional = layout.optionalData.map((s, i) => {
    const value = readSpan(lines, s);
    // A long document number's continuation and its check digit are not optional data.
    return withoutFillers(i === 0 ? value.slice(number.optionalCharsUsed) : value);
  });
  const personal = layout.format === 'MRVA' || layout.format === 'MRVB' ? '' : (optional.find((o) => o.length > 0) ?? '');
  return {
    format: layout.format,
    document_type: documentTypeOf(documentCode),
    document_class: documentCode,
    issuing_country: withoutFillers(readSpan(lines, layout.issuingCountry)),
    name: nameOf(readSpan(lines, layout.name)),
    document_number: withoutFillers(number.data),
    nationality: withoutFillers(readSpan(lines, layout.nationality)),
    birth_date: mrzBirthDate(readSpan(lines, layout.birthDate), now) ?? null,
    sex: sexOf(readSpan(lines, layout.sex)),
    expiry_date: mrzExpiryDate(readSpan(lines, layout.expiryDate), now) ?? null,
    personal_number: personal.length > 0 ? personal : null,
    optional_data: optional.filter((o) => o.length > 0),
  };
}
