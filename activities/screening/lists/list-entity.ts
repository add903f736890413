/**
 * The normalized shape every list parser produces and the matcher consumes.
 * Parsers (OFAC, UN, EU, UK, FollowTheMoney, Senzing) map their source format into this;
 * nothing downstream knows which format an entity came from.
 */

export type EntityKind = 'person' | 'organization' | 'vessel' | 'aircraft' | 'unknown';

/** Which kind of list a source is. `pep` lists feed PEP screenings; the others feed watchlist screenings. */
export type ListType = 'sanctions' | 'pep' | 'watchlist' | 'debarment' | 'other';

/** How strong an alias is. `primary` is the listed name; weak aliases (UN "Low" quality, OFAC "fka") count less. */
export type AliasStrength = 'primary' | 'strong' | 'weak';

export interface EntityName {
  /** The full name as the source writes it (any script). */
  full: string;
  /** Parts when the source gives them separately. */
  first?: string;
  middle?: string;
  last?: string;
  /** Source's own alias label (aka, fka, nka, Good, Low, weakAlias, ...). */
  alias_type: string;
  strength: AliasStrength;
}

export type DateGranularity = 'day' | 'month' | 'year';

export interface PartialDate {
  year: number;
  month?: number;
  day?: number;
  granularity: DateGranularity;
}

export interface Identifier {
  /** e.g. passport, national_id, registration_number, imo, lei, vat, swift, other */
  type: string;
  value: string;
  country?: string;
}

/** The list (source) an entity came from; echoed into screening results as `matched_lists[]`. */
export interface ListSource {
  /** Stable slug, e.g. `us_ofac_sdn`, `un_sc_sanctions`, `eu_fsf`, `gb_hmt_sanctions`, `us_congress`. */
  slug: string;
  name: string;
  url: string;
  list_type: ListType;
  /** ISO 3166-1 alpha-2 of the publishing authority, or null for international bodies. */
  country_code: string | null;
  /** Flag to show for the list (country code, or `un`/`eu` for those bodies). */
  flag_code: string | null;
}

export interface ListEntity {
  /** The identifier the source itself uses (OFAC ent_num, UN DATAID, FtM id, Senzing RECORD_ID). */
  source_id: string;
  kind: EntityKind;
  names: EntityName[];
  birth_dates: PartialDate[];
  /** ISO 3166-1 alpha-2 codes (nationality, citizenship, residence, registration country). */
  countries: string[];
  identifiers: Identifier[];
  programs: string[];
  /** Free-text remarks kept for analysts; never used as match evidence. */
  remarks?: string;
}

/** An entity as stored: with our id, stable across versions of its list. */
export interface StoredListEntity extends ListEntity {
  id: string;
}

/** What a parser returns for one list file or file set. */
export interface ParsedList {
  source: ListSource;
  entities: ListEntity[];
  /** Non-fatal problems: references to unknown entries, skipped rows. Counted and logged by the importer. */
  warnings: ParseWarning[];
}

export interface ParseWarning {
  file: string;
  line?: number;
  message: string;
}

/** A malformed file: the import fails and the previous list version stays live. */
export class ListParseError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    detail: string,
  ) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${detail}`);
    this.name = 'ListParseError';
  }
}
