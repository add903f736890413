/**
 * Small list files written to a temporary folder for import tests (OFAC CSV trio layout: no
 * header, `-0-` for empty), and the path of the real lists beside the repository.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const realListsDir = path.resolve(repoRoot, '../shared/data/lists');

export interface OfacRow {
  entNum: number;
  name: string;
  type: 'individual' | 'vessel' | 'aircraft' | '-0-';
  programs?: string;
  remarks?: string;
}

const NONE = '-0- ';

export function ofacSdnCsv(rows: OfacRow[]): string {
  return rows
    .map((r) => [r.entNum, `"${r.name}"`, r.type === '-0-' ? NONE : `"${r.type}"`, `"${r.programs ?? 'SDGT'}"`, NONE, NONE, NONE, NONE, NONE, NONE, NONE, r.remarks ? `"${r.remarks}"` : NONE].join(','))
    .join('\r\n') + '\r\n';
}

export function ofacAltCsv(rows: { entNum: number; altNum: number; type: string; name: string }[]): string {
  return rows.map((r) => [r.entNum, r.altNum, `"${r.type}"`, `"${r.name}"`, NONE].join(',')).join('\r\n') + '\r\n';
}

/** A temporary folder removed by `cleanup()`. */
export async function tempListDir(): Promise<{ dir: string; write(rel: string, text: string): Promise<string>; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cw-lists-'));
  return {
    dir,
    async write(rel, text) {
      const file = path.join(dir, rel);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
      return file;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The OFAC fixture list used across the screening tests: three people, a company and a vessel. */
export const OFAC_ROWS: OfacRow[] = [
  { entNum: 7001, name: 'KARIMOV, Rustam Alievich', type: 'individual', remarks: 'DOB 14 Mar 1971; nationality Uzbekistan; Gender Male.' },
  { entNum: 7002, name: 'OKONJO, Grace Adaeze', type: 'individual', remarks: 'DOB 1969; nationality Nigeria.' },
  { entNum: 7003, name: 'NORTHWIND TRADING LLC', type: '-0-', programs: 'IRAN', remarks: 'Registration Number 7781234 (United Arab Emirates).' },
  { entNum: 7004, name: 'SEA BREEZE', type: 'vessel', programs: 'IRAN' },
  { entNum: 7005, name: 'VASQUEZ MORALES, Carlos Eduardo', type: 'individual', remarks: 'DOB 02 Feb 1975; nationality Colombia.' },
];

export const OFAC_ALIASES = [
  { entNum: 7001, altNum: 1, type: 'aka', name: 'KARIMOV, Rustam' },
  { entNum: 7003, altNum: 2, type: 'fka', name: 'NORTH WIND GENERAL TRADING' },
  { entNum: 9999, altNum: 3, type: 'aka', name: 'NOBODY KNOWN' },
];
