/**
 * Whether a page names the business: the names a page gives itself (title parts, og:site_name,
 * application-name, headings, copyright lines, JSON-LD organization names) and short runs of
 * words around any word of the business name are indexed as organization names, and the business
 * name is searched with the screening matcher (legal forms, transliteration, token similarity,
 * its alert threshold). The best score and the text it matched are reported.
 */
import { DEFAULT_THRESHOLD, NicknameTable, buildIndex, search, type IndexedEntity } from '../../screening/matching/matcher.js';
import { foldLatin } from '../../screening/matching/text-fold.js';
import type { PageReading } from './page-reader.js';

export interface NameMatch {
  found: boolean;
  score: number;
  text: string | null;
}

const MAX_CANDIDATES = 2_000;
const EMPTY_NICKNAMES = new NicknameTable();

function jsonLdNames(node: unknown, out: string[], depth = 0): void {
  if (depth > 6 || node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) jsonLdNames(item, out, depth + 1);
    return;
  }
  const record = node as Record<string, unknown>;
  for (const key of ['name', 'legalName', 'alternateName']) if (typeof record[key] === 'string') out.push(record[key] as string);
  for (const value of Object.values(record)) if (typeof value === 'object') jsonLdNames(value, out, depth + 1);
}

/** Names the page gives itself, then word windows around the business name's words. */
export function nameCandidates(page: PageReading, businessName: string): string[] {
  const candidates: string[] = [];
  if (page.title) candidates.push(page.title, ...page.title.split(/\s[|–—:·•-]\s|\s[|]\s?/));
  for (const key of ['og:site_name', 'application-name', 'og:title', 'author']) if (page.meta[key]) candidates.push(page.meta[key]!);
  candidates.push(...page.headings);
  jsonLdNames(page.jsonLd, candidates);
  const lines = page.text.split('\n');
  for (const line of lines) if (/©|\(c\)|copyright/i.test(line)) candidates.push(line.replace(/.*?(©|\(c\)|copyright)\s*(\d{4}(\s*[-–]\s*\d{4})?)?\s*/i, '').slice(0, 200));

  const wanted = new Set(foldLatin(businessName).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3));
  const size = businessName.trim().split(/\s+/).length;
  for (const line of lines) {
    if (candidates.length >= MAX_CANDIDATES) break;
    const words = line.split(/\s+/).filter(Boolean);
    for (let i = 0; i < words.length && candidates.length < MAX_CANDIDATES; i += 1) {
      if (!wanted.has(foldLatin(words[i]!).replace(/[^\p{L}\p{N}]+/gu, ''))) continue;
      for (let start = Math.max(0, i - size); start <= i; start += 1) {
        for (const length of [size, size + 1, size + 2]) {
          if (start + length > words.length || start + length <= i) continue;
          candidates.push(words.slice(start, start + length).join(' '));
        }
      }
    }
  }
  return [...new Set(candidates.map((c) => c.replace(/\s+/g, ' ').trim()).filter((c) => c.length > 0 && c.length <= 300))].slice(0, MAX_CANDIDATES);
}

export function matchBusinessName(page: PageReading, businessName: string): NameMatch {
  const candidates = nameCandidates(page, businessName);
  if (candidates.length === 0) return { found: false, score: 0, text: null };
  const entities: IndexedEntity[] = candidates.map((text, i) => ({
    id: String(i), list_slug: 'page', source_id: String(i), kind: 'organization',
    names: [{ full: text, alias_type: 'page', strength: 'primary' }], birth_dates: [], countries: [], identifiers: [], programs: [],
  }));
  const index = buildIndex(entities, { nicknames: EMPTY_NICKNAMES });
  const [best] = search(index, { kind: 'business', business_name: businessName }, { threshold: 0, limit: 1 });
  if (!best) return { found: false, score: 0, text: null };
  return { found: best.score >= DEFAULT_THRESHOLD, score: Math.round(best.score * 1000) / 1000, text: best.matched_name.full };
}
