// Test-only: the tampered variants of a corpus document, each a way documents are really
// forged — an amount or a name changed by an incremental update, metadata rewritten by an
// online editor, a new amount typed over a whited-out old one, a signed file edited after
// signing, a script added — plus the signing used for signed controls.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import * as signpdfModule from '@signpdf/signpdf';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from 'pdf-lib';
import { A4, type TextItem } from './page-model.js';

const run = promisify(execFile);

export async function rewriteMetadata(bytes: Uint8Array, producer: string, modifiedDaysLater: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const created = doc.getCreationDate() ?? new Date('2026-06-01T10:00:00Z');
  doc.setProducer(producer);
  doc.setModificationDate(new Date(created.getTime() + modifiedDaysLater * 86_400_000));
  return doc.save({ useObjectStreams: false });
}

/** White box over the item, the new text typed on top in another font (full rewrite, as many editors save). */
export async function overlayText(bytes: Uint8Array, item: TextItem, newText: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  const font = await doc.embedFont(StandardFonts.Courier);
  const oldWidth = (await doc.embedFont(item.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica)).widthOfTextAtSize(item.text, item.size);
  const newWidth = font.widthOfTextAtSize(newText, item.size);
  const baseline = A4.height - item.y - item.size * 0.8;
  const oldLeft = item.alignRight ? item.x - oldWidth : item.x;
  page.drawRectangle({ x: oldLeft - 1, y: baseline - item.size * 0.25, width: oldWidth + 2, height: item.size * 1.1, color: rgb(1, 1, 1) });
  page.drawText(newText, { x: item.alignRight ? item.x - newWidth : item.x, y: baseline, size: item.size, font, color: rgb(0, 0, 0) });
  return doc.save({ useObjectStreams: false });
}

export async function addJavaScript(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hello")') }));
  return doc.save({ useObjectStreams: false });
}

/** A self-signed certificate made now with openssl, as a PKCS#12 bundle without a password. */
export async function makeTestCertificate(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clearwatch-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    const p12 = path.join(dir, 'cert.p12');
    await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-keyout', key, '-out', cert, '-days', '30', '-nodes', '-subj', '/CN=Clearwatch Test Signer']);
    await run('openssl', ['pkcs12', '-export', '-inkey', key, '-in', cert, '-out', p12, '-passout', 'pass:']);
    return await readFile(p12);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function signPdf(bytes: Uint8Array, p12: Buffer): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  pdflibAddPlaceholder({ pdfDoc: doc, reason: 'Issued', contactInfo: 'corpus@example.test', name: 'Clearwatch Test Signer', location: 'Test' });
  const withPlaceholder = await doc.save({ useObjectStreams: false });
  // The package is CommonJS with a default export: unwrap to the object that has sign().
  type Signer = { sign?: (pdf: Buffer, signer: P12Signer) => Promise<Buffer>; default?: Signer };
  let signpdf = signpdfModule as unknown as Signer;
  while (!signpdf.sign && signpdf.default) signpdf = signpdf.default;
  return new Uint8Array(await signpdf.sign!(Buffer.from(withPlaceholder), new P12Signer(p12, { passphrase: '' })));
}
