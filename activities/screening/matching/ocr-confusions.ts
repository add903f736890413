/**
 * Letters and digits an OCR engine (or a reader of a poor scan) takes for one another: rn/m, vv/w,
 * cl/d, IVI/M, 0/O, 1/I/l, 5/S, 8/B, 6/G, 2/Z, 7/T. Two words with the same OCR key differ only by
 * such confusions ("Ayrnan"/"Ayman", "5ALIM"/"SALIM", "IVIYINT"/"MYINT", "Lssam"/"Issam", "7ASK"/"TASK").
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
    .replace(/2/g, 'z')
    .replace(/7/g, 't');
}

/** A digit with a second reading: a 1 beside c or around a v, a 0 (O or D), an 8 (B or S). */
const SECOND_READING = /c1|1v[i1]|iv1|[08]/;

/**
 * The word's OCR key and its second reading, the same key when there is none. Some digits read two
 * ways: a 1 beside c or around a v is an i of its own ("GARC1A" is GARCIA, the OCR key) or the l / I
 * of a letter group ("SANC1ERNENTE" is SANCLEMENTE read twice wrong: c1 as cl → d, rn → m; "1V1YINT"
 * is MYINT); a 0 is an O (the key) or a D ("0ENIZ", "LIMITE0"); an 8 is a B (the key) or an S
 * ("8ALIM"). The second reading takes every digit its second way. A word matches another on either
 * reading; a word without such a digit has one reading.
 */
export function ocrReadings(folded: string): readonly [key: string, second: string] {
  const key = ocrKey(folded);
  if (!SECOND_READING.test(folded)) return [key, key];
  const second = folded.replace(/[i1]v[i1]/g, 'm').replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/c[l1]/g, 'd').replace(/0/g, 'd').replace(/8/g, 's');
  return [key, singleConfusions(second)];
}
