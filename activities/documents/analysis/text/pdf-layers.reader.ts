// The text layers of every page of a PDF, read by pdf.js in a child process with a heap limit.
// pdf.js turns a page's content into an operator list in memory (about 16 bytes of heap per byte
// of drawing operators), so a small file whose streams decode to tens of megabytes of operators
// would otherwise take gigabytes of the worker process, and with it every activity it runs. Past
// the limit only the child dies, and the document fails with file_too_large; the next document
// gets a new child. (A worker thread's heap limit is not enough: V8 can still end the whole
// process when a thread allocates past it quickly.) A page pdf.js cannot parse fails with
// file_unreadable. One child serves one document at a time (a child that dies takes only the
// bomb with it) and stays for the next (it loads pdf.js once). The decoded-size check
// (pdf-decoded-size.check.ts) bounds the stream buffers, which live outside the heap.

import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { siblingModule } from '../../../../infra/local-stack/tool-paths.js';
import { DocumentAnalysisError, type AnalysisErrorCode } from '../analysis-errors.js';
import type { FileMetadata } from '../fraud/file-metadata.js';
import type { PdfPageLayer } from './pdf-page.reader.js';

/** Heap the reading process may use, in MiB (pdf.js itself takes about 100; a 200-page statement some 150 more). */
export const PDF_READER_HEAP_MB = 1024;

export interface LayersRequest {
  bytes: Uint8Array;
  maxPages: number;
  maxImagePixels: number;
  includeAnnotations: boolean;
  /** Past maxPages, read the first maxPages pages instead of none. */
  firstPages?: boolean;
  /** Also read the document information and XMP metadata. */
  metadata?: boolean;
}

export type LayersMessage =
  | { kind: 'page'; number: number; numPages: number }
  | { kind: 'done'; numPages: number; layers: PdfPageLayer[]; metadata?: FileMetadata }
  | { kind: 'failed'; code: AnalysisErrorCode | null; detail: string };

export interface ReadLayersOptions extends Omit<LayersRequest, 'bytes'> {
  heapMb?: number;
  onPage?: (number: number, numPages: number) => void;
}

const ENTRY = siblingModule(import.meta.url, './pdf-layers.worker');
/** A TypeScript child runs through tsx, whatever flags its parent started with; compiled code needs no loader. */
const LOADER_ARGS = ENTRY.endsWith('.ts') ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

interface Reader {
  child: ChildProcess;
  heapMb: number;
  alive: boolean;
  stderr: string;
}

let reader: Reader | null = null;
/** Requests wait for the one before them: one document at a time per child. */
let queue: Promise<unknown> = Promise.resolve();

function readerProcess(heapMb: number): Reader {
  if (reader?.alive && reader.heapMb === heapMb) return reader;
  if (reader?.alive) reader.child.kill('SIGKILL');
  const child = fork(ENTRY, [], {
    execArgv: [...LOADER_ARGS, `--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const created: Reader = { child, heapMb, alive: true, stderr: '' };
  child.stderr?.on('data', (chunk: Buffer) => (created.stderr = (created.stderr + chunk.toString('utf8')).slice(-4096)));
  child.on('exit', () => (created.alive = false));
  idle(child);
  reader = created;
  return created;
}

/** An idle reader does not hold the process open. */
function idle(child: ChildProcess): void {
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
  (child.stderr as { unref?: () => void } | null)?.unref?.();
}

function busy(child: ChildProcess): void {
  child.ref();
  (child.channel as { ref?: () => void } | undefined)?.ref?.();
}

export interface PdfLayers {
  numPages: number;
  layers: PdfPageLayer[];
  metadata?: FileMetadata;
}

/** `layers` is empty when the PDF has more than `maxPages` pages (`numPages` says how many), unless `firstPages` is set. */
export function readPdfLayers(bytes: Uint8Array, options: ReadLayersOptions): Promise<PdfLayers> {
  const run = queue.then(() => readInChild(bytes, options));
  queue = run.catch(() => undefined);
  return run;
}

function readInChild(bytes: Uint8Array, options: ReadLayersOptions): Promise<PdfLayers> {
  const heapMb = options.heapMb ?? PDF_READER_HEAP_MB;
  const current = readerProcess(heapMb);
  const { child } = current;
  return new Promise((resolve, reject) => {
    const done = (action: () => void) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      if (current.alive) idle(child);
      action();
    };
    const onMessage = (message: LayersMessage) => {
      if (message.kind === 'page') options.onPage?.(message.number, message.numPages);
      else if (message.kind === 'done') done(() => resolve({ numPages: message.numPages, layers: message.layers, ...(message.metadata ? { metadata: message.metadata } : {}) }));
      else done(() => reject(new DocumentAnalysisError(message.code ?? 'file_unreadable', message.code ? message.detail : `the PDF could not be read (${message.detail})`)));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      // stderr may still be arriving: give it a moment before judging why the child ended.
      setImmediate(() => done(() => reject(/heap out of memory|heap limit/i.test(current.stderr)
        ? new DocumentAnalysisError('file_too_large', `reading the PDF's pages needs more than ${heapMb} MiB of memory (far more drawing operators than a document has)`)
        : new Error(`the PDF reader stopped (${signal ?? `exit code ${code}`}) before answering`))));
    };
    const onError = (error: Error) => done(() => reject(error));
    child.on('message', onMessage);
    child.on('exit', onExit);
    child.on('error', onError);
    busy(child);
    current.stderr = '';
    const { heapMb: _heap, onPage: _onPage, ...request } = options;
    child.send({ bytes, ...request } satisfies LayersRequest);
  });
}
