/**
 * Greek → Latin (ELOT 743 style) for names, one word at a time. Accents are dropped first; the
 * digraphs αυ/ευ/ου and γγ/γκ get their usual readings.
 */

const DIGRAPHS: Record<string, string> = {
  ου: 'ou', αυ: 'av', ευ: 'ev', ηυ: 'iv', γγ: 'ng', γκ: 'gk', γξ: 'nx', γχ: 'nch', μπ: 'b', ντ: 'nt',
};

const LETTERS: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps',
  ω: 'o',
};

const GREEK_LETTER = /[\u0370-\u03ff\u1f00-\u1fff]/;

export function isGreek(ch: string): boolean {
  return GREEK_LETTER.test(ch);
}

export function transliterateGreekWord(word: string): string {
  const plain = word.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '');
  let out = '';
  for (let i = 0; i < plain.length; ) {
    const pair = plain.slice(i, i + 2);
    const digraph = DIGRAPHS[pair];
    // μπ and ντ read as b / d only at the start of a word.
    if (digraph !== undefined && !((pair === 'μπ' || pair === 'ντ') && i > 0)) {
      out += pair === 'ντ' ? 'd' : digraph;
      i += 2;
      continue;
    }
    const ch = plain[i] as string;
    out += LETTERS[ch] ?? ch;
    i += 1;
  }
  return out;
}
