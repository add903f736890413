/**
 * What counts as "blank" for text a person must be able to read (names above all): a string with
 * no visible character. Spaces of every script, zero-width and other default-ignorable characters
 * (U+200B, U+2060, U+FEFF, U+3164 …), controls and lone combining marks show nothing, so a name
 * made only of them is as empty as "" — screening it would report "no match" for an unreadable name.
 */

const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}]*$/u;

/** True when the text shows at least one visible character. */
export function hasVisibleCharacter(text: string): boolean {
  return !INVISIBLE.test(text);
}
