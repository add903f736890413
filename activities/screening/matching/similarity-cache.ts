/**
 * Token similarities of one query, kept while its candidate names are scored: many names share
 * words, and a pair (query word, listed word, script relation) is compared once. Flat arrays over
 * the index's vocabulary instead of a Map per query word: a listed word's slot is found with two
 * typed-array reads, and nothing is allocated per query (the Maps' lookups, growth and garbage cost
 * 13–20 % of a search). One per index and thread (search is synchronous). `begin` clears what the
 * previous query used, so no result outlives its query, and lets go of an array grown past
 * MAX_KEPT_ENTRIES by an unusually large query.
 */
import { ScriptRelation, type TokenMatch } from './token-similarity.js';

/** Script relations (ScriptRelation: Same, Transliterated, FromAbjad, BothAbjad, Romanized, FromHangul). */
const RELATIONS = Object.keys(ScriptRelation).length;
/** Result entries kept for the next query (more are dropped, not cleared). */
export const MAX_KEPT_ENTRIES = 1 << 16;

export class SimilarityCache {
  /** Per listed word (vocabulary id): the query (epoch) its slot belongs to. */
  private readonly mark: Uint32Array;
  /** Per listed word: its slot in `matches` for the current query. */
  private readonly slot: Int32Array;
  private readonly matches: Array<TokenMatch | undefined> = [];
  private epoch = 0;
  private slots = 0;
  private width = 0;

  constructor(vocabularySize: number) {
    this.mark = new Uint32Array(vocabularySize);
    this.slot = new Int32Array(vocabularySize);
  }

  /** Starts a query of `queryLength` words: earlier entries no longer count. */
  begin(queryLength: number): void {
    // Every entry is empty when a query starts: what the last one used is cleared here.
    if (this.matches.length > MAX_KEPT_ENTRIES) this.matches.length = 0;
    else this.matches.fill(undefined, 0, this.slots * this.width);
    this.epoch += 1;
    if (this.epoch >= 0xffffffff) {
      this.mark.fill(0);
      this.epoch = 1;
    }
    this.slots = 0;
    this.width = queryLength * RELATIONS;
  }

  get(queryIndex: number, listedId: number, relation: number): TokenMatch | undefined {
    if (this.mark[listedId] !== this.epoch) return undefined;
    return this.matches[(this.slot[listedId] as number) * this.width + queryIndex * RELATIONS + relation];
  }

  set(queryIndex: number, listedId: number, relation: number, match: TokenMatch): void {
    if (this.mark[listedId] !== this.epoch) {
      this.mark[listedId] = this.epoch;
      this.slot[listedId] = this.slots;
      this.slots += 1;
    }
    this.matches[(this.slot[listedId] as number) * this.width + queryIndex * RELATIONS + relation] = match;
  }
}
