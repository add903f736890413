/**
 * Finds list file sets in a folder tree and parses them. The files of one list sit in one folder
 * (OFAC's sdn/add/alt/comments, an OpenSanctions export beside its index.json); a set's checksum
 * over its files' contents lets the importer skip a version it already holds.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { detectFileFormat, isOpenSanctionsIndex, readHead, type ListFileRole, type ListFormat } from './detect-format.js';
import type { ParsedList } from './list-entity.js';
import { deriveListSource, type ListOriginHints } from './list-sources.js';
import type { DataOrigin } from './parsers/data-origin.js';
import { parseEuFsfXml } from './parsers/eu-fsf-xml.parser.js';
import { parseFtmJson } from './parsers/ftm-json.parser.js';
import { parseOfacCsvSet } from './parsers/ofac-csv.parser.js';
import { parseOfacXml } from './parsers/ofac-xml.parser.js';
import { parseOpenSanctionsSimpleCsv } from './parsers/opensanctions-simple-csv.parser.js';
import { parseSenzingJson } from './parsers/senzing-json.parser.js';
import type { NamedText } from './parsers/text-source.js';
import { parseUkConList } from './parsers/uk-conlist-csv.parser.js';
import { parseUnXml } from './parsers/un-xml.parser.js';

export interface ListFile {
  path: string;
  role: ListFileRole;
}

export interface ListFileSet {
  format: ListFormat;
  /** Folder holding the files. */
  dir: string;
  /** Data files, sorted by path. */
  files: ListFile[];
  /** An OpenSanctions `index.json` beside the files: names the dataset; not part of the checksum. */
  indexFile?: string;
  /** OFAC CSV only: the consolidated non-SDN list rather than the SDN list. */
  ofacConsolidated?: boolean;
}

export interface ParsedListFileSet extends ParsedList {
  /** sha256 (hex) over the set's data files, in name order: equal checksums mean the same list version. */
  checksum: string;
  fileSet: ListFileSet;
}

/** Code-unit order: stable across machines and locales, unlike localeCompare. */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Exports of the same OpenSanctions dataset in one folder: only the richest is read. */
const OPENSANCTIONS_PREFERENCE: ListFormat[] = ['ftm_json', 'senzing_json', 'opensanctions_simple_csv'];

async function* walk(dir: string): AsyncGenerator<string> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => byText(a.name, b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Walks `dir` recursively and groups recognised list files into sets: one set per folder and
 * format (two for a folder holding both OFAC SDN and consolidated files). Unrecognised files
 * (READMEs, benchmark CSVs) are ignored.
 */
export async function findListFileSets(dir: string): Promise<ListFileSet[]> {
  const groups = new Map<string, ListFileSet>();
  const indexes = new Map<string, string>();
  for await (const file of walk(path.resolve(dir))) {
    const head = await readHead(file);
    const folder = path.dirname(file);
    if (isOpenSanctionsIndex(file, head)) {
      indexes.set(folder, file);
      continue;
    }
    const detected = detectFileFormat(file, head);
    if (!detected) continue;
    const key = `${folder}\0${detected.format}\0${detected.ofacConsolidated ? 'cons' : ''}`;
    let set = groups.get(key);
    if (!set) {
      set = { format: detected.format, dir: folder, files: [] };
      if (detected.format === 'ofac_csv') set.ofacConsolidated = detected.ofacConsolidated ?? false;
      groups.set(key, set);
    }
    set.files.push({ path: file, role: detected.role });
  }

  const sets: ListFileSet[] = [];
  for (const set of groups.values()) {
    if (set.format === 'ofac_csv') {
      sets.push(...splitOfacGroup(set));
      continue;
    }
    const preferred = OPENSANCTIONS_PREFERENCE.find((f) => groups.has(`${set.dir}\0${f}\0`));
    if (OPENSANCTIONS_PREFERENCE.includes(set.format) && preferred !== set.format) continue;
    const index = indexes.get(set.dir);
    sets.push(index ? { ...set, indexFile: index } : set);
  }
  for (const set of sets) set.files.sort((a, b) => byText(a.path, b.path));
  return sets.sort((a, b) => byText(a.dir, b.dir) || byText(a.format, b.format));
}

/** One OFAC set per primary file; add/alt/comments join the primary with OFAC's own file name. */
function splitOfacGroup(set: ListFileSet): ListFileSet[] {
  const primaries = set.files.filter((f) => f.role === 'primary');
  const companions = set.files.filter((f) => f.role !== 'primary');
  const canonical = primaries.find((f) => ['sdn.csv', 'cons_prim.csv'].includes(path.basename(f.path).toLowerCase())) ?? primaries[0];
  return primaries.map((primary) => ({ ...set, files: primary === canonical ? [primary, ...companions] : [primary] }));
}

/**
 * A file's text as chunks. UTF-8, falling back to Windows-1252 from the first invalid byte on:
 * older OFAC downloads were not UTF-8, and a wrong guess must not garble the ASCII around it.
 */
export async function* fileChunks(filePath: string): AsyncGenerator<string> {
  let decoder = new TextDecoder('utf-8', { fatal: true });
  let fallback = false;
  for await (const buffer of createReadStream(filePath, { highWaterMark: 1 << 20 })) {
    if (!fallback) {
      try {
        yield decoder.decode(buffer as Buffer, { stream: true });
        continue;
      } catch {
        fallback = true;
        decoder = new TextDecoder('windows-1252');
      }
    }
    yield decoder.decode(buffer as Buffer, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

function named(filePath: string): NamedText {
  return { name: filePath, text: fileChunks(filePath) };
}

async function readIndex(indexFile: string | undefined): Promise<ListOriginHints['index']> {
  if (!indexFile) return undefined;
  try {
    const index = JSON.parse(await readFile(indexFile, 'utf8')) as Record<string, unknown>;
    const text = (key: string) => (typeof index[key] === 'string' ? (index[key] as string) : undefined);
    return { name: text('name'), title: text('title'), url: text('url') };
  } catch {
    // A broken index only loses the dataset's display name; the data itself is still read.
    return undefined;
  }
}

/** sha256 over the data files in name order; each file contributes its name, size and bytes. */
export async function fileSetChecksum(set: ListFileSet): Promise<string> {
  const hash = createHash('sha256');
  const files = [...set.files].sort((a, b) => byText(path.basename(a.path), path.basename(b.path)) || byText(a.path, b.path));
  for (const file of files) {
    const content = await readFile(file.path);
    hash.update(`${path.basename(file.path).toLowerCase()}\n${content.length}\n`);
    hash.update(content);
  }
  return hash.digest('hex');
}

async function parseSet(set: ListFileSet): Promise<ParsedList> {
  const dataFiles = set.files.map((f) => named(f.path));
  const only = (): NamedText => {
    if (dataFiles.length !== 1) throw new Error(`${set.format} set in ${set.dir} has ${dataFiles.length} files; expected one`);
    return dataFiles[0]!;
  };
  const hints = { format: set.format, dir: set.dir };
  switch (set.format) {
    case 'ofac_csv': {
      const role = (r: ListFileRole) => set.files.find((f) => f.role === r);
      const file = (r: ListFileRole) => {
        const found = role(r);
        return found ? named(found.path) : undefined;
      };
      const primary = file('primary');
      if (!primary) throw new Error(`OFAC CSV set in ${set.dir} has no sdn.csv or cons_prim.csv`);
      return parseOfacCsvSet(
        { primary, aliases: file('aliases'), addresses: file('addresses'), comments: file('comments') },
        deriveListSource({ ...hints, ofacConsolidated: set.ofacConsolidated }),
      );
    }
    case 'ofac_xml':
      return parseOfacXml(only(), deriveListSource(hints));
    case 'un_xml':
      return parseUnXml(only(), deriveListSource(hints));
    case 'eu_fsf_xml':
      return parseEuFsfXml(only(), deriveListSource(hints));
    case 'uk_conlist_csv':
      return parseUkConList(only(), deriveListSource(hints));
    case 'ftm_json':
    case 'senzing_json':
    case 'opensanctions_simple_csv': {
      const index = await readIndex(set.indexFile);
      const choose = (origin: DataOrigin) => deriveListSource({ ...hints, index, ...origin });
      if (set.format === 'ftm_json') return parseFtmJson(dataFiles, choose);
      if (set.format === 'senzing_json') return parseSenzingJson(dataFiles, choose);
      return parseOpenSanctionsSimpleCsv(only(), choose);
    }
  }
}

/** Parses a file set found by `findListFileSets` and stamps it with its checksum. */
export async function parseListFileSet(set: ListFileSet): Promise<ParsedListFileSet> {
  const [parsed, checksum] = await Promise.all([parseSet(set), fileSetChecksum(set)]);
  return { ...parsed, checksum, fileSet: set };
}

/**
 * Parses one file given on its own (the CLI's `--file`). An OFAC sdn.csv is read without its
 * companions; an add/alt/comments file alone is not a list and is refused.
 */
export async function parseListFile(filePath: string): Promise<ParsedListFileSet> {
  const resolved = path.resolve(filePath);
  const head = await readHead(resolved);
  const detected = detectFileFormat(resolved, head);
  if (!detected) throw new Error(`${resolved}: not a recognised list file`);
  if (detected.format === 'ofac_csv' && detected.role !== 'primary') {
    throw new Error(`${resolved}: an OFAC ${detected.role} file is not a list on its own; import its folder instead`);
  }
  const dir = path.dirname(resolved);
  const set: ListFileSet = { format: detected.format, dir, files: [{ path: resolved, role: detected.role }] };
  if (detected.format === 'ofac_csv') set.ofacConsolidated = detected.ofacConsolidated ?? false;
  const index = path.join(dir, 'index.json');
  if (['ftm_json', 'senzing_json', 'opensanctions_simple_csv'].includes(detected.format)) {
    try {
      if (isOpenSanctionsIndex(index, await readHead(index))) set.indexFile = index;
    } catch {
      // No index.json beside the file: the dataset name comes from the data or the folder.
    }
  }
  return parseListFileSet(set);
}
