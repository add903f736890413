/**
 * Imports list files from disk: one file set (a folder's OFAC sdn/add/alt trio, a UN XML, an
 * OpenSanctions export...), every set under a folder, or a single file. Used by the CLI
 * (`lists import`), `npm start` with LISTS_DIR, and the list-refresh workflow after a download.
 * One set failing never stops the others; each gets its own report.
 */
import path from 'node:path';
import type { ListSource } from '../lists/list-entity.js';
import { deriveListSource } from '../lists/list-sources.js';
import { fileSetChecksum, findListFileSets, parseListFile, parseListFileSet, type ListFileSet, type ParsedListFileSet } from '../lists/load-directory.js';
import { detectFileFormat, readHead } from '../lists/detect-format.js';
import { importParsedList, recordImportFailure, type ListImportDeps, type ListImportReport } from './list-import.js';

/** The list a set belongs to when it cannot be parsed (publisher formats know; others go by folder). */
function fallbackSource(set: ListFileSet): ListSource {
  return deriveListSource({ format: set.format, dir: set.dir, ...(set.ofacConsolidated !== undefined ? { ofacConsolidated: set.ofacConsolidated } : {}) });
}

/** Formats whose list is known from the format alone, so duplicates can be spotted before parsing. */
const PUBLISHER_FORMATS = new Set(['ofac_csv', 'ofac_xml', 'un_xml', 'eu_fsf_xml', 'uk_conlist_csv']);

export interface ImportSetOptions {
  /** Replaces the list metadata the parser derived (the refresh workflow knows its configured source). */
  overrideSource?: (parsed: ListSource) => ListSource;
  /** Record these (e.g. download URLs) as the version's origin instead of the local paths. */
  origin?: { kind: 'files' | 'urls'; names: string[] };
  /** A reason to skip the parsed list (it was already imported in this run), or null. */
  skipReason?: (source: ListSource) => string | null;
}

async function importParsedOrFailure(deps: ListImportDeps, set: ListFileSet, parse: () => Promise<ParsedListFileSet>, options: ImportSetOptions): Promise<ListImportReport> {
  const { overrideSource, skipReason } = options;
  const originKind = options.origin?.kind ?? 'files';
  const origin = options.origin?.names ?? set.files.map((f) => f.path);
  let parsed: ParsedListFileSet;
  try {
    parsed = await parse();
  } catch (error) {
    const checksum = await fileSetChecksum(set).catch(() => null);
    const source = overrideSource ? overrideSource(fallbackSource(set)) : fallbackSource(set);
    return recordImportFailure(deps, { source, checksum, origin, originKind, error: error as Error });
  }
  const source = overrideSource ? overrideSource(parsed.source) : parsed.source;
  const reason = skipReason?.(source);
  if (reason) return skipped(source, set, reason);
  return importParsedList(deps, { ...parsed, source }, origin, originKind);
}

export function importListFileSet(deps: ListImportDeps, set: ListFileSet, options: ImportSetOptions = {}): Promise<ListImportReport> {
  return importParsedOrFailure(deps, set, () => parseListFileSet(set), options);
}

/**
 * Imports every list file set under `dir` (recursively). When two sets name the same publisher
 * list (two dated OFAC folders), only the set in the folder that sorts last is imported — with
 * date-named folders, the newest — and the others are reported as skipped. Sets that turn out to
 * name an already imported list only after parsing (OpenSanctions exports) are skipped likewise.
 */
export async function importListDirectory(deps: ListImportDeps, dir: string): Promise<ListImportReport[]> {
  const sets = await findListFileSets(dir);
  const lastByPublisherSlug = new Map<string, ListFileSet>();
  for (const set of sets) {
    if (PUBLISHER_FORMATS.has(set.format)) lastByPublisherSlug.set(fallbackSource(set).slug, set);
  }
  const reports: ListImportReport[] = [];
  const imported = new Map<string, string>();
  for (const set of sets) {
    if (PUBLISHER_FORMATS.has(set.format)) {
      const source = fallbackSource(set);
      const chosen = lastByPublisherSlug.get(source.slug)!;
      if (chosen !== set) {
        reports.push(skipped(source, set, `another file set of ${source.slug} is imported instead: ${chosen.dir}`));
        continue;
      }
    }
    const report = await importListFileSet(deps, set, {
      skipReason: (source) => {
        const earlier = imported.get(source.slug);
        return earlier ? `another file set of ${source.slug} was imported first: ${earlier}` : null;
      },
    });
    if (report.status !== 'skipped') imported.set(report.slug, set.dir);
    else deps.logger.warn({ list: report.slug, dir: set.dir }, report.error ?? 'file set skipped');
    reports.push(report);
  }
  return reports;
}

function skipped(source: ListSource, set: ListFileSet, reason: string): ListImportReport {
  return {
    slug: source.slug,
    name: source.name,
    listType: source.list_type,
    status: 'skipped',
    versionId: null,
    entityCount: 0,
    warningCount: 0,
    checksum: null,
    origin: set.files.map((f) => f.path),
    error: reason,
  };
}

/** Imports one file (`lists import --file`); a file that is not a list is an error, not a report. */
export async function importListFile(deps: ListImportDeps, file: string): Promise<ListImportReport> {
  const resolved = path.resolve(file);
  const detected = detectFileFormat(resolved, await readHead(resolved));
  if (!detected) throw new Error(`${resolved}: not a recognised list file`);
  if (detected.format === 'ofac_csv' && detected.role !== 'primary') {
    throw new Error(`${resolved}: an OFAC ${detected.role} file is not a list on its own; import its folder with --dir`);
  }
  const set: ListFileSet = { format: detected.format, dir: path.dirname(resolved), files: [{ path: resolved, role: detected.role }] };
  if (detected.format === 'ofac_csv') set.ofacConsolidated = detected.ofacConsolidated ?? false;
  return importParsedOrFailure(deps, set, () => parseListFile(resolved), {});
}
