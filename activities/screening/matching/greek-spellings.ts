/**
 * The Latin spellings a Greek word can stand for. Greek writes foreign names with its own letters and
 * digraphs, which the one ELOT reading (greek-transliteration.ts) spells as a Greek name is spelled:
 * Λάντεν "lanten" is Laden, Καντίροφ "kantirof" Kadyrov, Αμπράμοβιτς "ampramovits" Abramovich,
 * Σοϊγκού "soigkou" Shoigu, Τζαβάντ "tzavant" Javad, Σινουάρ "sinouar" Sinwar. Each unit — a digraph
 * (μπ, ντ, γκ, τζ, τσ, ου, αι, ει, οι, γι before a vowel) or a letter — is one of its spellings in
 * either tradition: μπ b, mb or mp; ντ d, nd or nt; γκ g, gh, ng; τσ ts or ch; τζ j, dj, dz; σ s or sh;
 * ζ z or zh; ου u, ou or w; χ kh, h or ch; β v, b or w; φ f, ph or v (the -ov of Russian names);
 * η and ει i, e or y, ι υ οι i or y; ο o or u (Μοχάμεντ Muhammed); doubled consonants where Greek
 * writes one; an h Greek cannot write between two vowels (Ιμπραήμ Ibrahim). A folded Latin word matching the
 * word's pattern whole is the same name written another way (token-similarity.ts, 0.9): every letter
 * Greek writes must be met, vowels included, so the pattern is much tighter than a skeleton. The
 * skeletons (phonetic-key.ts) of its likeliest readings are where its candidates are looked up.
 */
import { readingSkeletons, type WordSpellings } from './word-spellings.js';
import { SpellingPattern } from './spelling-pattern.js';


const VOWELS = new Set(['α', 'ε', 'η', 'ι', 'ο', 'υ', 'ω']);
/** A consonant written once in Greek and often twice in Latin (Hassan Χασάν, Nasrallah Νασράλα). */
const doubled = (c: string) => [c, `${c}${c}`];

/** Spellings of each unit, likeliest first; `first`: at the word's start; `beforeFront`: before ε, η, ι, υ, ει, οι, αι. */
function unitSpellings(unit: string, first: boolean, beforeFront: boolean, last: boolean): string[] {
  switch (unit) {
    case 'μπ': return first ? ['b'] : ['b', 'mb', 'mp'];
    case 'ντ': return first ? ['d'] : ['d', 'nd', 'nt'];
    case 'γκ': return first ? ['g', 'gh'] : ['g', 'ng', 'gh', 'gk'];
    case 'γγ': return ['ng', 'g', 'nk', 'ngg'];
    case 'γχ': return ['nkh', 'nch', 'nh'];
    case 'γξ': return ['nx', 'nks', 'x'];
    case 'τζ': return ['j', 'dj', 'dzh', 'dz', 'tz', 'g', 'zh'];
    case 'τσ': return ['ts', 'ch', 'tch', 'tsch', 'c', 'cz', 'tz', 'tsh'];
    case 'ου': return ['u', 'w', 'ou', 'oo', 'wu'];
    case 'αι': return ['e', 'ai', 'ay', 'ae'];
    case 'ει': return ['i', 'ei', 'ey', 'e', 'y', 'ee'];
    case 'οι': return ['i', 'oi', 'oy', 'y'];
    case 'υι': return ['i', 'ui', 'yi'];
    case 'αυ': return ['av', 'af', 'au', 'aw', 'ow'];
    case 'ευ': return ['ev', 'ef', 'eu', 'yev', 'yu'];
    case 'ηυ': return ['iv', 'if', 'iu'];
    case 'γι': return ['y', 'gi', 'j', 'i', 'yi', 'gy'];
    case 'α': return ['a', 'aa'];
    case 'ε': return first ? ['e', 'ye'] : ['e', 'ye', 'ie'];
    case 'η': return ['i', 'e', 'ee', 'y'];
    case 'ι': return ['i', 'y', 'ii', 'ee'];
    case 'υ': return ['i', 'y', 'u'];
    case 'ο': return ['o', 'u'];
    case 'ω': return ['o', 'oo'];
    case 'β': return ['v', 'b', 'w'];
    // Before a front vowel γ is y (Γεβγκένι Yevgeny), which a Latin spelling may leave out at the start (Evgeny).
    case 'γ': return beforeFront ? (first ? ['y', 'g', 'j', ''] : ['y', 'g', 'gh', 'j']) : ['g', 'gh'];
    case 'δ': return ['d', 'dh', 'th', 'dd'];
    case 'ζ': return ['z', 'zh', 'j', 's', 'dz', 'zz'];
    case 'θ': return ['th', 't'];
    case 'κ': return ['k', 'c', 'ck', 'q', 'kh', 'kk'];
    case 'λ': return doubled('l');
    case 'μ': return doubled('m');
    case 'ν': return doubled('n');
    case 'ξ': return ['x', 'ks', 'kc'];
    case 'π': return doubled('p');
    case 'ρ': return ['r', 'rr', 'rh'];
    case 'σ': return ['s', 'sh', 'ss', 'z', 'c', 'sch'];
    case 'τ': return ['t', 'tt', 'th'];
    case 'φ': return last ? ['f', 'v', 'ff', 'ph'] : ['f', 'ph', 'v', 'ff'];
    case 'χ': return ['kh', 'h', 'ch', 'x', 'k', 'hh'];
    case 'ψ': return ['ps'];
    default: return [unit];
  }
}

/** Units that are only ever vowels (ου is w too, αυ ευ have their v). */
const SIMPLE_VOWELS = new Set(['α', 'ε', 'η', 'ι', 'ο', 'υ', 'ω', 'αι', 'ει', 'οι', 'υι']);
const DIGRAPHS = new Set(['μπ', 'ντ', 'γκ', 'γγ', 'γχ', 'γξ', 'τζ', 'τσ', 'ου', 'αι', 'ει', 'οι', 'υι', 'αυ', 'ευ', 'ηυ']);
const FRONT = /^(?:ε|η|ι|υ|ει|οι|αι)/;

/** The word's units: digraphs where no diaeresis parts them (Σοϊγκού: ο + ϊ), γι before a vowel, single letters. */
function unitsOf(word: string): string[] {
  const units: string[] = [];
  // Lower case, accents dropped, a diaeresis kept as a mark that parts its vowel from the one before.
  const letters: Array<{ ch: string; parted: boolean }> = [];
  for (const ch of word.toLowerCase().normalize('NFD')) {
    if (ch === '\u0308') {
      const last = letters[letters.length - 1];
      if (last) last.parted = true;
    } else if (/\p{M}/u.test(ch)) continue;
    else letters.push({ ch: ch === 'ς' ? 'σ' : ch, parted: false });
  }
  for (let i = 0; i < letters.length; ) {
    const a = letters[i] as { ch: string };
    const b = letters[i + 1];
    const pair = b ? a.ch + b.ch : '';
    const vowelAfter = letters[i + 2] !== undefined && VOWELS.has((letters[i + 2] as { ch: string }).ch);
    // ντσ, ντζ: ν + τσ / τζ (Μεντβεντσούκ Medvedchuk, Μπέντζαμιν Benjamin), not ντ + σ / ζ.
    const affricateNext = pair === 'ντ' && (letters[i + 2]?.ch === 'σ' || letters[i + 2]?.ch === 'ζ');
    if (b && !b.parted && !affricateNext && (DIGRAPHS.has(pair) || (pair === 'γι' && vowelAfter))) {
      units.push(pair);
      i += 2;
    } else {
      units.push(a.ch);
      i += 1;
    }
  }
  return units;
}

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

/** The spellings of one Greek word (letters of other scripts and marks are left out); undefined when it holds no Greek letter. */
export function greekSpellings(word: string): WordSpellings | undefined {
  if (!GREEK.test(word)) return undefined;
  const units = unitsOf(word).filter((u) => GREEK.test(u));
  if (units.length === 0) return undefined;
  const options = units.map((u, i) => {
    let o = unitSpellings(u, i === 0, FRONT.test(units[i + 1] ?? ''), i === units.length - 1);
    // ν before τσ / τζ may be the d of ντ (Μεντβεντσούκ Medvedchuk: d + ch).
    if (u === 'ν' && (units[i + 1] === 'τσ' || units[i + 1] === 'τζ')) o = [...o, 'd'];
    // A vowel after a vowel may have an h before it, which Greek cannot write (Ιμπραήμ Ibrahim).
    if (i > 0 && SIMPLE_VOWELS.has(u) && SIMPLE_VOWELS.has(units[i - 1] as string)) o = [...o, ...o.map((v) => `h${v}`)];
    // A final vowel may be written with an h after it (Νασράλα Nasrallah, Χανίγε Haniyeh).
    return i === units.length - 1 && SIMPLE_VOWELS.has(u) ? [...o, ...o.map((v) => `${v}h`)] : o;
  });
  const pattern = new SpellingPattern(options);
  // Skeletons: a vowel's spelling changes no consonant class, so only its likeliest is taken.
  const few = options.map((o, i) => (SIMPLE_VOWELS.has(units[i] as string) ? o.slice(0, 1) : o.slice(0, 3)));
  return { skeletons: readingSkeletons(few, false), pattern, loosePattern: undefined, exclusive: false };
}
