/**
 * Company legal forms (LLC, L.L.C., Ltd, OOO/ООО, GmbH, S.A. de C.V., Sdn Bhd ...). They are removed
 * from the start and end of organisation names before comparison, so "ACME LLC", "Acme Limited" and
 * "ООО Акме" compare on "acme" alone: a differing or missing legal form costs nothing.
 * Multi-word forms are token sequences, matched longest first. Tokens are folded words where dotted
 * abbreviations are already joined (s.a.r.l. → sarl).
 */

import { boundedMemo } from './bounded-memo.js';
import { ocrReadings } from './ocr-confusions.js';
import { osaDistance } from './string-similarity.js';

const FORMS: string[] = [
  // English
  'llc', 'l l c', 'ltd', 'limited', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'plc', 'llp', 'lp', 'lllp',
  'pllc', 'pty', 'pty ltd', 'pte', 'pte ltd', 'private limited', 'pvt', 'pvt ltd', 'public limited company',
  'limited liability company', 'limited liability partnership', 'limited partnership', 'co ltd', 'company limited',
  'co inc', 'joint stock company', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'public joint stock company',
  'open joint stock company', 'closed joint stock company', 'fze', 'fzco', 'fzc', 'fz llc', 'fzllc', 'wll', 'w l l',
  // Russian, Ukrainian, Belarusian, Kazakh (transliterated)
  'ooo', 'zao', 'oao', 'pao', 'ao', 'tov', 'pat', 'prat', 'too', 'chp', 'ip', 'nao', 'gup', 'fgup', 'mup',
  'obshchestvo s ogranichennoy otvetstvennostyu', 'aktsionernoe obshchestvo', 'publichnoe aktsionernoe obshchestvo',
  'zakrytoe aktsionernoe obshchestvo', 'otkrytoe aktsionernoe obshchestvo', 'tovarystvo z obmezhenoiu vidpovidalnistiu',
  'aktsionerne tovarystvo', 'pryvatne aktsionerne tovarystvo', 'publichne aktsionerne tovarystvo',
  // German, Dutch, Nordic, Central Europe
  'gmbh', 'ag', 'kg', 'gmbh co kg', 'gmbh and co kg', 'ohg', 'ug', 'gbr', 'ev', 'kgaa', 'se', 'bv', 'nv', 'vof', 'cv',
  'ab', 'as', 'asa', 'aps', 'oy', 'oyj', 'hf', 'ehf', 'sro', 's r o', 'as', 'spol s r o', 'kft', 'zrt', 'nyrt', 'bt',
  'ou', 'uab', 'sia', 'eood', 'ae', 'epe', 'ike',
  'sp z o o', 'sp zoo', 'spzoo', 'doo', 'd o o', 'dd', 'ad', 'ead', 'ood', 'srl', 'sa', 'sal', 'sas', 'sarl', 'sprl',
  'sca', 'scs', 'snc', 'sc', 'eurl', 'sasu', 'spa', 'sapa', 'scarl', 'sl', 'slu', 'sau', 'slne',
  'aktiengesellschaft', 'gesellschaft mit beschrankter haftung', 'societe anonyme', 'sociedad anonima',
  'sociedad limitada', 'societa per azioni', 'societe a responsabilite limitee',
  // Latin America, Iberia
  'sa de cv', 'sab de cv', 's de rl de cv', 's de rl', 'ltda', 'eireli', 'eirl', 'sac', 'saa', 'saic', 'saci', 'cia',
  'cia ltda', 'y cia', 'me', 'epp', 'lda',
  // Asia, Middle East, Africa
  'sdn bhd', 'bhd', 'berhad', 'sendirian berhad', 'pt', 'tbk', 'pt tbk', 'cv', 'kk', 'kabushiki kaisha', 'gk', 'yk',
  'jsc co', 'co ltd', 'company ltd', 'pjs', 'psc', 'qsc', 'qpsc', 'saog', 'saoc', 'bsc', 'bscc', 'kscp', 'kscc', 'ksc',
  'spc', 'fzo', 'sae', 'plc ltd', 'tic', 'as tic', 'ltd sti', 'sti', 'llc fz',
];

/** Forms that also stand before the name (ООО "Ромашка", PT Bank X, JSC X); all others only after it. */
const LEADING_FORMS = new Set(['ooo', 'zao', 'oao', 'pao', 'ao', 'tov', 'pat', 'prat', 'too', 'nao', 'gup', 'fgup', 'mup',
  'chp', 'pt', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'ab', 'uab', 'sia', 'joint stock company', 'public joint stock company',
  'open joint stock company', 'closed joint stock company', 'obshchestvo s ogranichennoy otvetstvennostyu',
  'aktsionernoe obshchestvo', 'publichnoe aktsionernoe obshchestvo', 'zakrytoe aktsionernoe obshchestvo',
  'otkrytoe aktsionernoe obshchestvo', 'kabushiki kaisha', 'llc', 'limited liability company', 'tovarystvo z obmezhenoiu vidpovidalnistiu',
  'aktsionerne tovarystvo', 'pryvatne aktsionerne tovarystvo', 'publichne aktsionerne tovarystvo']);

/**
 * A romanization-insensitive key for the long words of legal forms written in another script:
 * "obshchestvo", "obshhestvo", "obscestvo", "obŝestvo" (ISO 9), "akcionernoe", "aktsionernoe" and
 * "otvetstvennostyu", "otvetstvennostʹju", "otvetstvennostu" each give one key (h and the iotation
 * letters i/y/j dropped, the sibilant spellings ts/tc/cz/c folded to s, doubled letters collapsed).
 * Used only to recognise legal-form words, never on the name's own words.
 */
export function legalFormKey(word: string): string {
  return word.replace(/[hyij]/g, '').replace(/tcz|tsz|ts|tc|cz|c|z(?=s)/g, 's').replace(/(.)\1+/g, '$1');
}

const LOOSE_FORM_WORD_LENGTH = 6;
const formKeys = new Map<string, string>();
function cachedFormKey(word: string): string {
  let key = formKeys.get(word);
  if (key === undefined) {
    key = legalFormKey(word);
    if (formKeys.size < 50_000) formKeys.set(word, key);
  }
  return key;
}

/** A token is the form word when spelled the same, or for long words under another romanization. */
function sameFormWord(token: string, formWord: string): boolean {
  return token === formWord || (formWord.length >= LOOSE_FORM_WORD_LENGTH && token.length >= LOOSE_FORM_WORD_LENGTH - 2 && cachedFormKey(token) === cachedFormKey(formWord));
}

const FORM_SEQUENCES: string[][] = [...new Set(FORMS)]
  .map((f) => f.split(' '))
  .sort((a, b) => b.length - a.length);
/** The sequences of LEADING_FORMS (looked up by identity: no join per sequence and step). */
const LEADING_SEQUENCES: ReadonlySet<string[]> = new Set(FORM_SEQUENCES.filter((seq) => LEADING_FORMS.has(seq.join(' '))));

export interface LegalFormSplit {
  /** The name's own words. */
  core: string[];
  /** The legal forms found, as written (joined tokens). */
  forms: string[];
}

/** OCR readings of the words compared with form words (a token is compared with many forms). */
const ocrReadingsOf = boundedMemo(ocrReadings, 50_000);

/** A token's OCR readings (ocrReadingsOf) meet a form word's (on either of its readings; form words have one: no digits). */
function readsAsFormWord(readings: readonly [string, string], word: string): boolean {
  const [formKey] = ocrReadingsOf(word);
  return readings[0] === formKey || readings[1] === formKey;
}

/** Forms of at least this many words are recognised with one word of 4+ letters misspelt by one edit. */
const MISSPELT_SHORT_WORD_FORM_LENGTH = 3;

/**
 * A damaged word of a form of several words: a long word (7+ letters) within two edits ("LWAIBILITY"),
 * a word of 4+ letters read with OCR confusions ("JO1NT", "5TOCK", "COIVIPANY", "LIIVIITED"), or,
 * in a form of three words or more, a word of 4+ letters within one edit ("STCK", "JIONT", "OPFN") —
 * but not the form's word that stands beside the name's own words (`besideName`), which may be the
 * name's own word one letter away ("ACME OPEL JOINT STOCK COMPANY", "ALPHA POINT STOCK COMPANY").
 * `afterRepair`: a word of the name was already repaired into a form word (repairFormWord), which
 * counts as the form's one damaged word; only the long-word allowance holds on that pass.
 * The form's other words must be written as they are, so the form still reads as one.
 */
function nearFormWord(token: string, word: string, formLength: number, besideName: boolean, afterRepair: boolean): boolean {
  if (word.length < 4 || token.length < 4 || Math.abs(token.length - word.length) > 2) return false;
  if (word.length >= 7 && osaDistance(token, word, 2) <= 2) return true;
  if (afterRepair) return false;
  if (readsAsFormWord(ocrReadingsOf(token), word)) return true;
  return !besideName && formLength >= MISSPELT_SHORT_WORD_FORM_LENGTH && withinOneEdit(token, word);
}

/** Whether `seq` stands at `start` of `tokens`; `leading`: a form before the name (its last word is beside the name), else after it (its first). */
function matchAt(tokens: string[], start: number, seq: string[], leading: boolean, afterRepair: boolean): boolean {
  if (start < 0 || start + seq.length > tokens.length) return false;
  // A form of several words still reads as one with one word damaged ("LIMITED LWAIBILITY COMPANY", "JOINT 5TOCK COMPANY").
  const besideName = leading ? seq.length - 1 : 0;
  let misspelt = 0;
  for (let i = 0; i < seq.length; i += 1) {
    const token = tokens[start + i] as string;
    const word = seq[i] as string;
    if (sameFormWord(token, word)) continue;
    if (seq.length < 2 || (misspelt += 1) > 1 || !nearFormWord(token, word, seq.length, i === besideName, afterRepair)) return false;
  }
  return true;
}

/** Long words of legal forms, the ones a typo or a missing space can still be recognised in. */
const LONG_FORM_WORDS = [...new Set(FORM_SEQUENCES.flat().filter((w) => w.length >= 6))];
/** Words that can stand glued to another form word ("publicjoint", "limitedliability"). */
const GLUABLE_FORM_WORDS = new Set(FORM_SEQUENCES.filter((seq) => seq.length > 1).flat().filter((w) => w.length >= 4));

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
  if (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) return true; // transposition
  return a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i); // insertion or deletion
}

/** "comhany" → ["company"], "liiviited" (OCR) → ["limited"], "limitedliability" → ["limited", "liability"]; null when not a damaged form word. */
function repairFormWord(token: string): string[] | null {
  if (token.length < 6 || LONG_FORM_WORDS.includes(token)) return null;
  for (const w of GLUABLE_FORM_WORDS) {
    if (token.startsWith(w) && GLUABLE_FORM_WORDS.has(token.slice(w.length))) return [w, token.slice(w.length)];
  }
  // A word that reads as exactly one form word with OCR confusions is that word, even when it is also
  // one edit from another ("LIMITE0": limited, not limitee).
  const readings = ocrReadingsOf(token);
  const read = LONG_FORM_WORDS.filter((w) => readsAsFormWord(readings, w));
  if (read.length === 1) return [read[0] as string];
  const near = LONG_FORM_WORDS.filter((w) => read.includes(w) || withinOneEdit(token, w));
  if (near.length === 1) return [near[0] as string];
  // One edit from several form words: the one that is a legal form on its own, when only one is
  // ("LIMITER", "LIMITEX": limited, not the French form's last word limitee).
  const alone = near.filter((w) => SINGLE_WORD_FORMS.has(w));
  return alone.length === 1 ? [alone[0] as string] : null;
}

/** Legal forms of one word ("limited", "corporation"). */
const SINGLE_WORD_FORMS = new Set(FORM_SEQUENCES.filter((seq) => seq.length === 1).map((seq) => seq[0] as string));

/**
 * Removes legal forms from both ends, repeatedly ("X Co., Ltd." → X). Keeps at least one word.
 * A misspelt or glued legal-form word ("COMHANY", "LDIMITED", "LIMITEDLIABILITY") is recognised
 * only when, repaired, it is stripped as part of a legal form at an end; it never changes the name's
 * own words.
 */
export function stripLegalForms(tokens: string[]): LegalFormSplit {
  const exact = stripExactLegalForms(tokens);
  const repaired: string[] = [];
  const touched = new Set<string>();
  for (const t of tokens) {
    const fix = exact.core.includes(t) ? repairFormWord(t) : null;
    if (fix) {
      repaired.push(...fix);
      for (const f of fix) touched.add(f);
    } else repaired.push(t);
  }
  if (touched.size === 0) return exact;
  const second = stripExactLegalForms(repaired, true);
  const repairedStayInName = second.core.some((t) => touched.has(t) && !tokens.includes(t));
  return second.core.length < exact.core.length && !repairedStayInName ? second : exact;
}

/**
 * Legal forms stripped from both ends, repeatedly. Where several forms could be stripped next (the
 * trailing "company ltd" and "ltd" of "X PUBLIC JOINT STOCK COMPANY LTD", or a leading form and a
 * trailing one), each is tried and the reading that leaves the fewest words of the name is kept
 * (there: "ltd", then "public joint stock company"); the first, longest form wins a tie. The words
 * left are always one run [start, end) of the tokens, so each run is worked out once (a name of
 * stacked forms, "X CO LTD CO LTD …", costs a few thousand comparisons, not one per way of reading it).
 */
function stripExactLegalForms(tokens: string[], afterRepair = false): LegalFormSplit {
  interface Reading { start: number; end: number; trailing: string[]; leading: string[] }
  const memo = new Map<number, Reading>();
  const solve = (start: number, end: number): Reading => {
    const key = start * (tokens.length + 1) + end;
    const known = memo.get(key);
    if (known) return known;
    let best: Reading | undefined;
    if (end - start > 1) {
      // A leading article is no part of a company's name ("The Acme Company", "THE JOINT STOCK COMPANY X").
      if (tokens[start] === 'the') {
        const rest = solve(start + 1, end);
        best = { ...rest, leading: ['the', ...rest.leading] };
      } else {
        for (const seq of FORM_SEQUENCES) {
          if (end - start - seq.length < 1) continue;
          // The same form at both ends: the trailing one is tried (either leaves the same words).
          let reading: Reading | undefined;
          if (matchAt(tokens, end - seq.length, seq, false, afterRepair)) {
            const rest = solve(start, end - seq.length);
            reading = { ...rest, trailing: [...rest.trailing, tokens.slice(end - seq.length, end).join(' ')] };
          } else if (LEADING_SEQUENCES.has(seq) && matchAt(tokens, start, seq, true, afterRepair)) {
            const rest = solve(start + seq.length, end);
            reading = { ...rest, leading: [tokens.slice(start, start + seq.length).join(' '), ...rest.leading] };
          }
          if (reading && (!best || reading.end - reading.start < best.end - best.start)) best = reading;
        }
      }
    }
    const result = best ?? { start, end, trailing: [], leading: [] };
    memo.set(key, result);
    return result;
  };
  const reading = solve(0, tokens.length);
  return { core: tokens.slice(reading.start, reading.end), forms: [...reading.trailing, ...reading.leading] };
}

/** True when the whole token list is one legal form (e.g. a stray "Ltd" alias). */
export function isLegalForm(tokens: string[]): boolean {
  return FORM_SEQUENCES.some((seq) => seq.length === tokens.length && matchAt(tokens, 0, seq, false, false));
}
