/**
 * The romanization-insensitive form of a name token ("variant key"). Two spellings of the same name
 * in different romanization systems should get the same key: Yuriy/Iurii/Jurij, Khalid/Halid,
 * Zhukov/Jukov, Hussein/Husayn, Mahmood/Mahmoud, Dmitriy/Dmitry. A family dictionary covers the
 * names whose spellings differ by more than letter rules (name-variant-families.data.ts); generic
 * rules do the rest. The key is only ever compared with other keys, never shown.
 */
import { NAME_VARIANT_FAMILIES } from './name-variant-families.data.js';

const FAMILY_OF = new Map<string, string>();
for (const [canonical, spellings] of Object.entries(NAME_VARIANT_FAMILIES)) {
  FAMILY_OF.set(canonical, canonical);
  for (const s of spellings) FAMILY_OF.set(s, canonical);
}

/** The canonical family spelling of a folded token, or the token itself. */
export function nameFamily(token: string): string {
  return FAMILY_OF.get(token) ?? token;
}

const RULES: Array<[RegExp, string]> = [
  // Digraphs of the various romanization systems → one spelling ("C" = ch, "S" = sh as placeholders).
  [/shch|shtch|sch|szcz/g, 'S'],
  [/tch|tsch|cz|ch/g, 'C'],
  [/sh|sz/g, 'S'],
  [/dzh|dsch|dj|zh|dz(?=[aeiou])/g, 'j'],
  [/kh/g, 'h'],
  [/gh/g, 'g'],
  [/dh/g, 'd'],
  [/th/g, 't'],
  [/ph/g, 'f'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/x/g, 'ks'],
  [/w/g, 'v'],
  [/c(?=[eiy])/g, 's'],
  [/c/g, 'k'],
  [/tz/g, 'ts'],
  // Vowel spellings: French ou, English oo/ee, Slavic iotated vowels.
  [/ou|oo/g, 'u'],
  [/ee/g, 'i'],
  [/^(?:ju|iu|yu)/, 'yu'],
  [/^(?:ja|ia|ya)(?=[^aeiou]|$)/, 'ya'],
  [/^(?:jo|io|yo)(?=[^aeiou]|$)/, 'yo'],
  [/^(?:je|ye)/, 'e'],
  [/([^aeiou])(?:iu|yu)/g, '$1yu'],
  [/([^aeiou])(?:ia|ya)/g, '$1ya'],
  // Endings: -iy/-ii/-yi/-ij/-y → -i; -ey/-ej → -ei; -ah/-eh → -a/-e.
  [/(?:iy|ii|yi|ij|yy)$/, 'i'],
  [/([^aeiou])y$/, '$1i'],
  [/([ae])[yj]$/, '$1i'],
  [/([aeiou])h$/, '$1'],
  // Diphthongs before a consonant: Husayn/Hussein/Hussain, Faysal/Faisal.
  [/(?:ay|ey|ei)(?=[^aeiou]|$)/g, 'ai'],
];

/** Variant key of one folded (lowercase ASCII) token. */
export function variantKey(folded: string): string {
  let key = nameFamily(folded);
  for (const [pattern, replacement] of RULES) key = key.replace(pattern, replacement);
  // Doubled letters carry no distinction across romanizations (Hassan/Hasan, Qaddafi/Qadafi).
  key = key.replace(/(.)\1+/g, '$1');
  return key.replace(/C/g, 'ch').replace(/S/g, 'sh');
}
