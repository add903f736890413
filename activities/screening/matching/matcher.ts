/**
 * Public entry point of the screening matcher: a pure, in-memory name matcher over list entities.
 * Build an index once per list version (buildIndex or IndexBuilder), then call search() per screening.
 * Scores are 0..1; DEFAULT_THRESHOLD is the alert threshold; ALGORITHM_VERSION identifies the scoring.
 */
export { ALGORITHM_VERSION, DEFAULT_THRESHOLD } from './matcher-version.js';
export { buildIndex, IndexBuilder, type IndexedEntity, type MatchIndex } from './match-index.js';
export { search, type MatchHit, type MatchQuery, type SearchOptions } from './search.js';
export { MATCH_TYPES, type MatchType } from './match-types.js';
