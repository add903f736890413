/**
 * Company legal forms (LLC, L.L.C., Ltd, OOO/ООО, GmbH, S.A. de C.V., Sdn Bhd ...). They are removed
 * from the start and end of organisation names before comparison, so "ACME LLC", "Acme Limited" and
 * "ООО Акме" compare on "acme" alone: a differing or missing legal form costs nothing.
 * Multi-word forms are token sequences, matched longest first. Tokens are folded words where dotted
 * abbreviations are already joined (s.a.r.l. → sarl).
 */

const FORMS: string[] = [
  // English
  'llc', 'l l c', 'ltd', 'limited', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'plc', 'llp', 'lp', 'lllp',
  'pllc', 'pty', 'pty ltd', 'pte', 'pte ltd', 'private limited', 'pvt', 'pvt ltd', 'public limited company',
  'limited liability company', 'limited liability partnership', 'limited partnership', 'co ltd', 'company limited',
  'co inc', 'joint stock company', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'public joint stock company',
  'open joint stock company', 'closed joint stock company', 'fze', 'fzco', 'fzc', 'fz llc', 'fzllc', 'wll', 'w l l',
  // Russian, Ukrainian, Belarusian, Kazakh (transliterated)
  'ooo', 'zao', 'oao', 'pao', 'ao', 'tov', 'pat', 'prat', 'too', 'chp', 'ip', 'nao', 'gup', 'fgup', 'mup',
  'obshchestvo s ogranichennoy otvetstvennostyu', 'aktsionernoe obshchestvo', 'publichnoe aktsionernoe obshchestvo',
  'zakrytoe aktsionernoe obshchestvo', 'otkrytoe aktsionernoe obshchestvo',
  // German, Dutch, Nordic, Central Europe
  'gmbh', 'ag', 'kg', 'gmbh co kg', 'gmbh and co kg', 'ohg', 'ug', 'gbr', 'ev', 'kgaa', 'se', 'bv', 'nv', 'vof', 'cv',
  'ab', 'as', 'asa', 'aps', 'oy', 'oyj', 'hf', 'ehf', 'sro', 's r o', 'as', 'spol s r o', 'kft', 'zrt', 'nyrt', 'bt',
  'sp z o o', 'sp zoo', 'spzoo', 'doo', 'd o o', 'dd', 'ad', 'ead', 'ood', 'srl', 'sa', 'sal', 'sas', 'sarl', 'sprl',
  'sca', 'scs', 'snc', 'sc', 'eurl', 'sasu', 'spa', 'sapa', 'scarl', 'sl', 'slu', 'sau', 'slne',
  'aktiengesellschaft', 'gesellschaft mit beschrankter haftung', 'societe anonyme', 'sociedad anonima',
  'sociedad limitada', 'societa per azioni', 'societe a responsabilite limitee',
  // Latin America, Iberia
  'sa de cv', 'sab de cv', 's de rl de cv', 's de rl', 'ltda', 'eireli', 'eirl', 'sac', 'saa', 'saic', 'saci', 'cia',
  'cia ltda', 'y cia', 'me', 'epp', 'lda',
  // Asia, Middle East, Africa
  'sdn bhd', 'bhd', 'berhad', 'sendirian berhad', 'pt', 'tbk', 'pt tbk', 'cv', 'kk', 'kabushiki kaisha', 'gk', 'yk',
  'jsc co', 'co ltd', 'company ltd', 'pjs', 'psc', 'qsc', 'qpsc', 'saog', 'saoc', 'bsc', 'bscc', 'kscp', 'kscc', 'ksc',
  'spc', 'fzo', 'sae', 'plc ltd', 'tic', 'as tic', 'ltd sti', 'sti', 'llc fz',
];

/** Forms that also stand before the name (ООО "Ромашка", PT Bank X, JSC X); all others only after it. */
const LEADING_FORMS = new Set(['ooo', 'zao', 'oao', 'pao', 'ao', 'tov', 'pat', 'prat', 'too', 'nao', 'gup', 'fgup', 'mup',
  'chp', 'pt', 'jsc', 'pjsc', 'ojsc', 'cjsc', 'ab', 'joint stock company', 'public joint stock company',
  'open joint stock company', 'closed joint stock company', 'obshchestvo s ogranichennoy otvetstvennostyu',
  'aktsionernoe obshchestvo', 'publichnoe aktsionernoe obshchestvo', 'zakrytoe aktsionernoe obshchestvo',
  'otkrytoe aktsionernoe obshchestvo', 'kabushiki kaisha']);

const FORM_SEQUENCES: string[][] = [...new Set(FORMS)]
  .map((f) => f.split(' '))
  .sort((a, b) => b.length - a.length);

export interface LegalFormSplit {
  /** The name's own words. */
  core: string[];
  /** The legal forms found, as written (joined tokens). */
  forms: string[];
}

function matchAt(tokens: string[], start: number, seq: string[]): boolean {
  if (start < 0 || start + seq.length > tokens.length) return false;
  return seq.every((t, i) => tokens[start + i] === t);
}

/** Removes legal forms from both ends, repeatedly ("X Co., Ltd." → X). Keeps at least one word. */
export function stripLegalForms(tokens: string[]): LegalFormSplit {
  const core = [...tokens];
  const forms: string[] = [];
  let changed = true;
  while (changed && core.length > 1) {
    changed = false;
    for (const seq of FORM_SEQUENCES) {
      if (core.length - seq.length < 1) continue;
      if (matchAt(core, core.length - seq.length, seq)) {
        forms.unshift(core.splice(core.length - seq.length, seq.length).join(' '));
        changed = true;
        break;
      }
      if (LEADING_FORMS.has(seq.join(' ')) && matchAt(core, 0, seq)) {
        forms.push(core.splice(0, seq.length).join(' '));
        changed = true;
        break;
      }
    }
  }
  return { core, forms };
}

/** True when the whole token list is one legal form (e.g. a stray "Ltd" alias). */
export function isLegalForm(tokens: string[]): boolean {
  return FORM_SEQUENCES.some((seq) => seq.length === tokens.length && matchAt(tokens, 0, seq));
}
