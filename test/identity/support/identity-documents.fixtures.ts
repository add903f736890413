/**
 * Files for the document tests, made with the processing engineer's generators (rendered MRZ
 * images, text-layer PDFs): a valid passport, a damaged and an expired one, a proof of address
 * that is recent and names the test account's holder, and helpers to upload bytes to a presigned
 * address with a real HTTP PUT and to poll for a condition.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateIdentityImages } from '../../identity/processing/fixtures/generate-identity-images.js';
import { textPdf } from '../../identity/processing/fixtures/minimal-pdf.writer.js';

export interface DocumentFixtures {
  passport: Buffer;
  wrongCheckDigit: Buffer;
  expiredCard: Buffer;
  /** A recent energy bill for Mr John Paul Smith, 14 Kingfisher Road, London N7 8QT. */
  recentBill: Buffer;
  /** The same bill dated March 2026 (too old to be valid). */
  oldBill: Buffer;
}

const TEXTS_DIR = path.resolve(import.meta.dirname, '../../fixtures/identity/address-texts');
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const longDate = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

export async function documentFixtures(dir: string, now = new Date()): Promise<DocumentFixtures> {
  const images = await generateIdentityImages(dir);
  const image = (name: string) => readFile(images.find((i) => i.name === name)!.file);
  const bill = await readFile(path.join(TEXTS_DIR, 'uk-energy-bill.txt'), 'utf8');
  const billDate = new Date(now.getTime() - 12 * 24 * 3600 * 1000);
  const recent = bill
    .replace('Bill date: 3 March 2026', `Bill date: ${longDate(billDate)}`)
    .replace('Payment due by 17 March 2026', `Payment due by ${longDate(new Date(billDate.getTime() + 14 * 24 * 3600 * 1000))}`);
  return {
    passport: await image('td3-gbr-passport'),
    wrongCheckDigit: await image('td3-wrong-check-digit'),
    expiredCard: await image('td1-expired'),
    recentBill: textPdf([recent]),
    oldBill: textPdf([bill]),
  };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A real HTTP PUT of the bytes to a presigned upload address. */
export async function upload(url: string, bytes: Buffer, contentType = 'application/octet-stream'): Promise<number> {
  const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'Content-Type': contentType } });
  await res.arrayBuffer();
  return res.status;
}

export { pollUntil } from '../../support/poll.js';
