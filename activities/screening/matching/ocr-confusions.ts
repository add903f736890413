/**
 * Letters and digits an OCR engine (or a reader of a poor scan) takes for one another: rn/m, vv/w,
 * cl/d, IVI/M, 0/O, 1/I/l, 5/S, 8/B, 6/G, 2/Z. Two words with the same OCR key differ only by such
 * confusions ("Ayrnan"/"Ayman", "5ALIM"/"SALIM", "IVIYINT"/"MYINT", "Lssam"/"Issam").
 * The letter groups are read with the digit 1 standing for I or l inside them (c1/d, 1V1/M), so a
 * word with two confusions at one place ("SANC1ERNENTE") keys like the word itself; an i stays an i
 * there ("Lucia" is not "Luda").
 * Input is a folded (lowercase ASCII) word.
 */
export function ocrKey(folded: string): string {
  if (!/[0-9]|rn|vv|cl|ivi|[il]/.test(folded)) return folded;
  return folded
    .replace(/[i1]v[i1]/g, 'm')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/c[l1]/g, 'd')
    .replace(/0/g, 'o')
    .replace(/[1i]/g, 'l')
    .replace(/5/g, 's')
    .replace(/8/g, 'b')
    .replace(/6/g, 'g')
    .replace(/2/g, 'z');
}
