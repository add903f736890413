/**
 * How much one name token says about identity. Weights are static (not derived from the loaded
 * lists) so that a score means the same thing whatever lists an installation loads and however
 * large they are; ALGORITHM_VERSION pins them.
 *   particle (al, bin, van ...)                 0.15
 *   initial (single letter)                      0.4
 *   generic business word (trading, group ...)   0.35
 *   title-or-name word (sheikh, haji, khan ...)  0.4
 *   very common given name / surname             0.6
 *   anything else                                1
 */
import { AMBIGUOUS_TITLES } from './honorifics.js';
import { variantKey } from './name-variants.js';

export const PARTICLE_WEIGHT = 0.15;

const GENERIC_BUSINESS_WORDS = new Set([
  'company', 'companies', 'trading', 'trade', 'traders', 'group', 'holding', 'holdings', 'international', 'intl',
  'industries', 'industrial', 'industry', 'enterprise', 'enterprises', 'services', 'service', 'general', 'global',
  'investment', 'investments', 'import', 'export', 'imports', 'exports', 'the', 'and', 'of', 'for', 'in', 'bank',
  'shipping', 'establishment', 'est', 'foundation', 'organization', 'organisation', 'association', 'society',
  'institute', 'commercial', 'development', 'management', 'partners', 'agency', 'center', 'centre', 'factory',
  'firm', 'network', 'technology', 'technologies', 'tech', 'solutions', 'logistics', 'marine', 'maritime',
  'airlines', 'airline', 'air', 'line', 'lines', 'national', 'state', 'united', 'ministry', 'office', 'fund',
  'capital', 'finance', 'financial', 'petroleum', 'oil', 'gas', 'energy', 'construction', 'engineering',
  'electronics', 'systems', 'products', 'import-export', 'sociedad', 'societe', 'compania', 'compagnie',
  'gesellschaft', 'tovarystvo', 'obshchestvo', 'zavod', 'kombinat', 'fabrika', 'firma', 'grupo', 'groupe',
  'corporacion', 'empresa', 'and', 'y', 'et', 'und', 'ltd', 'limited', 'ship', 'vessel', 'exchange', 'money',
  'co', 'joint', 'stock', 'public', 'open', 'closed', 'liability', 'private', 'sole', 'front', 'movement', 'brigade', 'brigades', 'battalion', 'army', 'party', 'council', 'committee',
  'corporation', 'corp', 'concern',
]);

/**
 * Regions that registered names add to the name proper ("GARANTEX EUROPE OU"). They keep their full
 * weight (a query naming the region is matched on it), but like generic business words they cost
 * little when a listed name has them beyond the query (name-similarity.ts).
 */
const PLACE_QUALIFIERS = new Set([
  'europe', 'european', 'eurasia', 'eurasian', 'asia', 'asian', 'africa', 'african', 'america', 'americas',
  'overseas', 'worldwide', 'middle', 'east', 'eastern', 'west', 'western', 'north', 'northern', 'south',
  'southern', 'central', 'far', 'near', 'gulf', 'pacific', 'atlantic',
]);

/** A word of kind or place in an organisation's name (company, bank, state, Europe ...), not the name proper. */
export function isKindOrPlaceWord(folded: string): boolean {
  return GENERIC_BUSINESS_WORDS.has(folded) || PLACE_QUALIFIERS.has(folded);
}

/** Given names and surnames shared by very many listed people (from the OFAC and UN lists). */
const COMMON_NAME_LIST = [
  'muhammad', 'ahmad', 'ali', 'hasan', 'husain', 'mahmud', 'abdallah', 'ibrahim', 'yusuf', 'umar', 'khalid', 'said',
  'mustafa', 'ismail', 'abd', 'rahman', 'aziz', 'karim', 'rahim', 'salih', 'hamid', 'jafar', 'musa', 'isa', 'nasir',
  'kim', 'lee', 'pak', 'choi', 'jong', 'li', 'wang', 'zhang', 'chen', 'liu', 'yang', 'huang', 'zhao', 'wu', 'zhou',
  'nguyen', 'tran', 'le', 'pham', 'garcia', 'rodriguez', 'gonzalez', 'hernandez', 'lopez', 'martinez', 'perez',
  'sanchez', 'ramirez', 'torres', 'flores', 'rivera', 'gomez', 'diaz', 'jose', 'juan', 'luis', 'carlos', 'maria',
  'john', 'james', 'michael', 'david', 'robert', 'william', 'smith', 'johnson', 'brown', 'jones', 'williams',
  'vladimir', 'aleksandr', 'sergei', 'andrei', 'dmitri', 'ivanov', 'khan', 'shah', 'singh', 'kumar',
];
const COMMON_NAMES = new Set(COMMON_NAME_LIST.map(variantKey));

export interface TokenWeightInput {
  folded: string;
  variant: string;
  isInitial: boolean;
}

/** Weight of a token that is not used as a particle (particles always weigh PARTICLE_WEIGHT). */
export function tokenWeight(t: TokenWeightInput, isOrganisation: boolean): number {
  if (t.isInitial) return 0.4;
  if (isOrganisation && GENERIC_BUSINESS_WORDS.has(t.folded)) return 0.35;
  if (AMBIGUOUS_TITLES.has(t.folded)) return 0.4;
  if (COMMON_NAMES.has(t.variant)) return 0.6;
  if (/^\d+$/.test(t.folded)) return 0.8;
  return 1;
}
