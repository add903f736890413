/**
 * Token similarities of one query, kept while its candidate names are scored: many names share
 * words, and a pair (query word, listed word, script relation) is compared once. Flat arrays over
 * the index's vocabulary instead of a Map per query word: a listed word's slot is found with two
 * typed-array reads (the lookups were about a twentieth of a search's time with Maps). One per
 * index and thread (search is synchronous); `begin` starts a query without clearing anything.
 */
import type { TokenMatch } from './token-similarity.js';

/** Script relations (ScriptRelation: Same, Transliterated, FromAbjad). */
const RELATIONS = 3;

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
      const base = this.slots * this.width;
      for (let k = 0; k < this.width; k += 1) this.matches[base + k] = undefined;
      this.slots += 1;
    }
    this.matches[(this.slot[listedId] as number) * this.width + queryIndex * RELATIONS + relation] = match;
  }
}
