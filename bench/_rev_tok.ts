// Review scratch: token-pair scores for the current tree. Usage: run.sh bench/_rev_tok.ts OUTDIR
import { writeFileSync, mkdirSync } from 'node:fs';
import { tokenizePersonName, tokenizePersonQuery, type RawToken } from '../activities/screening/matching/name-tokenizer.js';
import { compareTokens, type ScoringToken } from '../activities/screening/matching/name-similarity.js';
import { makeTokenInfo } from '../activities/screening/matching/token-vocabulary.js';
import { nameFamily } from '../activities/screening/matching/name-variants.js';
import { readBenchmarkPeople, personNameFields } from '../test/screening/evaluation/benchmark-files.js';
import { loadOfacSdn, loadUn, loadUsCongressPeps } from '../test/screening/evaluation/real-lists.js';

const out = process.argv[2] as string;
mkdirSync(out, { recursive: true });
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const un = await loadUn();
const ofac = await loadOfacSdn();
const cong = await loadUsCongressPeps();
const innocents = [
  ...(await readBenchmarkPeople('yente_validation_report/negatives_global.csv')),
  ...(await readBenchmarkPeople('yente_validation_report/negatives_us.csv')),
].map(personNameFields).filter((q) => q.name_first || q.name_last);

type Tok = { st: ScoringToken; key: string; src: Set<string> };
const latin = new Map<string, Tok>();
const arabic = new Map<string, Tok>();
const akeys: string[] = []; // A:name#pos \t folded
const flags = (t: RawToken) => `${t.fromScript ? 1 : 0}${t.abjad ? 1 : 0}${t.consonantal ? 1 : 0}`;
function add(tokens: RawToken[], src: string, full: string): void {
  tokens.forEach((t, pos) => {
    if (t.particle) return;
    const k = `${t.folded}|${flags(t)}`;
    const isA = t.abjad && t.fromScript;
    const m = isA ? arabic : t.fromScript ? undefined : latin;
    if (!m) return;
    let rec = m.get(k);
    if (!rec) { rec = { st: { info: makeTokenInfo(t.folded), role: t.role, particle: false, fromScript: t.fromScript, abjad: t.abjad, consonantal: t.consonantal }, key: k, src: new Set() }; m.set(k, rec); }
    if (rec.src.size < 50) rec.src.add(src);
    if (isA) akeys.push(`A:${full}#${pos}\t${k}\t${src}`);
  });
}
for (const [lst, tag] of [[un, 'un'], [ofac, 'ofac'], [cong, 'cong']] as const) {
  for (const e of lst) {
    if (e.kind !== 'person') continue;
    for (const n of e.names) add(tokenizePersonName(n), `${tag}:${e.id}`, n.full);
  }
}
innocents.forEach((q, i) => add(tokenizePersonQuery(q.name_first, q.name_last), `neg:${i}`, `${q.name_first} ${q.name_last}`));
console.log(`latin ${latin.size} arabic ${arabic.size}`);
writeFileSync(`${out}/akeys.tsv`, akeys.join('\n'));
const tokLines: string[] = [];
for (const m of [latin, arabic]) for (const r of m.values()) tokLines.push(`${r.key}\t${r.st.info.variant}\t${r.st.info.phonetic}\t${JSON.stringify((r.st.info as any).abjadReadings ?? [])}\t${[...r.src].slice(0, 8).join(',')}`);
writeFileSync(`${out}/tokens.tsv`, tokLines.join('\n'));

const L = [...latin.values()];
const A = [...arabic.values()];
const lines: string[] = [];
const t0 = performance.now();
function pair(x: Tok, y: Tok, tag: string): void {
  const m = compareTokens(x.st, y.st);
  const m2 = compareTokens(y.st, x.st);
  const s = Math.max(m.score, m2.score);
  if (s >= 0.7) lines.push(`${tag}\t${x.key}\t${y.key}\t${m.score}\t${m.kind}\t${m2.score}\t${m2.kind}`);
}
for (const x of L) for (const y of A) pair(x, y, 'LA');
console.log(`LA done ${(performance.now() - t0) / 1000}s`);
for (let i = 0; i < A.length; i += 1) for (let j = i + 1; j < A.length; j += 1) pair(A[i]!, A[j]!, 'AA');
console.log(`AA done ${(performance.now() - t0) / 1000}s`);
const suspect = (f: string) => /^[yji]|dj|zh|dz|dsch/.test(f) || nameFamily(f) !== f;
const S = L.filter((t) => suspect(t.st.info.folded));
console.log(`suspect latin ${S.length}`);
for (const x of S) for (const y of L) {
  if (x === y) continue;
  if (suspect(y.st.info.folded) && y.key < x.key) continue;
  pair(x, y, 'LL');
}
console.log(`LL done ${(performance.now() - t0) / 1000}s`);
writeFileSync(`${out}/pairs.tsv`, lines.join('\n'));
