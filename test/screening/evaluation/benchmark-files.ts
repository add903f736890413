/**
 * Readers for the public matching benchmarks in ../shared/data/lists/benchmarks (see SOURCES.md
 * there): the yente candidate-generation positives and validation-report negatives, and the
 * nomenklatura fixture of scores OFAC's own search tool gave.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { csvRecords } from '../../../activities/screening/lists/parsers/csv-records.js';
import { LISTS_DIR } from './real-lists.js';

export interface BenchmarkPerson {
  full_name: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
  nationality: string;
}

async function readCsv(rel: string): Promise<Array<Record<string, string>>> {
  const text = await readFile(path.join(LISTS_DIR, 'benchmarks', rel), 'utf8');
  const rows: string[][] = [];
  for await (const r of csvRecords(text, rel)) rows.push(r.fields);
  const [header, ...body] = rows;
  if (!header) return [];
  return body.filter((r) => r.some((f) => f.trim() !== '')).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

export async function readBenchmarkPeople(rel: string): Promise<BenchmarkPerson[]> {
  return (await readCsv(rel)).map((r) => ({
    full_name: r.full_name ?? '', first_name: r.first_name ?? '', middle_name: r.middle_name ?? '',
    last_name: r.last_name ?? '', date_of_birth: r.date_of_birth ?? '', nationality: r.nationality ?? '',
  }));
}

export interface OfacFixture {
  query: string;
  result: string;
  /** 0-100, or -1 when OFAC's tool did not return the result. */
  ofacScore: number;
}

export async function readOfacFixtures(): Promise<OfacFixture[]> {
  return (await readCsv('nomenklatura_ofac_sls/ofac_fixtures.csv')).map((r) => ({
    query: r.query_name ?? '', result: r.result_name ?? '', ofacScore: Number(r.ofac_score),
  }));
}

/** Splits a benchmark person into the two name fields a screening request carries. */
export function personNameFields(p: Pick<BenchmarkPerson, 'full_name' | 'first_name' | 'middle_name' | 'last_name'>): { name_first: string; name_last: string } {
  if (p.first_name || p.last_name) {
    return { name_first: [p.first_name, p.middle_name].filter(Boolean).join(' '), name_last: p.last_name };
  }
  return splitFullName(p.full_name);
}

/** "LAST, First" → last/first; otherwise the last word is the surname. */
export function splitFullName(full: string): { name_first: string; name_last: string } {
  const comma = full.indexOf(',');
  if (comma > 0) return { name_first: full.slice(comma + 1).trim(), name_last: full.slice(0, comma).trim() };
  const all = full.trim().split(/\s+/);
  // Generational suffixes are not the surname: "Angus S. King Jr." → King.
  const suffixAt = all.length > 2 && /^(jr|sr|ii|iii|iv)\.?$/i.test(all[all.length - 1] ?? '') ? all.length - 1 : all.length;
  const words = all.slice(0, suffixAt);
  if (words.length === 1) return { name_first: '', name_last: words[0] ?? '' };
  return { name_first: words.slice(0, -1).join(' '), name_last: words[words.length - 1] ?? '' };
}

/** ISO date, year-month or year as the benchmark gives it; anything else dropped. */
export function benchmarkBirthdate(value: string): string | undefined {
  return /^\d{4}(-\d{2}(-\d{2})?)?$/.test(value.trim()) ? value.trim() : undefined;
}
