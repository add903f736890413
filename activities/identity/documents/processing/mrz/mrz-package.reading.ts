// The zone as the npm `mrz` package (cheminfo/zakodium, pinned) reads it: the reference parser for
// the TD1, TD2 and TD3 formats it covers. Gives the check digits it finds failing, and the holder's
// name and document number as it parses them. Visas (MRV-A, MRV-B), which it does not cover,
// return undefined. Its issuing-state list leaves out codes such as ICAO's specimen state UTO,
// and it refuses the sex code X, so those verdicts are not used. Pure.

import { parse, type Details } from 'mrz';
import type { MrzCheckedField } from './mrz-layout.js';

export interface ReferenceReading {
  /** Check digits that do not hold. */
  failedChecks: MrzCheckedField[];
  surname: string | null;
  givenNames: string[] | null;
  documentNumber: string | null;
}

const CHECK_FIELDS: Readonly<Record<string, MrzCheckedField>> = {
  documentNumberCheckDigit: 'document_number',
  birthDateCheckDigit: 'birth_date',
  expirationDateCheckDigit: 'expiry_date',
  personalNumberCheckDigit: 'personal_number',
  compositeCheckDigit: 'composite',
};

export function referenceReading(lines: readonly string[]): ReferenceReading | undefined {
  if (lines[0]?.startsWith('V')) return undefined;
  let result;
  try {
    result = parse([...lines]);
  } catch {
    return undefined; // a shape or alphabet the package does not read
  }
  if (result.format !== 'TD1' && result.format !== 'TD2' && result.format !== 'TD3') return undefined;
  const detail = (field: string): Details | undefined => result.details.find((d) => d.field === field);
  const failedChecks = Object.entries(CHECK_FIELDS)
    .filter(([field]) => detail(field) && !detail(field)!.valid)
    .map(([, name]) => name);
  const given = result.fields.firstName;
  return {
    failedChecks,
    surname: result.fields.lastName ?? null,
    givenNames: given === null || given === undefined ? null : given.split(' ').filter((g) => g.length > 0),
    documentNumber: result.documentNumber,
  };
}
