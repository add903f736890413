/**
 * Letters and digits an OCR engine (or a reader of a poor scan) takes for one another: rn/m, vv/w,
 * cl/d, IVI/M, 0/O, 1/I/l, 5/S, 8/B, 6/G, 2/Z. Two words with the same OCR key differ only by such
 * confusions ("Ayrnan"/"Ayman", "5ALIM"/"SALIM", "IVIYINT"/"MYINT", "Lssam"/"Issam").
 * Input is a folded (lowercase ASCII) word.
 */
export function ocrKey(folded: string): string {
  if (!/[0-9]|rn|vv|cl|ivi|[il]/.test(folded)) return folded;
  return singleConfusions(folded.replace(/ivi/g, 'm').replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd'));
}

function singleConfusions(word: string): string {
  return word
    .replace(/0/g, 'o')
    .replace(/[1i]/g, 'l')
    .replace(/5/g, 's')
    .replace(/8/g, 'b')
    .replace(/6/g, 'g')
    .replace(/2/g, 'z');
}

/** A digit 1 that may belong to a letter group: beside c (c1 for cl) or around a v (1V1 for IVI). */
const GROUP_ONE = /c1|1v[i1]|iv1/;

/**
 * The word's OCR key and its other reading, the same key when there is none. A 1 beside c or
 * around a v reads two ways: as an i of its own ("GARC1A" is GARCIA, the OCR key) or as the l / I of
 * a letter group ("SANC1ERNENTE" is SANCLEMENTE read twice wrong: c1 as cl → d, rn → m; "1V1YINT"
 * is MYINT). A word matches another on either reading; a word without such a 1 has one reading.
 */
export function ocrReadings(folded: string): readonly [key: string, grouped: string] {
  const key = ocrKey(folded);
  if (!GROUP_ONE.test(folded)) return [key, key];
  return [key, singleConfusions(folded.replace(/[i1]v[i1]/g, 'm').replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/c[l1]/g, 'd'))];
}
