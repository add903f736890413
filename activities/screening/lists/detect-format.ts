/**
 * Recognises list files by name and by a sniff of their first bytes, so an import can be
 * pointed at a folder. Anything it does not recognise (READMEs, benchmark CSVs, metadata) is
 * null: a wrong guess would load garbage as a sanctions list.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';

export type ListFormat =
  | 'ofac_csv'
  | 'ofac_xml'
  | 'un_xml'
  | 'eu_fsf_xml'
  | 'uk_conlist_csv'
  | 'ftm_json'
  | 'senzing_json'
  | 'opensanctions_simple_csv';

/** The part a file plays in its set; only OFAC CSV sets have more than one kind of file. */
export type ListFileRole = 'data' | 'primary' | 'addresses' | 'aliases' | 'comments';

export interface DetectedFile {
  format: ListFormat;
  role: ListFileRole;
  /** OFAC CSV only: the consolidated non-SDN files (cons_*.csv) rather than the SDN list. */
  ofacConsolidated?: boolean;
}

/** How much of a file `sniffFile` reads. Enough for a header row and an XML root element. */
export const SNIFF_BYTES = 8192;

const OFAC_CSV_NAMES: Record<string, { role: ListFileRole; consolidated: boolean; columns: number }> = {
  'sdn.csv': { role: 'primary', consolidated: false, columns: 12 },
  'add.csv': { role: 'addresses', consolidated: false, columns: 6 },
  'alt.csv': { role: 'aliases', consolidated: false, columns: 5 },
  'sdn_comments.csv': { role: 'comments', consolidated: false, columns: 2 },
  'cons_prim.csv': { role: 'primary', consolidated: true, columns: 12 },
  'cons_add.csv': { role: 'addresses', consolidated: true, columns: 6 },
  'cons_alt.csv': { role: 'aliases', consolidated: true, columns: 5 },
  'cons_comments.csv': { role: 'comments', consolidated: true, columns: 2 },
};

/** Fields of the first CSV line (enough of a CSV reader for sniffing: quotes, no embedded newlines needed). */
function firstCsvFields(head: string): string[] {
  const line = head.split(/\r?\n/, 1)[0] ?? '';
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else quoted = !quoted;
    } else if (c === ',' && !quoted) {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields.map((f) => f.trim());
}

function detectXml(head: string): DetectedFile | null {
  if (/<sdnList[\s>]/.test(head)) return { format: 'ofac_xml', role: 'data' };
  if (/<CONSOLIDATED_LIST[\s>]/.test(head)) return { format: 'un_xml', role: 'data' };
  if (/<export[\s>]/.test(head) && (/fpi\/fsd\/export/.test(head) || /<sanctionEntity[\s>]/.test(head))) {
    return { format: 'eu_fsf_xml', role: 'data' };
  }
  return null;
}

function detectJson(head: string): DetectedFile | null {
  if (/"DATA_SOURCE"\s*:/.test(head) && /"RECORD_ID"\s*:/.test(head)) return { format: 'senzing_json', role: 'data' };
  if (/^\{\s*"/.test(head) && /"schema"\s*:\s*"[A-Z]/.test(head) && /"properties"\s*:/.test(head)) {
    return { format: 'ftm_json', role: 'data' };
  }
  return null;
}

function detectCsv(name: string, head: string): DetectedFile | null {
  const lines = head.split(/\r?\n/, 3);
  // UK ConList: a "Last Updated" banner line, then the header with "Name 6 ... Group ID".
  if (lines.slice(0, 2).some((l) => /(^|,)"?Name 6"?,/.test(l) && /Group (ID|Type)/.test(l))) {
    return { format: 'uk_conlist_csv', role: 'data' };
  }
  const header = firstCsvFields(head);
  if (header[0] === 'id' && header[1] === 'schema' && header[2] === 'name' && header.includes('aliases')) {
    return { format: 'opensanctions_simple_csv', role: 'data' };
  }
  // OFAC files have no header: the first field of the first row is the numeric ent_num.
  if (!/^\d+,/.test(lines[0] ?? '')) return null;
  const known = OFAC_CSV_NAMES[name];
  if (known) {
    return header.length === known.columns
      ? { format: 'ofac_csv', role: known.role, ofacConsolidated: known.consolidated }
      : null;
  }
  const sdnType = (header[2] ?? '').toLowerCase();
  if (header.length === 12 && ['individual', 'vessel', 'aircraft', '-0-'].includes(sdnType)) {
    return { format: 'ofac_csv', role: 'primary', ofacConsolidated: false };
  }
  return null;
}

/**
 * Format of a file from its name and the start of its text; null when it is not a list file.
 * Pure: `sniffFile` does the reading.
 */
export function detectFileFormat(filePath: string, head: string): DetectedFile | null {
  const name = path.basename(filePath).toLowerCase();
  const text = head.replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start.startsWith('<')) return detectXml(start);
  if (start.startsWith('{')) return detectJson(start);
  if (name.endsWith('.md')) return null;
  return detectCsv(name, text);
}

/** Whether the file is an OpenSanctions dataset `index.json` (metadata beside an export, not a list). */
export function isOpenSanctionsIndex(filePath: string, head: string): boolean {
  return path.basename(filePath).toLowerCase() === 'index.json' && /"resources"\s*:/.test(head) && /"name"\s*:/.test(head);
}

/** Reads the first SNIFF_BYTES of a file as text (latin1 fallback is not needed: every format here is ASCII-led). */
export async function readHead(filePath: string, bytes = SNIFF_BYTES): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    // Drop a UTF-8 sequence cut at the end of the sniffed window.
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/\uFFFD+$/, '');
  } finally {
    await handle.close();
  }
}

/** Detects a file on disk. */
export async function sniffFile(filePath: string): Promise<DetectedFile | null> {
  return detectFileFormat(filePath, await readHead(filePath));
}
