/**
 * Which lists and feeds the refresh workflow downloads. Lists: LIST_SOURCES (JSON) or, when unset,
 * every default source whose licence allows any use (the OpenSanctions PEP dataset is CC BY-NC,
 * so it is downloaded only when named). Feeds: ADVERSE_MEDIA_FEEDS (comma-separated URLs).
 *
 * LIST_SOURCES is a JSON array; each item is either the slug of a default source ("un_sc_sanctions")
 * or an object `{slug, downloads: [{file, url}], format?, name?, url?, list_type?, country_code?,
 * flag_code?}` whose omitted fields come from the default source of that slug (format, name and
 * list_type are required for a slug with no default).
 */
import { z } from 'zod';
import type { ListFormat } from '../lists/detect-format.js';
import { DEFAULT_LIST_SOURCES, defaultListSource } from '../lists/list-sources.js';

/** What the workflow needs to refresh one list: its metadata and the files to download. */
export interface RefreshSource {
  slug: string;
  name: string;
  url: string;
  list_type: 'sanctions' | 'pep' | 'watchlist' | 'debarment' | 'other';
  country_code: string | null;
  flag_code: string | null;
  format: ListFormat;
  downloads: { file: string; url: string }[];
}

const FORMATS = ['ofac_csv', 'ofac_xml', 'un_xml', 'eu_fsf_xml', 'uk_conlist_csv', 'ftm_json', 'senzing_json', 'opensanctions_simple_csv'] as const;

const sourceItem = z.union([
  z.string().min(1),
  z.strictObject({
    slug: z.string().regex(/^[a-z0-9_]+$/, 'slug: lowercase letters, digits and _'),
    downloads: z.array(z.strictObject({ file: z.string().regex(/^[\w.-]+$/, 'file: a plain file name'), url: z.url() })).min(1).optional(),
    format: z.enum(FORMATS).optional(),
    name: z.string().min(1).optional(),
    url: z.string().optional(),
    list_type: z.enum(['sanctions', 'pep', 'watchlist', 'debarment', 'other']).optional(),
    country_code: z.string().length(2).nullable().optional(),
    flag_code: z.string().nullable().optional(),
  }),
]);

function fromDefault(slug: string): RefreshSource {
  const def = defaultListSource(slug);
  if (!def) throw new Error(`LIST_SOURCES: no default source named ${slug}; give {slug, format, name, list_type, downloads}`);
  return { slug: def.slug, name: def.name, url: def.url, list_type: def.list_type, country_code: def.country_code, flag_code: def.flag_code, format: def.format, downloads: def.downloads.map((d) => ({ ...d })) };
}

export function refreshSourcesFrom(listSourcesJson: string | undefined): RefreshSource[] {
  if (!listSourcesJson) {
    return DEFAULT_LIST_SOURCES.filter((s) => !/non-commercial/i.test(s.license)).map((s) => fromDefault(s.slug));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(listSourcesJson);
  } catch (error) {
    throw new Error(`LIST_SOURCES: not valid JSON (${(error as Error).message})`);
  }
  const parsed = z.array(sourceItem).safeParse(raw);
  if (!parsed.success) throw new Error(`LIST_SOURCES: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data.map((item) => {
    if (typeof item === 'string') return fromDefault(item);
    const base = defaultListSource(item.slug);
    const format = item.format ?? base?.format;
    const name = item.name ?? base?.name;
    const listType = item.list_type ?? base?.list_type;
    const downloads = item.downloads ?? base?.downloads.map((d) => ({ ...d }));
    if (!format || !name || !listType || !downloads) throw new Error(`LIST_SOURCES: ${item.slug} needs format, name, list_type and downloads (no default source has that slug)`);
    return {
      slug: item.slug,
      name,
      url: item.url ?? base?.url ?? '',
      list_type: listType,
      country_code: item.country_code !== undefined ? item.country_code : (base?.country_code ?? null),
      flag_code: item.flag_code !== undefined ? item.flag_code : (base?.flag_code ?? null),
      format,
      downloads,
    };
  });
}

export function feedUrlsFrom(csv: string | undefined): string[] {
  return (csv ?? '').split(',').map((u) => u.trim()).filter(Boolean);
}
