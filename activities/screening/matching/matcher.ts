/**
 * Public entry point of the screening matcher: a pure, in-memory name matcher over list entities.
 * Build an index once per list version (buildIndex or IndexBuilder), then call search() per screening
 * (screen() also returns the near matches a birth-date conflict removed).
 * Scores are 0..1; DEFAULT_THRESHOLD is the alert threshold; ALGORITHM_VERSION identifies the scoring.
 */
export { ALGORITHM_VERSION, DEFAULT_THRESHOLD } from './matcher-version.js';
export { buildIndex, IndexBuilder, type IndexedEntity, type IndexOptions, type MatchIndex } from './match-index.js';
export { NicknameTable } from './nickname-table.js';
export { screen, search, type MatchHit, type MatchQuery, type NearMatch, type ScreenResult, type SearchOptions } from './search.js';
export { BIRTH_YEAR_TOLERANCE } from './evidence-scoring.js';
export { MATCH_TYPES, type MatchType } from './match-types.js';
