// Brazilian CNPJ (Cadastro Nacional da Pessoa Jurídica) numbers: 14 characters — a 12-character
// base (8-character root + 4-character branch) and two check digits computed modulo 11.
// Since July 2026 the Receita Federal also issues alphanumeric CNPJs, whose base may hold the
// letters A-Z; the check-digit rule is unchanged with each character valued at its ASCII code
// minus 48 ('0' = 0 ... '9' = 9, 'A' = 17 ... 'Z' = 42), so classic numeric CNPJs validate as before.
// Accepted spellings: bare ("12345678000195") or masked ("12.345.678/0001-95"); letters in any
// case. The normalised form is the 14 bare characters, upper-cased.
// Repeated-digit numbers (00000000000000, 11111111111111, ...) satisfy the arithmetic but are not
// issued; they are rejected as every CNPJ validator does.

export type CnpjResult = { ok: true; value: string } | { ok: false; detail: string };

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function normaliseCnpj(raw: string): CnpjResult {
  const trimmed = raw.trim().toUpperCase();
  if (!/^[0-9A-Z./\-\s]+$/.test(trimmed)) {
    return { ok: false, detail: 'must be a CNPJ: 14 characters, bare or masked as 12.345.678/0001-95' };
  }
  const bare = trimmed.replace(/[./\-\s]/g, '');
  if (!/^[0-9A-Z]{12}\d{2}$/.test(bare)) {
    return { ok: false, detail: 'must be a CNPJ: 14 characters, bare or masked as 12.345.678/0001-95' };
  }
  if (/^(\d)\1{13}$/.test(bare)) return { ok: false, detail: 'is not a valid CNPJ (repeated digits)' };
  const base = bare.slice(0, 12);
  const first = checkDigit(base, FIRST_WEIGHTS);
  const second = checkDigit(base + String(first), SECOND_WEIGHTS);
  if (bare.slice(12) !== `${first}${second}`) return { ok: false, detail: 'is not a valid CNPJ (check digits do not match)' };
  return { ok: true, value: bare };
}

function checkDigit(characters: string, weights: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < weights.length; index += 1) {
    sum += (characters.charCodeAt(index) - 48) * (weights[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** 12.345.678/0001-95 */
export function formatCnpj(bare: string): string {
  return `${bare.slice(0, 2)}.${bare.slice(2, 5)}.${bare.slice(5, 8)}/${bare.slice(8, 12)}-${bare.slice(12, 14)}`;
}
