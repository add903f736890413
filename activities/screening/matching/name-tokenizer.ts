/**
 * Turns a person or organisation name (any script, any order) into folded word tokens with a role.
 * Roles tell the scorer which missing words matter: a missing middle name or second surname costs
 * little, a missing given name or surname costs a lot.
 * Person names: "LAST, First Middle", separate first/middle/last parts, or a plain full name
 * (first word = given name, last word = surname). Titles are dropped, Arabic compounds split,
 * particles marked. Organisation names: legal forms removed from both ends.
 */
import { hasUnidecodeArabicSign, isConsonantalRomanization, readConsonantalWord } from './consonantal-romanization.js';
import { isPureTitle } from './honorifics.js';
import { isLegalForm, stripLegalForms } from './legal-forms.js';
import { canonicalParticle, isAlwaysParticle, splitArabicCompound } from './name-particles.js';
import type { HangulReading } from './hangul-romanization.js';
import type { WordSpellings } from './word-spellings.js';
import { transliterate, type TextReading } from './script-transliteration.js';
import { foldLatin } from './text-fold.js';

export const Role = { Given: 0, Middle: 1, Surname: 2, Surname2: 3, Any: 4 } as const;
export type TokenRole = (typeof Role)[keyof typeof Role];

export interface RawToken {
  folded: string;
  role: TokenRole;
  particle: boolean;
  /** Came from a non-Latin script through transliteration. */
  fromScript: boolean;
  /** Came from a script without written vowels (Arabic, Hebrew). */
  abjad: boolean;
  /** A Latin word written letter for letter from such a script, without vowels (consonantal-romanization.ts). */
  consonantal: boolean;
  /** Romanized from Hangul (hangul-romanization.ts); absent: no. */
  hangul?: boolean;
  /** Romanized from Hangul: the Korean key of that Hangul (hangul-romanization.ts hangulKey), when known. */
  korean?: string;
  /** Written in Hebrew, Greek or katakana: the Latin spellings and skeletons it can stand for (word-spellings.ts); absent: none. */
  spellings?: WordSpellings;
}

interface Word {
  folded: string;
  hyphenAfter: boolean;
  fromScript: boolean;
  abjad: boolean;
  consonantal: boolean;
  /** Romanized from Hangul (script-transliteration.ts): never an Arabic particle (수빈 "su bin"). */
  hangul?: boolean;
  /** Its Hangul's Korean key (RawToken.korean). */
  korean?: string;
  /** Its spellings (RawToken.spellings). */
  spellings?: WordSpellings;
}

/** Whether a whole person name (all its fields) is a consonantal romanization, and where this field starts in it. */
interface Consonantal {
  consonantal: boolean;
  offset: number;
  /** The reading of the name's last word read so far, shared by its fields (`bd / lwHd: al-Wahid). */
  reading: { previous: string };
}

const MARKED_WORD = /['’‘`´ʹ]*[\p{L}\p{N}]+(?:['’‘`´ʹ]+[\p{L}\p{N}]+)*['’‘`´ʹ]*/gu;

/**
 * The words of a Latin name written letter for letter from Arabic script without vowels
 * (consonantal-romanization.ts), or undefined when the name is not written that way.
 */
function consonantalWords(folded: string, isOrganisation: boolean, known?: Consonantal): Word[] | undefined {
  const raw: Array<{ text: string; hyphenAfter: boolean }> = [];
  for (const m of folded.matchAll(MARKED_WORD)) {
    const next = folded[(m.index ?? 0) + m[0].length];
    raw.push({ text: m[0], hyphenAfter: next === '-' || next === '‐' || next === '–' });
  }
  const marked = raw.map((w) => w.text);
  const consonantal = known ? known.consonantal : isOrganisation
    ? isConsonantalRomanization(marked, 4, (w) => isLegalForm([w]), hasUnidecodeArabicSign(folded))
    : isConsonantalRomanization(marked, 2, undefined, hasUnidecodeArabicSign(folded));
  if (!consonantal) return undefined;
  // Each word is read after the one before it, across the name's fields too (`bd lwHd: the article
  // is split off after abd).
  const reading = known?.reading ?? { previous: '' };
  return raw.flatMap((w, i) => {
    // An organisation's name starts with the article as often as not (lq`d@ = al-Qa`ida).
    const parts = readConsonantalWord(w.text, i + (known?.offset ?? 0), reading.previous, isOrganisation);
    reading.previous = parts[parts.length - 1] ?? '';
    return parts.map((part, k) => ({ folded: part, hyphenAfter: k < parts.length - 1 ? false : w.hyphenAfter, fromScript: true, abjad: true, consonantal: true }));
  });
}

/**
 * Transliterates and folds text, then splits it into words, remembering which were hyphen-joined.
 * `hangul`: what kind of name the text is, for Hangul (script-transliteration.ts transliterate).
 */
function words(text: string, joinDottedAbbreviations: boolean, known?: Consonantal, hangul: TextReading = 'name'): Word[] {
  const { text: latin, transliterated, abjad, koreanKeys, wordSpellings } = transliterate(text, hangul);
  // In Latin text a middle dot between two letters belongs to the word (BGN/PCGN "Otvet·stvennost'",
  // Catalan "l·l"); between transliterated CJK names (买买提·艾力) it separates them.
  const folded0 = foldLatin(latin);
  const withMarks = transliterated ? folded0 : folded0.replace(/(\p{L})[·‧](?=\p{L})/gu, '$1');
  if (!transliterated) {
    const consonantal = consonantalWords(withMarks, joinDottedAbbreviations, known);
    if (consonantal) return consonantal;
  }
  let folded = withMarks.replace(/['’‘`´ʹ]/g, '');
  if (joinDottedAbbreviations) {
    // "s.a.r.l." and "c.v" (the last period left out) are one abbreviation each.
    folded = folded.replace(/\b(?:[a-z]\.){2,}(?:[a-z]\b)?|\b[a-z]\.[a-z]\b/g, (m) => ` ${m.replace(/\./g, '')} `);
  }
  const out: Word[] = [];
  const re = /[\p{L}\p{N}]+/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(folded)) !== null) {
    const next = folded[m.index + m[0].length];
    // Only the words written for Hangul are Korean ("Kim 정은": kim is Latin).
    const key = koreanKeys?.get(m[0]);
    const word: Word = { folded: m[0], hyphenAfter: next === '-' || next === '‐' || next === '–', fromScript: transliterated, abjad, consonantal: false, hangul: key !== undefined };
    // Each Latin word written for a Hebrew, Greek or katakana one takes its spellings, in order (a Latin word of the same spelling takes none).
    const spellings = wordSpellings?.get(m[0])?.shift();
    out.push(key ? { ...word, korean: key } : spellings ? { ...word, spellings } : word);
  }
  return out;
}

function expandCompounds(ws: Word[]): Word[] {
  return ws.flatMap((w) => (w.hangul ? [w.folded] : splitArabicCompound(w.folded)).map((folded, i, parts) => {
    const part = { ...w, folded, hyphenAfter: i < parts.length - 1 ? true : w.hyphenAfter };
    // A word's spellings are the whole word's: a piece split off has none.
    if (parts.length > 1) delete part.spellings;
    return part;
  }));
}

/**
 * `leading`: the words start the person's name (its given names, or a name written whole), so the
 * first of them is no particle unless it always is one; `followed`: more of the name follows them (a
 * surname field after the given names). "Ben" (bin, son of) before another word of the name is a
 * particle anywhere but at the name's start — "Usama | ben Laden", "Usama ben | Laden", "Usama ben
 * Laden", "BEN ALI, Zine" — and a given name there (Ben Smith). So is a Hebrew surname's Ben (Ben
 * David), on a list and in a query alike. A field of one word is no particle (as before).
 */
function toTokens(ws: Word[], dropTitles: boolean, leading = true, followed = false): Array<Omit<RawToken, 'role'>> {
  const kept = dropTitles && ws.length > 1 ? ws.filter((w) => !isPureTitle(w.folded)) : ws;
  const list = kept.length > 0 ? kept : ws;
  return list.map((w, i) => {
    const canonical = canonicalParticle(w.folded);
    const inside = i > 0 && i < list.length - 1;
    const sonOf = canonical === 'bin' && (i > 0 || !leading) && (i < list.length - 1 || followed);
    const particle = canonical !== undefined && list.length > 1 && !w.hangul
      && (isAlwaysParticle(w.folded) || w.hyphenAfter || (inside && w.folded.length <= 2) || sonOf);
    const token = { folded: particle ? (canonical as string) : w.folded, particle, fromScript: w.fromScript, abjad: w.abjad, consonantal: w.consonantal };
    if (w.spellings && !particle) return { ...token, spellings: w.spellings };
    return w.hangul ? (w.korean ? { ...token, hangul: true, korean: w.korean } : { ...token, hangul: true }) : token;
  });
}

/** Assigns the leading non-particle word `first` and the others `rest`. */
function assignRoles(tokens: Array<Omit<RawToken, 'role'>>, first: TokenRole, rest: TokenRole): RawToken[] {
  let assigned = false;
  return tokens.map((t) => {
    if (t.particle || assigned) return { ...t, role: rest };
    assigned = true;
    return { ...t, role: first };
  });
}

function personWords(text: string | undefined, known?: Consonantal, hangul: TextReading = 'name', leading = true, followed = false): Array<Omit<RawToken, 'role'>> {
  if (!text) return [];
  return toTokens(expandCompounds(words(text, false, known, hangul)), true, leading, followed);
}

/** Decides once for all the fields of a name whether it is a consonantal romanization (the fields alone are too short to tell). */
function consonantalFields(fields: Array<string | undefined>): Consonantal[] {
  const texts = fields.map((f) => (f ? foldLatin(f) : ''));
  const plain = texts.map((t) => t.split(/[^\p{L}\p{N}'’‘`´ʹ]+/u).filter((w) => w.length > 0));
  const all = plain.flat().filter((w) => w.replace(/['’‘`´ʹ]/g, '').length > 0);
  const signed = fields.some((f) => f !== undefined && hasUnidecodeArabicSign(f));
  const consonantal = !fields.some((f) => f && transliterate(f).transliterated) && isConsonantalRomanization(all, 2, undefined, signed);
  let offset = 0;
  const reading = { previous: '' };
  return plain.map((ws) => {
    const out = { consonantal, offset, reading };
    offset += ws.length;
    return out;
  });
}

export interface PersonNameParts {
  full: string;
  first?: string | undefined;
  middle?: string | undefined;
  last?: string | undefined;
}

/**
 * `bySound`: every word in Hangul or Chinese characters is read as a foreign name written by sound
 * (hangul-spellings.ts, han-spellings.ts), not as a Korean or Chinese name (search.ts reads a query
 * holding either both ways).
 */
export function tokenizePersonName(name: PersonNameParts, bySound = false): RawToken[] {
  const as = (reading: HangulReading): TextReading => (bySound ? 'foreign' : reading);
  if (name.first || name.last) {
    const [kFirst, kMiddle, kLast] = consonantalFields([name.first, name.middle, name.last]);
    // Beside a surname field, the first field holds given names (a Hangul word there is a given name
    // alone, script-transliteration.ts); without one it may hold the whole name.
    const reading = as(name.last?.trim() ? 'given' : 'name');
    const given = personWords(name.first, kFirst, reading, true, Boolean(name.middle?.trim() || name.last?.trim()));
    // A middle field of one word stays a word (toTokens): a list's middle name OULD or BEN meets the
    // particle on the other side through particleMatch, and a vowelless "wld" as a word.
    const middle = personWords(name.middle, kMiddle, reading, false, Boolean(name.last?.trim()));
    // The surname field starts the name only when there is nothing before it.
    const last = personWords(name.last, kLast, as('name'), given.length === 0 && middle.length === 0);
    const tokens = [
      ...assignRoles(given, Role.Given, Role.Middle),
      ...middle.map((t) => ({ ...t, role: Role.Middle })),
      ...assignRoles(last, Role.Surname, Role.Surname2),
    ];
    if (tokens.length > 0) return tokens;
  }
  const comma = name.full.indexOf(',');
  if (comma > 0) {
    const [kLast, kGiven] = consonantalFields([name.full.slice(0, comma), name.full.slice(comma + 1)]);
    const last = personWords(name.full.slice(0, comma), kLast, as('name'), false);
    const given = personWords(name.full.slice(comma + 1), kGiven, as('given'));
    if (last.length > 0 && given.length > 0) {
      return [...assignRoles(last, Role.Surname, Role.Surname2), ...assignRoles(given, Role.Given, Role.Middle)];
    }
  }
  const all = personWords(name.full, undefined, as('name'));
  const content = all.map((t, i) => (t.particle ? -1 : i)).filter((i) => i >= 0);
  if (content.length < 2) return all.map((t) => ({ ...t, role: Role.Any }));
  const firstIdx = content[0] as number;
  const lastIdx = content[content.length - 1] as number;
  return all.map((t, i) => ({
    ...t,
    role: i === firstIdx ? Role.Given : i === lastIdx ? Role.Surname : i > lastIdx ? Role.Surname2 : Role.Middle,
  }));
}

/** A screening query: the caller's first and last name fields. */
export function tokenizePersonQuery(nameFirst: string, nameLast: string, bySound = false): RawToken[] {
  return tokenizePersonName({ full: `${nameFirst} ${nameLast}`, first: nameFirst, last: nameLast }, bySound);
}

const GLUED_LEGAL_FORM = /^([a-z0-9]{3,}?)(ltd|llc|limited|gmbh|inc|corp|plc|fze|llp|jsc)$/;

/** "SHIPPINGLTD" → "shipping ltd": a legal form typed without its space. Only on the last word. */
function splitGluedLegalForm(w: Word, i: number, all: Word[]): Word[] {
  const m = i === all.length - 1 && all.length <= 4 ? GLUED_LEGAL_FORM.exec(w.folded) : null;
  return m ? [{ ...w, folded: m[1] as string }, { ...w, folded: m[2] as string }] : [w];
}

/** `bySound`: as tokenizePersonName's. */
export function tokenizeOrganisationName(full: string, bySound = false): RawToken[] {
  const ws = expandCompounds(words(full, true, undefined, bySound ? 'foreign' : 'words')).flatMap(splitGluedLegalForm);
  const { core } = stripLegalForms(ws.map((w) => w.folded));
  // Keep the word records of the core (legal forms removed from the ends).
  const start = ws.findIndex((_, i) => ws.slice(i, i + core.length).map((w) => w.folded).join(' ') === core.join(' '));
  const kept = start >= 0 ? ws.slice(start, start + core.length) : ws;
  return toTokens(kept, false).map((t) => ({ ...t, role: Role.Any }));
}
