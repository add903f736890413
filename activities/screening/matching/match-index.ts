/**
 * The in-memory screening index, built once per list version and then only read.
 * Layout (compressed-sparse-row typed arrays, so a million entities stay compact):
 *   entity → its names (contiguous), name → its tokens (interned token ids + role/flag byte),
 *   variant key → names containing it (postings, sorted name ids),
 *   phonetic key → variant keys, one-deletion keys of variant keys and raw spellings → variant keys
 *   (typo lookups happen on the
 *   vocabulary, not on the postings), normalised registration number → entities; and the
 *   nickname table queries are expanded with (the installed one unless the builder is given one).
 * Use IndexBuilder to add entities one at a time (e.g. streamed from parsers), or buildIndex().
 */
import type { EntityKind, EntityName, ListEntity } from '../lists/list-entity.js';
import { isRegistrationIdentifier, normaliseRegistrationNumber } from './evidence-scoring.js';
import { GrowableUint32, GrowableUint8 } from './growable-array.js';
import { installedNicknameTable } from './nickname-data.js';
import type { NicknameTable } from './nickname-table.js';
import { tokenizeOrganisationName, tokenizePersonName, type RawToken } from './name-tokenizer.js';
import { abjadReadingsOf, TokenVocabulary } from './token-vocabulary.js';

export interface IndexedEntity extends ListEntity {
  /** Our stable id for the entity. */
  id: string;
  list_slug: string;
}

/** Opaque to callers: only `size` (number of entities) is public. */
export interface MatchIndex {
  readonly size: number;
}

export const KIND_CODES: Record<EntityKind, number> = { person: 0, organization: 1, vessel: 2, aircraft: 3, unknown: 4 };
export const STRENGTH_CODES = { primary: 0, strong: 1, weak: 2 } as const;

export const FLAG_PARTICLE = 8;
export const FLAG_FROM_SCRIPT = 16;
export const FLAG_ABJAD = 32;
export const FLAG_CONSONANTAL = 64;
export const FLAG_HANGUL = 128;
export const ROLE_MASK = 7;

/** Deletion keys for typo lookup: the key itself plus every one-character deletion (keys of 4+ letters). */
export function deletionKeys(variant: string): string[] {
  const keys = [variant];
  if (variant.length >= 4) {
    for (let i = 0; i < variant.length; i += 1) keys.push(variant.slice(0, i) + variant.slice(i + 1));
  }
  return keys;
}

export class MatchIndexData implements MatchIndex {
  constructor(
    readonly entities: IndexedEntity[],
    readonly entityKind: Uint8Array,
    readonly entityNameStart: Uint32Array,
    readonly nameEntity: Uint32Array,
    readonly nameSource: Uint32Array,
    readonly nameStrength: Uint8Array,
    readonly nameTokenStart: Uint32Array,
    readonly tokenIds: Uint32Array,
    readonly tokenFlags: Uint8Array,
    readonly vocabulary: TokenVocabulary,
    readonly variantIds: Map<string, number>,
    readonly postingStart: Uint32Array,
    readonly postings: Uint32Array,
    readonly phoneticVariants: Map<string, number[]>,
    readonly deletionVariants: Map<string, number[]>,
    readonly registrations: Map<string, number[]>,
    readonly nicknames: NicknameTable,
  ) {}

  get size(): number {
    return this.entities.length;
  }

  get nameCount(): number {
    return this.nameEntity.length;
  }
}

function tokenizeEntityName(kind: EntityKind, name: EntityName): RawToken[] {
  return kind === 'person' ? tokenizePersonName(name) : tokenizeOrganisationName(name.full);
}

function addTo(map: Map<string, number[]>, key: string, v: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [v]);
  else if (list[list.length - 1] !== v) list.push(v);
}

export interface IndexOptions {
  /** Given name ↔ nickname pairs; the installed PyPI `nicknames` table when left out. */
  nicknames?: NicknameTable;
}

export class IndexBuilder {
  private readonly nicknames: NicknameTable;
  private readonly entities: IndexedEntity[] = [];
  private readonly entityKind = new GrowableUint8();
  private readonly entityNameStart = new GrowableUint32();
  private readonly nameEntity = new GrowableUint32();
  private readonly nameSource = new GrowableUint32();
  private readonly nameStrength = new GrowableUint8();
  private readonly nameTokenStart = new GrowableUint32();
  private readonly tokenIds = new GrowableUint32();
  private readonly tokenFlags = new GrowableUint8();
  private readonly vocabulary = new TokenVocabulary();
  private readonly variantIds = new Map<string, number>();
  private readonly variantOfToken: number[] = [];
  private readonly pairVariant = new GrowableUint32();
  private readonly pairName = new GrowableUint32();
  private readonly registrations = new Map<string, number[]>();
  /** Words written in an abjad (Arabic script): also indexed by their other readings (TokenInfo abjadReadings). */
  private readonly abjadTokens = new Set<number>();

  constructor(options: IndexOptions = {}) {
    this.nicknames = options.nicknames ?? installedNicknameTable();
  }

  add(entity: IndexedEntity): void {
    const entityIdx = this.entities.length;
    this.entities.push(entity);
    this.entityKind.push(KIND_CODES[entity.kind] ?? KIND_CODES.unknown);
    this.entityNameStart.push(this.nameEntity.length);
    const seen = new Set<string>();
    entity.names.forEach((name, sourceIdx) => {
      const tokens = tokenizeEntityName(entity.kind, name);
      if (tokens.length === 0) return;
      // Every flag the comparison reads (a vowelless romanization and an Arabic-script name with the same folded words compare differently).
      const signature = tokens.map((t) => `${t.folded}:${t.role}:${t.particle ? 1 : 0}:${t.fromScript ? 1 : 0}:${t.abjad ? 1 : 0}:${t.consonantal ? 1 : 0}:${t.hangul ? 1 : 0}`).join(' ') + name.strength;
      if (seen.has(signature)) return;
      seen.add(signature);
      const nameIdx = this.nameEntity.length;
      this.nameEntity.push(entityIdx);
      this.nameSource.push(sourceIdx);
      this.nameStrength.push(STRENGTH_CODES[name.strength] ?? STRENGTH_CODES.strong);
      this.nameTokenStart.push(this.tokenIds.length);
      const variantsInName = new Set<number>();
      for (const t of tokens) {
        const id = this.vocabulary.intern(t.folded);
        this.tokenIds.push(id);
        this.tokenFlags.push(t.role | (t.particle ? FLAG_PARTICLE : 0) | (t.fromScript ? FLAG_FROM_SCRIPT : 0) | (t.abjad ? FLAG_ABJAD : 0) | (t.consonantal ? FLAG_CONSONANTAL : 0) | (t.hangul ? FLAG_HANGUL : 0));
        if (!t.particle) variantsInName.add(this.variantOf(id));
        if (t.abjad && !t.particle) this.abjadTokens.add(id);
      }
      for (const v of variantsInName) {
        this.pairVariant.push(v);
        this.pairName.push(nameIdx);
      }
    });
    for (const id of entity.identifiers) {
      if (!isRegistrationIdentifier(id)) continue;
      const key = normaliseRegistrationNumber(id.value);
      if (key.length < 5) continue;
      const list = this.registrations.get(key);
      if (list) {
        if (list[list.length - 1] !== entityIdx) list.push(entityIdx);
      } else this.registrations.set(key, [entityIdx]);
    }
  }

  private variantOf(tokenId: number): number {
    let v = this.variantOfToken[tokenId];
    if (v === undefined) {
      const key = this.vocabulary.info(tokenId).variant;
      v = this.variantIds.get(key);
      if (v === undefined) {
        v = this.variantIds.size;
        this.variantIds.set(key, v);
      }
      this.variantOfToken[tokenId] = v;
    }
    return v;
  }

  build(): MatchIndexData {
    const variantCount = this.variantIds.size;
    // Counting sort of (variant, name) pairs into CSR postings; names arrive in increasing order,
    // so each posting list comes out sorted.
    const postingStart = new Uint32Array(variantCount + 1);
    for (let i = 0; i < this.pairVariant.length; i += 1) postingStart[this.pairVariant.get(i) + 1]! += 1;
    for (let v = 0; v < variantCount; v += 1) postingStart[v + 1]! += postingStart[v]!;
    const fill = postingStart.slice(0, variantCount);
    const postings = new Uint32Array(this.pairVariant.length);
    for (let i = 0; i < this.pairVariant.length; i += 1) {
      const v = this.pairVariant.get(i);
      postings[fill[v] as number] = this.pairName.get(i);
      fill[v]! += 1;
    }
    const phoneticVariants = new Map<string, number[]>();
    const deletionVariants = new Map<string, number[]>();
    const variants = [...this.variantIds.keys()];
    const phoneticOfVariant = new Map<string, string>();
    for (const t of this.vocabulary.tokens) phoneticOfVariant.set(t.variant, t.phonetic);
    variants.forEach((variant, v) => {
      const phonetic = phoneticOfVariant.get(variant) ?? '';
      if (phonetic.length >= 1) {
        const list = phoneticVariants.get(phonetic);
        if (list) list.push(v);
        else phoneticVariants.set(phonetic, [v]);
      }
      for (const key of deletionKeys(variant)) addTo(deletionVariants, key, v);
    });
    // An abjad word's other readings (token-similarity.ts abjadReadingMatch; never its own skeleton):
    // a Latin Marwan finds مروان ("mruan"), Jamal ("yamal") finds جمال ("jmal").
    const readingPairs = new Set<string>();
    for (const id of this.abjadTokens) {
      const v = this.variantOfToken[id];
      if (v === undefined) continue;
      for (const r of abjadReadingsOf(this.vocabulary.info(id))) {
        const pair = `${r.key} ${v}`;
        if (readingPairs.has(pair)) continue;
        readingPairs.add(pair);
        addTo(phoneticVariants, r.key, v);
      }
    }
    // Raw spellings too: variant rules can move a typo two edits away (Maria → marya vs Mario).
    this.vocabulary.tokens.forEach((t, id) => {
      const v = this.variantOfToken[id];
      if (v === undefined || t.folded === t.variant) return;
      for (const key of deletionKeys(t.folded)) addTo(deletionVariants, key, v);
    });
    const nameTokenStart = new GrowableUint32(this.nameTokenStart.length + 1);
    for (let i = 0; i < this.nameTokenStart.length; i += 1) nameTokenStart.push(this.nameTokenStart.get(i));
    nameTokenStart.push(this.tokenIds.length);
    const entityNameStart = new GrowableUint32(this.entityNameStart.length + 1);
    for (let i = 0; i < this.entityNameStart.length; i += 1) entityNameStart.push(this.entityNameStart.get(i));
    entityNameStart.push(this.nameEntity.length);
    return new MatchIndexData(
      this.entities, this.entityKind.toArray(), entityNameStart.toArray(), this.nameEntity.toArray(),
      this.nameSource.toArray(), this.nameStrength.toArray(), nameTokenStart.toArray(), this.tokenIds.toArray(),
      this.tokenFlags.toArray(), this.vocabulary, this.variantIds, postingStart, postings, phoneticVariants,
      deletionVariants, this.registrations, this.nicknames,
    );
  }
}

export function buildIndex(entities: Iterable<IndexedEntity>, options: IndexOptions = {}): MatchIndex {
  const builder = new IndexBuilder(options);
  for (const e of entities) builder.add(e);
  return builder.build();
}
