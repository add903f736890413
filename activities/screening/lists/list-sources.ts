/**
 * Where the lists come from: the official download addresses and display metadata of the
 * default sources, and the derivation of a ListSource for a file set known only by its format
 * (OpenSanctions exports name their dataset inside the data; otherwise the folder name is used).
 */
import path from 'node:path';
import type { ListFormat } from './detect-format.js';
import type { ListSource, ListType } from './list-entity.js';
import { isIsoCountryCode } from './parsers/country-codes.js';

export interface ListDownload {
  /** File name to save the download under, so `findListFileSets` recognises it. */
  file: string;
  url: string;
}

/** A default source: its metadata plus the format and files to download for it. */
export interface ListSourceDefinition extends ListSource {
  format: ListFormat;
  downloads: ListDownload[];
  /** Licence note shown to operators (OpenSanctions data is CC BY-NC: non-commercial only). */
  license: string;
}

const OFAC_SLS = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';

/**
 * Slugs follow OpenSanctions dataset names, so the same list reaches the same slug whether it is
 * read from the publisher's file or from an OpenSanctions export of it.
 */
export const DEFAULT_LIST_SOURCES: readonly ListSourceDefinition[] = [
  {
    slug: 'us_ofac_sdn',
    name: 'OFAC Specially Designated Nationals (SDN) List',
    url: 'https://ofac.treasury.gov/specially-designated-nationals-and-blocked-persons-list-sdn-human-readable-lists',
    list_type: 'sanctions',
    country_code: 'US',
    flag_code: 'us',
    format: 'ofac_csv',
    downloads: [
      { file: 'sdn.csv', url: `${OFAC_SLS}/SDN.CSV` },
      { file: 'add.csv', url: `${OFAC_SLS}/ADD.CSV` },
      { file: 'alt.csv', url: `${OFAC_SLS}/ALT.CSV` },
      { file: 'sdn_comments.csv', url: `${OFAC_SLS}/SDN_COMMENTS.CSV` },
    ],
    license: 'US government work, public domain',
  },
  {
    slug: 'us_ofac_cons',
    name: 'OFAC Consolidated Sanctions List (non-SDN)',
    url: 'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists',
    list_type: 'sanctions',
    country_code: 'US',
    flag_code: 'us',
    format: 'ofac_csv',
    downloads: [
      { file: 'cons_prim.csv', url: `${OFAC_SLS}/CONS_PRIM.CSV` },
      { file: 'cons_add.csv', url: `${OFAC_SLS}/CONS_ADD.CSV` },
      { file: 'cons_alt.csv', url: `${OFAC_SLS}/CONS_ALT.CSV` },
      { file: 'cons_comments.csv', url: `${OFAC_SLS}/CONS_COMMENTS.CSV` },
    ],
    license: 'US government work, public domain',
  },
  {
    slug: 'un_sc_sanctions',
    name: 'UN Security Council Consolidated List',
    url: 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list',
    list_type: 'sanctions',
    country_code: null,
    flag_code: 'un',
    format: 'un_xml',
    downloads: [{ file: 'consolidated.xml', url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml' }],
    license: 'UN public information',
  },
  {
    slug: 'eu_fsf',
    name: 'EU Financial Sanctions Files (FSF)',
    url: 'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions',
    list_type: 'sanctions',
    country_code: null,
    flag_code: 'eu',
    format: 'eu_fsf_xml',
    downloads: [
      {
        file: 'eu_fsf.xml',
        url: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw',
      },
    ],
    license: 'EU open data (reuse allowed with attribution)',
  },
  {
    slug: 'gb_hmt_sanctions',
    name: 'UK HM Treasury (OFSI) Consolidated List of Financial Sanctions Targets',
    url: 'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets',
    list_type: 'sanctions',
    country_code: 'GB',
    flag_code: 'gb',
    format: 'uk_conlist_csv',
    downloads: [{ file: 'ConList.csv', url: 'https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv' }],
    license: 'Open Government Licence v3.0',
  },
  {
    slug: 'peps',
    name: 'OpenSanctions Politically Exposed Persons',
    url: 'https://www.opensanctions.org/datasets/peps/',
    list_type: 'pep',
    country_code: null,
    flag_code: null,
    format: 'ftm_json',
    downloads: [{ file: 'entities.ftm.json', url: 'https://data.opensanctions.org/datasets/latest/peps/entities.ftm.json' }],
    license: 'CC BY-NC 4.0: non-commercial use only without an OpenSanctions licence',
  },
];

/** The default source with this slug, if any. */
export function defaultListSource(slug: string): ListSourceDefinition | undefined {
  return DEFAULT_LIST_SOURCES.find((s) => s.slug === slug);
}

/** Strips the download details from a definition: what screening results echo. */
export function toListSource(def: ListSource): ListSource {
  return {
    slug: def.slug,
    name: def.name,
    url: def.url,
    list_type: def.list_type,
    country_code: def.country_code,
    flag_code: def.flag_code,
  };
}

/** What a parser or the folder tells about a file set whose publisher is not known up front. */
export interface ListOriginHints {
  format: ListFormat;
  /** Folder holding the set; its name is the fallback slug. */
  dir: string;
  /** Dataset names found in the data (FtM `datasets`, Senzing DATA_SOURCE); most frequent first. */
  datasets?: string[];
  /** Dataset metadata from an OpenSanctions `index.json` beside the files. */
  index?: { name?: string; title?: string; url?: string };
  /** Topics seen on the entities (FtM `topics`, Senzing RISKS), e.g. `role.pep`, `sanction`. */
  topics?: string[];
  /** For OFAC CSV sets: whether the primary file is the consolidated (non-SDN) one. */
  ofacConsolidated?: boolean;
}

const PUBLISHER_SOURCE_BY_FORMAT: Partial<Record<ListFormat, string>> = {
  ofac_xml: 'us_ofac_sdn',
  un_xml: 'un_sc_sanctions',
  eu_fsf_xml: 'eu_fsf',
  uk_conlist_csv: 'gb_hmt_sanctions',
};

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Senzing DATA_SOURCE "OS_US_CONGRESS" -> dataset "us_congress". */
export function datasetFromSenzingDataSource(dataSource: string): string {
  return slugify(dataSource.replace(/^OS_/i, ''));
}

function inferListType(hints: ListOriginHints, slug: string, title: string): ListType {
  const topics = hints.topics ?? [];
  const where = `${hints.dir} ${slug} ${title}`.toLowerCase();
  if (topics.some((t) => t.startsWith('role.pep') || t === 'role.rca')) return 'pep';
  if (/(^|[^a-z])peps?([^a-z]|$)|politically exposed/.test(where)) return 'pep';
  if (topics.includes('sanction') || /sanction/.test(where)) return 'sanctions';
  if (topics.includes('debarment')) return 'debarment';
  return 'watchlist';
}

/** Country and flag from a dataset-style slug: `us_congress` -> US, `eu_fsf` -> flag eu, `un_sc_...` -> flag un. */
function countryFromSlug(slug: string): { country_code: string | null; flag_code: string | null } {
  const prefix = slug.split('_')[0] ?? '';
  if (prefix === 'eu' || prefix === 'un') return { country_code: null, flag_code: prefix };
  if (/^[a-z]{2}$/.test(prefix) && isIsoCountryCode(prefix) && slug.includes('_')) return { country_code: prefix.toUpperCase(), flag_code: prefix };
  return { country_code: null, flag_code: null };
}

/**
 * ListSource for a file set: the default source when the format names its publisher (OFAC, UN,
 * EU, UK), otherwise the dataset named by the data or `index.json`, otherwise the folder name.
 */
export function deriveListSource(hints: ListOriginHints): ListSource {
  if (hints.format === 'ofac_csv') {
    return toListSource(defaultListSource(hints.ofacConsolidated ? 'us_ofac_cons' : 'us_ofac_sdn')!);
  }
  const publisher = PUBLISHER_SOURCE_BY_FORMAT[hints.format];
  if (publisher) return toListSource(defaultListSource(publisher)!);

  const dataset = hints.index?.name ?? (hints.datasets?.length === 1 ? hints.datasets[0] : undefined);
  const slug = slugify(dataset ?? path.basename(path.resolve(hints.dir))) || 'unnamed_list';
  const known = defaultListSource(slug);
  if (known) return toListSource(known);
  const title = hints.index?.title ?? slug;
  return {
    slug,
    name: title,
    url: hints.index?.url ?? (dataset ? `https://www.opensanctions.org/datasets/${dataset}/` : ''),
    list_type: inferListType(hints, slug, title),
    ...countryFromSlug(slug),
  };
}
