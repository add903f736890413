/**
 * Synthetic list entities for benchmarks: invented two- or three-syllable names (70 % persons with
 * a birth year, 30 % companies), seeded, so runs compare. Never real people.
 */
import type { ListEntity } from '../../activities/screening/lists/list-entity.js';

export function syntheticEntities(n: number, seed0 = 42, sourcePrefix = 'syn'): ListEntity[] {
  const syllables = ['ka', 'ro', 'mi', 'tal', 'ven', 'dor', 'sa', 'li', 'mar', 'te', 'bo', 'ru', 'nik', 'ha', 'zel', 'qua', 'fi', 'len', 'gor', 'pe'];
  let seed = seed0;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const word = () => Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => syllables[Math.floor(rnd() * syllables.length)]).join('');
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  return Array.from({ length: n }, (_, i) => {
    const person = rnd() < 0.7;
    const full = person ? `${cap(word())} ${cap(word())}` : `${cap(word())} ${cap(word())} Holdings`;
    return {
      source_id: `${sourcePrefix}-${i}`,
      kind: person ? 'person' : 'organization',
      names: [{ full, alias_type: 'primary', strength: 'primary' }],
      birth_dates: person ? [{ year: 1940 + Math.floor(rnd() * 60), granularity: 'year' as const }] : [],
      countries: [],
      identifiers: [],
      programs: [],
    } satisfies ListEntity;
  });
}
