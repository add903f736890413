// Chooses which registry search hit is the business the client asked about. Names must agree
// once normalised and stripped of legal-form words ("Acme Widgets, Inc." = "ACME WIDGETS INC" =
// "Acme Widgets Corporation" = "The Acme Widgets Company"): a looser match would hand a client
// somebody else's company. Among equal names, the one whose registered address shares the most
// words with the given address wins, then an active company over an inactive one, then a home
// registration over a foreign branch, then the registry's own order. Pure.

const LEGAL_FORM_WORDS = new Set([
  'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'llc', 'ltd', 'limited',
  'lp', 'llp', 'lllp', 'pllc', 'pc', 'pa', 'plc', 'ltda', 'sa',
]);

const ADDRESS_ABBREVIATIONS: Readonly<Record<string, string>> = {
  street: 'st', avenue: 'ave', road: 'rd', boulevard: 'blvd', drive: 'dr', suite: 'ste',
  lane: 'ln', place: 'pl', court: 'ct', highway: 'hwy', parkway: 'pkwy', square: 'sq',
  floor: 'fl', north: 'n', south: 's', east: 'e', west: 'w', apartment: 'apt',
};

function words(value: string): string[] {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[.']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (plain === '') return [];
  // "L L C" and "L.L.C." both become "llc": runs of single letters are one abbreviation.
  const merged: string[] = [];
  let run = '';
  for (const word of plain.split(' ')) {
    if (word.length === 1 && /[a-z]/.test(word)) {
      run += word;
      continue;
    }
    if (run) merged.push(run);
    run = '';
    merged.push(word);
  }
  if (run) merged.push(run);
  return merged;
}

/** The distinctive part of a company name: lower-case words without "the" and legal forms. */
export function companyNameCore(name: string): string {
  const tokens = words(name);
  if (tokens[0] === 'the' && tokens.length > 1) tokens.shift();
  while (tokens.length > 1 && LEGAL_FORM_WORDS.has(tokens[tokens.length - 1] ?? '')) tokens.pop();
  return tokens.join(' ');
}

function addressWords(address: string): Set<string> {
  // ZIP+4 compares as its 5-digit ZIP code.
  const zipOnly = address.replace(/\b(\d{5})-\d{4}\b/g, '$1');
  return new Set(words(zipOnly).map((word) => ADDRESS_ABBREVIATIONS[word] ?? word));
}

/** Share of the given address's words found in the candidate's address (0..1). */
export function addressSimilarity(given: string, candidate: string): number {
  const wanted = addressWords(given);
  if (wanted.size === 0) return 0;
  const offered = addressWords(candidate);
  let shared = 0;
  for (const word of wanted) if (offered.has(word)) shared += 1;
  return shared / wanted.size;
}

export interface MatchCandidate {
  name: string;
  address: string;
  active: boolean;
  branch: boolean;
}

/** Index of the best candidate, or -1 when no candidate's name matches. */
export function pickBestMatch(wanted: { name: string; address?: string | undefined }, candidates: readonly MatchCandidate[]): number {
  const core = companyNameCore(wanted.name);
  let best = -1;
  let bestKey: number[] = [];
  candidates.forEach((candidate, index) => {
    if (core === '' || companyNameCore(candidate.name) !== core) return;
    const key = [wanted.address ? addressSimilarity(wanted.address, candidate.address) : 0, candidate.active ? 1 : 0, candidate.branch ? 0 : 1];
    if (best === -1 || isGreater(key, bestKey)) {
      best = index;
      bestKey = key;
    }
  });
  return best;
}

function isGreater(a: number[], b: number[]): boolean {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
