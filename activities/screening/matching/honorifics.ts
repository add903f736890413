/**
 * Titles and honorifics that are not part of a person's name. Pure titles are dropped from both
 * query and listed names; words that are titles in one culture but given names in another
 * (Sheikh, Haji, Sayed, Amir, Hafiz ...) stay as tokens with a low weight instead (see token-weights.ts).
 * Matching is on folded single tokens.
 */

export const PURE_TITLES: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mister', 'madam', 'madame', 'mme', 'mlle', 'dr', 'doctor', 'prof', 'professor',
  'sir', 'dame', 'lord', 'lady', 'herr', 'frau', 'senor', 'senora', 'sra', 'srta',
  'gen', 'general', 'lt', 'lieutenant', 'col', 'colonel', 'maj', 'major', 'capt', 'captain', 'cpt',
  'brig', 'brigadier', 'adm', 'admiral', 'cmdr', 'commander', 'sgt', 'sergeant', 'marshal', 'lt-gen',
  'eng', 'engr', 'engineer', 'ing', 'hon', 'honorable', 'honourable', 'rev', 'reverend', 'fr', 'father',
  'mullah', 'mulla', 'mawlawi', 'maulavi', 'maulvi', 'mawlavi', 'moulavi', 'molvi', 'mufti', 'qari',
  'ayatollah', 'hojatoleslam', 'hojjatoleslam', 'excellency', 'he', 'hrh', 'jr', 'junior', 'snr', 'senior',
  'phd', 'md', 'esq', 'pasha', 'alhaji', 'alhaj', 'hajji', 'hadji', 'sheikha', 'shaykha',
  // Religious / scholarly titles of South and Central Asia and the Arab world, and generational suffixes.
  'maulana', 'mawlana', 'moulana', 'maolana', 'ustad', 'ustadh', 'ustaz', 'allama', 'allamah', 'ii', 'iii', 'iv',
]);

/** Title-or-name words: kept, but weighted low. */
export const AMBIGUOUS_TITLES: ReadonlySet<string> = new Set([
  'sheikh', 'shaykh', 'shaikh', 'sheik', 'cheikh', 'haji', 'haj', 'hajj', 'sayed', 'sayyid', 'syed', 'seyed',
  'sayyed', 'amir', 'emir', 'imam', 'hafiz', 'khan', 'bey', 'begum', 'sultan', 'malik', 'mir', 'agha', 'aga',
  'shah', 'sardar', 'prince', 'emeer', 'don', 'dona',
]);

export function isPureTitle(folded: string): boolean {
  return PURE_TITLES.has(folded);
}
