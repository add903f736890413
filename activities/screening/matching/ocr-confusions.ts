/**
 * Letters and digits an OCR engine (or a reader of a poor scan) takes for one another: rn/m, vv/w,
 * cl/d, IVI/M, 0/O, 1/I/l, 5/S, 8/B, 6/G, 2/Z, 7/T. Two words with the same OCR key differ only by
 * such confusions ("Ayrnan"/"Ayman", "5ALIM"/"SALIM", "IVIYINT"/"MYINT", "Lssam"/"Issam", "7ASK"/"TASK").
 * Input is a folded (lowercase ASCII) word.
 */
export function ocrKey(folded: string): string {
  if (!/[0-9]|rn|vv|cl|ivi|[il]/.test(folded)) return folded;
  return singleConfusions(letterGroups(folded, false));
}

/** rn/m, vv/w, cl/d, IVI/M; `oneInGroups`: a 1 stands for the l / I inside them (c1, 1v1). */
function letterGroups(word: string, oneInGroups: boolean): string {
  return word
    .replace(oneInGroups ? /[i1]v[i1]/g : /ivi/g, 'm')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(oneInGroups ? /c[l1]/g : /cl/g, 'd');
}

function singleConfusions(word: string): string {
  return word
    .replace(/0/g, 'o')
    .replace(/[1i]/g, 'l')
    .replace(/5/g, 's')
    .replace(/8/g, 'b')
    .replace(/6/g, 'g')
    .replace(/2/g, 'z')
    .replace(/7/g, 't');
}

/** A 1 that may belong to a letter group: beside c (c1 for cl) or around a v (1V1 for IVI). */
const GROUP_ONE = /c1|1v[i1]|iv1/;

/**
 * The word's OCR key and its second reading, the same key when there is none. Some digits in a word
 * read two ways: a 1 beside c or around a v is an i of its own ("GARC1A" is GARCIA, the OCR key) or
 * the l / I of a letter group ("SANC1ERNENTE" is SANCLEMENTE read twice wrong: c1 as cl → d, rn → m;
 * "1V1YINT" is MYINT); a 0 is an O (the key) or a D ("0ENIZ", "LIMITE0"); an 8 is a B (the key) or an
 * S ("8ALIM"). With two readings only, a word with a 1 in a letter group keeps that as its second
 * reading (its 0 and 8 read as in the key: "C10SED" is CLOSED); the 0 / D and 8 / S reading is the
 * second one of the other words. A word matches another on either reading; a word without such a
 * digit, or without a letter (a number: "2008" is not "2005"), has one reading.
 */
export function ocrReadings(folded: string): readonly [key: string, second: string] {
  const key = ocrKey(folded);
  // Most words hold none of these digits: one test answers them.
  if (!/[018]/.test(folded) || !/[a-z]/.test(folded)) return [key, key];
  if (GROUP_ONE.test(folded)) return [key, singleConfusions(letterGroups(folded, true))];
  if (!/[08]/.test(folded)) return [key, key];
  return [key, ocrKey(folded.replace(/0/g, 'd').replace(/8/g, 's'))];
}
