/**
 * The name variations the evaluation set applies to real listed names: each function takes words
 * and returns the variant a customer, analyst or other data source might write.
 */
import type { SeededRandom } from './seeded-random.js';

const ACCENTS: Record<string, string[]> = { a: ['á', 'à', 'â', 'ä', 'ã'], e: ['é', 'è', 'ê', 'ë'], i: ['í', 'î', 'ï'], o: ['ó', 'ô', 'ö', 'ø'], u: ['ú', 'ü', 'û'], c: ['ç'], n: ['ñ'], s: ['ş', 'š'], z: ['ž'], l: ['ł'] };

export function addDiacritics(word: string, rng: SeededRandom): string {
  const chars = [...word];
  const spots = chars.map((c, i) => (ACCENTS[c.toLowerCase()] ? i : -1)).filter((i) => i >= 0);
  if (spots.length === 0) return word;
  for (const i of rng.shuffle(spots).slice(0, 2)) {
    const c = chars[i] as string;
    const acc = rng.pick(ACCENTS[c.toLowerCase()] as string[]);
    chars[i] = c === c.toUpperCase() ? acc.toUpperCase() : acc;
  }
  return chars.join('');
}

/** One or two keyboard-style typos: substitution, deletion, insertion or adjacent transposition. */
export function typo(word: string, rng: SeededRandom): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let w = word;
  const edits = w.length >= 9 && rng.chance(0.3) ? 2 : 1;
  for (let e = 0; e < edits; e += 1) {
    // Typos rarely hit the first letter.
    const i = 1 + rng.int(Math.max(1, w.length - 1));
    const op = rng.int(4);
    const upper = w === w.toUpperCase();
    const ch = upper ? rng.pick([...letters]).toUpperCase() : rng.pick([...letters]);
    if (op === 0) w = w.slice(0, i) + ch + w.slice(i + 1);
    else if (op === 1 && w.length > 4) w = w.slice(0, i) + w.slice(i + 1);
    else if (op === 2) w = w.slice(0, i) + ch + w.slice(i);
    else if (i < w.length - 1) w = w.slice(0, i) + (w[i + 1] as string) + (w[i] as string) + w.slice(i + 2);
  }
  return w;
}

const RESPELLINGS: Array<[RegExp, string]> = [
  [/ph/i, 'f'], [/f/i, 'ph'], [/ck/i, 'k'], [/c(?=[aou])/i, 'k'], [/k/i, 'c'], [/ee/i, 'i'], [/ou/i, 'u'], [/oo/i, 'u'],
  [/u/i, 'ou'], [/i(?=[aeou])/i, 'y'], [/y/i, 'i'], [/z/i, 's'], [/s(?=[aeiou])/i, 'z'], [/kh/i, 'h'], [/sh/i, 'sch'],
  [/ss/i, 's'], [/([bdfglmnprt])(?=[aeiou])/i, '$1$1'], [/q/i, 'k'], [/w/i, 'v'], [/v/i, 'w'], [/j(?=[aeiou])/i, 'dj'],
];

/** A spelling that sounds the same (ph/f, c/k, ou/u, doubled consonants ...). */
export function respell(word: string, rng: SeededRandom): string {
  const rules = rng.shuffle([...RESPELLINGS]);
  for (const [re, rep] of rules) {
    const out = word.replace(re, (m, g1?: string) => {
      const r = typeof g1 === 'string' && rep.includes('$1') ? rep.replace(/\$1/g, g1) : rep;
      return m === m.toUpperCase() ? r.toUpperCase() : r;
    });
    if (out !== word && out.length > 1) return out;
  }
  return word;
}

const FAMILY_SWAPS: Array<[RegExp, string[]]> = [
  [/^(MOHAMMED|MUHAMMAD|MOHAMED|MOHAMMAD|MOHAMAD|MUHAMMED)$/i, ['Mohammed', 'Muhammad', 'Mohamed', 'Mohamad', 'Mohammad']],
  [/^(AHMED|AHMAD)$/i, ['Ahmed', 'Ahmad']],
  [/^(HUSSEIN|HUSAYN|HUSSAIN|HUSEIN|HOSSEIN)$/i, ['Hussein', 'Husayn', 'Hussain', 'Husein']],
  [/^(HASSAN|HASAN)$/i, ['Hassan', 'Hasan']],
  [/^(OSAMA|USAMA)$/i, ['Osama', 'Usama']],
  [/^(OMAR|UMAR)$/i, ['Omar', 'Umar']],
  [/^(YOUSSEF|YUSUF|YOUSEF|YOUSIF)$/i, ['Youssef', 'Yusuf', 'Yousef']],
  [/^(ABDUL|ABDEL|ABD)$/i, ['Abdul', 'Abdel', 'Abd']],
  [/^(MAHMOUD|MAHMUD|MAHMOOD)$/i, ['Mahmoud', 'Mahmud', 'Mahmood']],
  [/^(ABDULLAH|ABDALLAH|ABDULLA)$/i, ['Abdullah', 'Abdallah', 'Abdulla']],
  [/^(SULEIMAN|SULAYMAN|SULAIMAN)$/i, ['Suleiman', 'Sulayman', 'Sulaiman']],
  [/^(KHALID|KHALED)$/i, ['Khalid', 'Khaled']],
  [/^(MUSTAFA|MOSTAFA|MOUSTAFA)$/i, ['Mustafa', 'Mostafa', 'Moustafa']],
];

const ROMANIZATION_SWAPS: Array<[RegExp, string]> = [
  [/^YU/i, 'Iu'], [/^IU/i, 'Yu'], [/^YA/i, 'Ia'], [/KH/i, 'H'], [/ZH/i, 'J'], [/IY$/i, 'ii'], [/IY$/i, 'y'],
  [/Y$/i, 'iy'], [/EY$/i, 'ei'], [/YEV/i, 'Ev'], [/^E(?=[^aeiou])/i, 'Ye'], [/TS/i, 'tz'], [/KS/i, 'x'], [/X/i, 'ks'],
  [/OU/i, 'u'], [/AY/i, 'ai'], [/EI/i, 'ey'], [/SHCH/i, 'sch'], [/CH/i, 'tch'], [/J/i, 'dzh'], [/V$/i, 'ff'],
  [/^AL-/i, 'El-'], [/^EL-/i, 'Al-'], [/^AL-/i, 'Al '], [/AH$/i, 'a'],
];

/** Another romanization of the same name (Mohammed/Muhammad, Yuriy/Iurii, Kh/H, Zh/J ...). */
export function romanizationVariant(word: string, rng: SeededRandom): string {
  for (const [re, options] of FAMILY_SWAPS) {
    if (re.test(word)) {
      const others = options.filter((o) => o.toUpperCase() !== word.toUpperCase());
      if (others.length > 0) return rng.pick(others);
    }
  }
  for (const [re, rep] of rng.shuffle([...ROMANIZATION_SWAPS])) {
    if (re.test(word)) return word.replace(re, rep);
  }
  return word;
}

export const HONORIFICS = ['Mr', 'Dr.', 'Sheikh', 'Haji', 'General', 'Mullah', 'Mrs', 'Colonel', 'Prof.', 'Maulavi', 'Engineer'];

export const LEGAL_FORM_SWAPS: Array<[RegExp, string[]]> = [
  [/\b(LLC|L\.L\.C\.)$/i, ['Limited Liability Company', 'L.L.C.', 'LLC', 'Ltd']],
  [/\b(LTD\.?|LIMITED)$/i, ['Limited', 'Ltd.', 'Ltd', 'Co., Ltd.', 'LLC']],
  [/\b(CO\.?,? LTD\.?)$/i, ['Company Limited', 'Co Ltd', 'Ltd']],
  [/\b(S\.A\.|SA)$/i, ['S.A.', 'SA', 'Sociedad Anonima', 'S.A. de C.V.']],
  [/\b(GMBH)$/i, ['GmbH', 'AG', 'G.m.b.H.']],
  [/\b(INC\.?|INCORPORATED)$/i, ['Inc.', 'Incorporated', 'Corp.']],
  [/\b(CORP\.?|CORPORATION)$/i, ['Corporation', 'Corp', 'Inc']],
  [/^(OOO|ООО|AO|OAO|ZAO|PAO)\s/i, ['LLC ', 'ООО ', 'JSC ', '']],
  [/\b(JSC|PJSC|OJSC|CJSC)$/i, ['Joint Stock Company', 'PJSC', 'AO', 'OAO']],
  [/\b(SDN\.? BHD\.?)$/i, ['Sdn. Bhd.', 'Sendirian Berhad', 'Bhd']],
  [/\b(PLC)$/i, ['Public Limited Company', 'P.L.C.', 'Ltd']],
  [/\b(S\.R\.L\.|SRL)$/i, ['S.R.L.', 'SRL', 'S.A.R.L.']],
];
