// Recognises a country written on its own in an address: an ISO 3166 code (GB, GBR) or the
// country's name in the languages of the documents we read (English, French, German, Spanish,
// Italian, Dutch, Portuguese), from the maintained i18n-iso-countries tables, plus the UK's
// constituent nations, which addresses often name instead of the state.

import countries from 'i18n-iso-countries';
import { foldText } from './text-folding.js';

const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'] as const;
const EXTRA_NAMES: Readonly<Record<string, string>> = { england: 'GB', scotland: 'GB', wales: 'GB', 'northern ireland': 'GB', 'great britain': 'GB' };

let byName: Map<string, string> | undefined;

function namesIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(EXTRA_NAMES));
  for (const language of LANGUAGES) {
    for (const [code, names] of Object.entries(countries.getNames(language, { select: 'all' }))) {
      for (const name of names) byName.set(normalised(name), code);
    }
  }
  return byName;
}

function normalised(text: string): string {
  return foldText(text).replace(/[.’']/g, '').replace(/\s+/g, ' ').trim();
}

/** The ISO alpha-2 code of a country written as `text` (the whole of it), or undefined. */
export function countryCodeOf(text: string): string | undefined {
  const trimmed = text.trim();
  // Codes only in capitals: "it", "de" or "es" in running text are words, not countries.
  if (trimmed === 'UK') return 'GB';
  if (/^[A-Z]{2}$/.test(trimmed)) return countries.isValid(trimmed) ? trimmed : undefined;
  if (/^[A-Z]{3}$/.test(trimmed)) {
    const code = countries.alpha3ToAlpha2(trimmed);
    if (code) return code;
  }
  return namesIndex().get(normalised(trimmed));
}
