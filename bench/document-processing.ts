/**
 * Generic document throughput on the running stack: documents processed per minute and the time
 * from upload (a real HTTP PUT to the presigned MinIO address) to `processed`, through the API (in
 * process), the upload watch and the stage-per-activity analysis workflow (worker in process;
 * pdf.js for text PDFs, tesseract for scans, qpdf/pdfsig for the fraud checks). Starts its own
 * PostgreSQL, MinIO and Temporal, as the tests do.
 *   bash infra/tools/run.sh bench/document-processing.ts [--documents 24] [--concurrency 4] [--activities 2] [--scans 0.25]
 * The documents are invoices, receipts, bank statements, payslips and utility bills from the test
 * corpus (English and German, two layouts), each with its template's extraction schema and the
 * fraud analysis on; `--scans` is the share sent as PNG scans (OCR) instead of text PDFs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { createDocumentAnalysisActivities } from '../activities/documents/processing/document-analysis.activities.js';
import { createUploadActivities } from '../activities/uploads/uploads.activities.js';
import { generateApiKey } from '../api/auth/api-key.js';
import { ALL_SCOPES } from '../api/auth/scopes.js';
import { documentRoutes } from '../api/documents/documents.routes.js';
import { documentTemplateRoutes } from '../api/document-templates/document-templates.routes.js';
import { createScratchDatabase } from '../infra/db/scratch-database.js';
import { insertApiKey } from '../infra/db/repositories/api-keys.repository.js';
import { ensureTools } from '../infra/local-stack/tool-installer.js';
import { createLogger } from '../infra/logger/logger.js';
import { silentTemporalLogger } from '../infra/logger/temporal-runtime-logger.js';
import { createObjectStorage } from '../infra/storage/object-storage.js';
import { composeDocument, type CorpusKind } from '../test/documents/corpus/corpus-documents.js';
import { writeWithPdfLib } from '../test/documents/corpus/pdf-writers.js';
import { scanPdf } from '../test/documents/corpus/scans.js';
import { seededRandom } from '../test/documents/corpus/seeded-random.js';
import { startTestServices } from '../test/setup/test-services.js';
import { startInProcessStack } from './support/in-process-stack.js';
import { percentile } from './support/percentile.js';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '4' },
    activities: { type: 'string', default: '2' },
    scans: { type: 'string', default: '0.25' },
  },
});
const total = Number(values.documents);
const concurrency = Number(values.concurrency);
const scanShare = Number(values.scans);
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn', name: 'bench' });
Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } }, logger: silentTemporalLogger });
const fmt = (n: number) => n.toFixed(1);

// ---- fixtures: one text PDF and one scan per kind ----
const fixturesDir = await mkdtemp(path.join(tmpdir(), 'bench-documents-'));
const rng = seededRandom(42);
const KINDS: CorpusKind[] = ['invoice', 'receipt', 'bank_statement', 'payslip', 'utility_bill'];
const fixtures: { doc: ReturnType<typeof composeDocument>; pdf: Uint8Array; scan: Uint8Array }[] = [];
for (const [i, kind] of KINDS.entries()) {
  const doc = composeDocument(kind, i % 2 ? 'de' : 'en', (i % 2) as 0 | 1, rng);
  const pdf = await writeWithPdfLib(doc.page);
  const pdfPath = path.join(fixturesDir, `${doc.id}.pdf`);
  await writeFile(pdfPath, pdf);
  const scanPath = path.join(fixturesDir, `${doc.id}.png`);
  await scanPdf(pdfPath, scanPath, 'png', i + 1);
  fixtures.push({ doc, pdf, scan: new Uint8Array(await readFile(scanPath)) });
}

// ---- servers, database, bucket, stack ----
const services = await startTestServices(await ensureTools());
const env = services.values;
const scratch = await createScratchDatabase(env.databaseAdminUrl, { prefix: 'cw_bench', poolSize: 10, applicationName: 'clearwatch-bench' });
const db = scratch.db;
const storage = createObjectStorage({ ...env.s3, bucket: `bench-documents-${randomBytes(3).toString('hex')}` });
await storage.ensureBucket();
const stack = await startInProcessStack({
  env, db, databaseUrl: scratch.url, storage, logger, name: 'documents',
  activities: () => ({ ...createUploadActivities({ db, storage, clock: () => new Date() }), ...createDocumentAnalysisActivities({ db, storage, clock: () => new Date(), logger }) }),
  routes: (deps) => [...documentRoutes(deps), ...documentTemplateRoutes(deps)],
  maxConcurrentActivityTaskExecutions: Number(values.activities),
});
const { rawKey, prefix, hash } = generateApiKey('staging');
await insertApiKey(db, { environment: 'staging', name: 'bench', keyPrefix: prefix, keyHash: hash, scopes: ALL_SCOPES });

async function api(method: string, route: string, body?: unknown) {
  const res = await fetch(`${stack.baseUrl}${route}`, { method, headers: { 'X-Api-Key': rawKey, ...(body ? { 'Content-Type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const templates = new Map<string, string>();
for (const { doc } of fixtures) {
  const made = await api('POST', '/v1/document-templates', {
    data: { type: 'document-template', attributes: { name: doc.kind, document_class_type: doc.kind, extraction_config: { enabled: true, schema: doc.schema }, fraud_config: { enabled: true } } },
  });
  templates.set(doc.kind, made.data.id);
}

async function oneDocument(n: number): Promise<{ ms: number; status: string; scan: boolean }> {
  const fixture = fixtures[n % fixtures.length]!;
  const scan = (n * 7919) % 100 < scanShare * 100;
  const bytes = scan ? fixture.scan : fixture.pdf;
  const created = await api('POST', '/v1/documents', {
    data: { type: 'document', attributes: { file: { filename: scan ? 'scan.png' : 'document.pdf', byte_size: bytes.length } }, relationships: { document_template: { data: { type: 'document-template', id: templates.get(fixture.doc.kind) } } } },
  });
  const started = performance.now();
  const put = await fetch(created.meta.presigned_upload_urls[0].url, { method: 'PUT', body: Buffer.from(bytes) });
  if (put.status !== 200) throw new Error(`upload: ${put.status}`);
  for (;;) {
    const doc = await api('GET', `/v1/documents/${created.data.id}?fields[document]=status`);
    const status = doc.data.attributes.status as string;
    if (status === 'processed' || status === 'failed') return { ms: performance.now() - started, status, scan };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await Promise.all([oneDocument(0), oneDocument(1)]);
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let scans = 0;
let next = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < total) {
    const r = await oneDocument(next++);
    latencies.push(r.ms);
    if (r.scan) scans += 1;
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  }
}));
const elapsedMs = performance.now() - t0;
latencies.sort((a, b) => a - b);
const q = (p: number) => percentile(latencies, p);
console.log(`${total} documents (${scans} PNG scans, ${total - scans} text PDFs; extraction and fraud analysis on), ${concurrency} in flight, worker activities ${values.activities}: ${fmt(elapsedMs / 1000)} s`);
console.log(`  throughput: ${fmt(total / (elapsedMs / 60_000))} documents processed per minute`);
console.log(`  upload → final status: p50 ${fmt(q(0.5))} ms, p99 ${fmt(q(0.99))} ms, max ${fmt(q(1))} ms; statuses ${JSON.stringify(statuses)}`);

await stack.close();
await scratch.destroy();
await storage.removePrefix('');
await services.stop();
await rm(fixturesDir, { recursive: true, force: true });
process.exit(0);
