/**
 * Splits an alias string that holds several names into those names. Lists write several
 * spellings into one alias field (UN: "Hassan Ghul; Hassan Gul; Hasan Gul"), put a
 * transliteration beside the original in parentheses ("حسن غول (Hassan Ghul; Hassan Gul)",
 * "Jin Tiesan (金铁三)"), number variants ("a) Mohammed Sabet b) M. Javad Kareemi Sabet") and add
 * lowercase notes ("(original script)", "(birth name)"). Matched as one name such a string
 * explains little of any single name in it, so each name is indexed on its own. The rule:
 *   - `;` outside parentheses separates names, and so do enumeration marks "a) ", "b) ";
 *   - a parenthesised group becomes names of its own when it holds a `;` list or is written in
 *     another script than the text around it (after a lowercase label such as "original script:");
 *   - a parenthesised group of lowercase Latin words only is a note and is dropped;
 *   - any other group stays in the name ("Leader (Hong Kong) International", "GDAE", "(Sheikh)").
 * Pure.
 */
import type { EntityName } from '../list-entity.js';

interface Group {
  start: number;
  end: number;
  content: string;
}

/** Top-level `( … )` groups; a `)` without its `(` is ordinary text. */
function groupsOf(text: string): Group[] {
  const groups: Group[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '(') {
      if (depth === 0) start = i;
      depth += 1;
    } else if (ch === ')' && depth > 0) {
      depth -= 1;
      if (depth === 0) groups.push({ start, end: i + 1, content: text.slice(start + 1, i) });
    }
  }
  return groups;
}

/** Splits at `separator` where no parenthesis is open. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '(') depth += 1;
    else if (ch === ')' && depth > 0) depth -= 1;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

const ENUMERATION = /(?:^|\s)[a-z]\)\s+/g;

type ScriptName = 'latin' | 'arabic' | 'cyrillic' | 'greek' | 'han' | 'hangul' | 'kana' | 'hebrew' | 'other';

const SCRIPTS: Array<[ScriptName, RegExp]> = [
  ['latin', /\p{Script=Latin}/u], ['arabic', /\p{Script=Arabic}/u], ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u], ['han', /\p{Script=Han}/u], ['hangul', /\p{Script=Hangul}/u],
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u], ['hebrew', /\p{Script=Hebrew}/u],
];

/** The script most of the letters are written in, or undefined when there are none. */
function dominantScript(text: string): ScriptName | undefined {
  const counts = new Map<ScriptName, number>();
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    const script = SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  let best: ScriptName | undefined;
  for (const [script, n] of counts) if (best === undefined || n > (counts.get(best) as number)) best = script;
  return best;
}

/** "(original script)", "(birth name)", "(third)": lowercase Latin words only. */
function isNote(content: string): boolean {
  return /\p{Script=Latin}/u.test(content) && !/[^\p{Ll}\p{M}\s.,'’-]/u.test(content.trim());
}

/** "original script: Амир Хазмат" → "Амир Хазмат". */
const LABEL = /^\s*[\p{Ll}\s]+:\s*/u;

const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/^[\s,;:)\]]+|[\s,;:([]+$/g, '').trim();

function splitPiece(piece: string): string[] {
  const groups = groupsOf(piece);
  if (groups.length === 0) return [piece];
  let outside = '';
  let cursor = 0;
  for (const g of groups) {
    outside += `${piece.slice(cursor, g.start)} `;
    cursor = g.end;
  }
  outside += piece.slice(cursor);
  const outsideScript = dominantScript(outside);
  let kept = '';
  cursor = 0;
  const extra: string[] = [];
  for (const g of groups) {
    kept += piece.slice(cursor, g.start);
    cursor = g.end;
    const content = g.content.replace(LABEL, '');
    if (isNote(g.content)) continue;
    const script = dominantScript(content);
    const names = splitTopLevel(content, ';').length > 1 || (script !== undefined && outsideScript !== undefined && script !== outsideScript);
    if (names) extra.push(...splitNames(content));
    else kept += piece.slice(g.start, g.end);
  }
  kept += piece.slice(cursor);
  return [kept, ...extra];
}

function splitNames(text: string): string[] {
  const out: string[] = [];
  for (const segment of splitTopLevel(text, ';')) {
    for (const piece of segment.split(ENUMERATION)) out.push(...splitPiece(piece));
  }
  return out;
}

/** The names an alias string holds, in order, without duplicates; the string itself when it holds one. */
export function splitAliasNames(text: string): string[] {
  const names = [...new Set(splitNames(text).map(clean).filter((n) => /\p{L}/u.test(n)))];
  if (names.length === 1 && names[0] === clean(text)) return [text.trim()];
  return names.length > 0 ? names : [text.trim()];
}

/**
 * Adds an alias to an entity's names, one name per name the alias string holds (each keeping the
 * alias's label and strength: a low-quality alias stays weak), skipping names already there.
 * Name parts (first/last) describe the whole string, so split names go without them.
 */
export function addAliasNames(names: EntityName[], alias: EntityName): void {
  const parts = splitAliasNames(alias.full);
  if (parts.length === 1) {
    if (!names.some((n) => n.full === alias.full)) names.push(alias);
    return;
  }
  for (const full of parts) {
    if (!names.some((n) => n.full === full)) names.push({ full, alias_type: alias.alias_type, strength: alias.strength });
  }
}
