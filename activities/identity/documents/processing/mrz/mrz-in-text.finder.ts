// Picks the machine-readable zone out of OCR text: every located candidate is parsed with OCR
// repairs, implausible ones dropped, and the one with the fewest failed checks (then fewest
// repairs) kept. Pure.

import { MRZ_LAYOUTS, readSpan } from './mrz-layout.js';
import type { MrzCheckFailure } from './mrz-fields.js';
import { parseMrz } from './mrz.parser.js';
import { locateMrzCandidates } from './mrz-text.locator.js';

export type ParsedZone = Extract<ReturnType<typeof parseMrz>, { ok: true }>;

/** The most plausible zone in OCR text, or undefined when nothing there looks like one. */
export function findMrzInText(ocrText: string, now: Date): ParsedZone | undefined {
  let best: ParsedZone | undefined;
  for (const candidate of locateMrzCandidates(ocrText)) {
    const parsed = parseMrz(candidate.lines, { now, correctOcrErrors: true });
    if (!parsed.ok || !looksLikeZone(parsed)) continue;
    if (!best || rankOf(parsed) < rankOf(best)) best = parsed;
    if (parsed.valid) break; // candidates come with the fewest length adjustments first
  }
  return best;
}

// Garbage of the right length is not a zone: require a known document code, a document number
// and country that do not start with a filler, and at least one field check digit that holds.
export function looksLikeZone(zone: ParsedZone): boolean {
  if (!/^[PIACV]/.test(zone.lines[0] ?? '')) return false;
  const layout = MRZ_LAYOUTS[zone.fields.format];
  if (readSpan(zone.lines, layout.documentNumber).startsWith('<') || readSpan(zone.lines, layout.issuingCountry).startsWith('<')) return false;
  const failed = new Set(zone.check_failures.map((f) => f.field));
  return ['document_number', 'birth_date', 'expiry_date'].some((f) => !failed.has(f as MrzCheckFailure['field']));
}

export function rankOf(zone: ParsedZone): number {
  return zone.check_failures.length * 100 + zone.corrections.length;
}

