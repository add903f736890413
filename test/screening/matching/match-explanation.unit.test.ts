/** Every hit says why it matched: match_types is never empty, and extra middle names are reported. */
import { describe, expect, it } from 'vitest';
import { buildIndex, search, type IndexedEntity } from '../../../activities/screening/matching/matcher.js';

const entity = (id: string, full: string, first: string, last: string): IndexedEntity => ({
  id, list_slug: 'test', source_id: id, kind: 'person',
  names: [{ full, first, last, alias_type: 'primary', strength: 'primary' }],
  birth_dates: [], countries: [], identifiers: [], programs: [],
});

describe('match explanations', () => {
  const index = buildIndex([
    entity('a', 'BIN LADIN, Usama bin Muhammad bin Awad', 'Usama bin Muhammad bin Awad', 'BIN LADIN'),
    entity('b', 'SMITH, John', 'John', 'SMITH'),
  ]);

  it('reports partial_name when the listed name has middle names the query lacks', () => {
    const [hit] = search(index, { kind: 'person', name_first: 'Usama', name_last: 'Bin Ladin' });
    expect(hit?.entity.id).toBe('a');
    expect(hit?.match_types).toContain('partial_name');
    expect(hit?.match_types).not.toContain('exact_name');
  });

  it('reports exact_name for an exact match', () => {
    const [hit] = search(index, { kind: 'person', name_first: 'John', name_last: 'Smith' });
    expect(hit?.match_types).toContain('exact_name');
  });

  it('never returns a hit without a reason', () => {
    for (const [first, last] of [['Usama', 'Bin Ladin'], ['Usama', 'Binladin'], ['Osama', 'bin Laden'], ['Jon', 'Smith'], ['J.', 'Smith']] as const) {
      for (const hit of search(index, { kind: 'person', name_first: first, name_last: last }, { threshold: 0.5 })) {
        expect(hit.match_types.length, `${first} ${last} → ${hit.entity.names[0]?.full}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('particle-heavy names', () => {
  // These were lost at 1M entities when candidate pruning was on (bench/screening-index-scale.ts).
  const index = buildIndex([
    entity('r', 'RAHMAN, Abu El', 'Abu El', 'RAHMAN'),
    { ...entity('h', 'HERNANDEZ, Bin Abu', 'Bin Abu', 'HERNANDEZ'), names: [
      { full: 'HERNANDEZ, Bin Abu', first: 'Bin Abu', last: 'HERNANDEZ', alias_type: 'primary', strength: 'primary' },
      { full: 'Abu HERNANDEZ', alias_type: 'aka', strength: 'strong' },
    ] },
    entity('x', 'RAHMANI, Ahmad', 'Ahmad', 'RAHMANI'),
  ]);

  it.each([
    ['Rahman', 'AL', 'r'],
    ['Abu', 'HERNANDEZ', 'h'],
  ])('%s %s finds its entity', (first, last, id) => {
    const hits = search(index, { kind: 'person', name_first: first, name_last: last });
    expect(hits.map((h) => h.entity.id)).toContain(id);
  });
});
