/**
 * A consonant-skeleton phonetic key tuned for names that reach us through transliteration.
 * Vowels, h-less glides (w, y inside a word) and doubled letters carry little information across
 * romanizations (and Arabic script does not write short vowels at all), so the key keeps only
 * consonant classes: b/p, f/v, k/g/q, j, s/z, sh/ch, t/d, l, m, n, r, h.
 * Hussein, Husayn and حسين (→ "husin") all give "HSN"; Qaddafi, Gaddafi, Kadhafi give "KTF".
 * Input is a variant key (name-variants.ts); output is uppercase class letters.
 */

const CLASS: Record<string, string> = {
  b: 'P', p: 'P', f: 'F', v: 'F', k: 'K', g: 'K', j: 'J', s: 'S', z: 'S', t: 'T', d: 'T',
  l: 'L', m: 'M', n: 'N', r: 'R', h: 'H',
};

export function phoneticKey(variant: string): string {
  // ch and sh form one class; ts is an affricate closest to s.
  const text = variant.replace(/ch|sh/g, 'X').replace(/ts/g, 's');
  let key = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    let cls: string | undefined;
    if (ch === 'X') cls = 'X';
    else if ((ch === 'y' || ch === 'v') && i === 0) cls = ch === 'y' ? 'Y' : 'F';
    else if (ch === 'v' && i > 0 && /[aeiou]/.test(text[i - 1] ?? '') && !/[aeiou]/.test(text[i + 1] ?? '')) cls = undefined;
    else cls = CLASS[ch];
    if (cls !== undefined && !key.endsWith(cls)) key += cls;
  }
  return key;
}
