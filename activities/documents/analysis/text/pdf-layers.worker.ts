// Child-process entry of readPdfLayers (pdf-layers.reader.ts): answers one request at a time —
// opens the PDF with pdf.js, reads the text layer of every page and sends them back; a failure is
// sent as plain data (classes do not cross processes). Runs under the heap limit its parent gives it.

import { DocumentAnalysisError } from '../analysis-errors.js';
import { readPdfMetadata } from '../fraud/file-metadata.js';
import { openPdf } from './pdf-document.loader.js';
import { readPdfPage } from './pdf-page.reader.js';
import type { LayersMessage, LayersRequest } from './pdf-layers.reader.js';

const post = (message: LayersMessage) => process.send!(message);

process.on('message', (request: LayersRequest) => void answer(request));
// The parent going away ends the reader.
process.on('disconnect', () => process.exit(0));

async function answer(request: LayersRequest): Promise<void> {
  try {
    const { doc, close } = await openPdf(request.bytes, { maxImagePixels: request.maxImagePixels });
    try {
      const metadata = request.metadata ? { metadata: await readPdfMetadata(doc) } : {};
      if (doc.numPages > request.maxPages && !request.firstPages) {
        post({ kind: 'done', numPages: doc.numPages, layers: [], ...metadata });
        return;
      }
      const layers = [];
      for (let n = 1; n <= Math.min(doc.numPages, request.maxPages); n++) {
        layers.push(await readPdfPage(doc, n, request.includeAnnotations));
        post({ kind: 'page', number: n, numPages: doc.numPages });
      }
      post({ kind: 'done', numPages: doc.numPages, layers, ...metadata });
    } finally {
      await close();
    }
  } catch (error) {
    post(error instanceof DocumentAnalysisError
      ? { kind: 'failed', code: error.code, detail: error.detail }
      : { kind: 'failed', code: null, detail: (error as Error)?.message ?? String(error) });
  }
}
