// Edits saved as incremental updates: rebuilds every revision of the PDF (the file cut after each
// %%EOF), reads the text of every page of each, and compares each revision with the one before.
// Every changed run of words becomes a location of incremental_update_text_changed with the old
// and the new text; changes in revisions after a signed one also raise modified_after_signing.
// An earlier revision gets the same limits as the file (the text stage only saw the newest one):
// its streams' decoded size is checked before pdf.js opens it, pdf.js reads it under a heap
// limit, and past the page limit it is not read; such a revision is reported as not compared.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AnalysisLimits } from '../analysis-limits.js';
import { checkPdfDecodedSize } from '../text/pdf-decoded-size.check.js';
import { readPdfLayers } from '../text/pdf-layers.reader.js';
import { assignLines } from '../text/text-lines.js';
import type { DocumentWord } from '../document-text.js';
import { locationsOfWords } from '../location.js';
import { raise, withDetail, type IndicatorLocation, type RaisedIndicator } from './indicator.js';
import { findRevisions, type Revision } from './pdf-revisions.js';
import { diffWords } from './text-diff.js';

type PageWords = Map<number, DocumentWord[]>;

export interface RevisionReport {
  revisions: number;
  indicators: RaisedIndicator[];
}

export type RevisionLimits = Pick<AnalysisLimits, 'maxRevisions' | 'maxPages' | 'maxDecodedStreamBytes' | 'maxPdfImagePixels' | 'toolTimeoutMs'>;

export async function revisionIndicators(bytes: Uint8Array, limits: RevisionLimits, signedEnds: readonly number[]): Promise<RevisionReport> {
  const maxRevisions = limits.maxRevisions;
  const all = findRevisions(bytes);
  const revisions = all.slice(-maxRevisions);
  const indicators: RaisedIndicator[] = [];
  if (all.length <= 1) return { revisions: all.length, indicators };
  if (revisions.length < all.length) indicators.push(raise('revisions_not_compared', `Only the newest ${maxRevisions} of ${all.length} revisions were compared.`));

  const texts: (PageWords | null)[] = [];
  for (const rev of revisions) texts.push(await readRevision(bytes, rev, limits));
  const unreadable = revisions.filter((_, i) => texts[i] === null).map((r) => r.number);
  if (unreadable.length) indicators.push(raise('revisions_not_compared', `Revision(s) ${unreadable.join(', ')} could not be opened on their own.`));

  const changed: IndicatorLocation[] = [];
  const afterSigning: IndicatorLocation[] = [];
  const summary: string[] = [];
  let previous: { rev: Revision; pages: PageWords } | null = null;
  for (let i = 0; i < revisions.length; i++) {
    const pages = texts[i];
    if (!pages) continue;
    if (previous) {
      const locations = comparePages(previous.pages, pages);
      if (locations.length) {
        changed.push(...locations);
        summary.push(`revision ${revisions[i]!.number} changed ${locations.length} run(s) of text`);
        const signedBefore = signedEnds.some((end) => end <= previous!.rev.end + 2);
        if (signedBefore) afterSigning.push(...locations);
      }
    }
    previous = { rev: revisions[i]!, pages };
  }
  if (changed.length) indicators.push(raise('incremental_update_text_changed', `The file has ${all.length} revisions; ${summary.join('; ')}.`, changed));
  else indicators.push(raise('incremental_updates_present', `The file has ${all.length} revisions; the text of its pages is the same in all of them.`));
  if (afterSigning.length) indicators.push(raise('modified_after_signing', 'Text was changed in a revision saved after a digital signature was applied.', afterSigning));
  return { revisions: all.length, indicators };
}

async function readRevision(bytes: Uint8Array, rev: Revision, limits: RevisionLimits): Promise<PageWords | null> {
  try {
    const revision = bytes.slice(0, rev.end);
    await checkRevisionDecodedSize(revision, limits);
    // pdf.js reads the revision in a thread with a heap limit (see pdf-layers.reader.ts).
    const { numPages, layers } = await readPdfLayers(revision, { maxPages: limits.maxPages, maxImagePixels: limits.maxPdfImagePixels, includeAnnotations: false });
    if (numPages > limits.maxPages) return null;
    const pages: PageWords = new Map();
    for (const layer of layers) pages.set(layer.number, assignLines(layer.words).sort((a, b) => a.line - b.line || a.bbox.left - b.bbox.left));
    return pages;
  } catch {
    return null;
  }
}

async function checkRevisionDecodedSize(revision: Uint8Array, limits: RevisionLimits): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'clearwatch-revision-'));
  try {
    const file = path.join(dir, 'revision.pdf');
    await writeFile(file, revision);
    await checkPdfDecodedSize(file, limits);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function comparePages(before: PageWords, after: PageWords): IndicatorLocation[] {
  const out: IndicatorLocation[] = [];
  const pages = new Set([...before.keys(), ...after.keys()]);
  for (const n of [...pages].sort((a, b) => a - b)) {
    const oldWords = before.get(n) ?? [];
    const newWords = after.get(n) ?? [];
    for (const run of diffWords(oldWords.map((w) => w.text), newWords.map((w) => w.text))) {
      const removed = oldWords.slice(run.oldStart, run.oldEnd);
      const added = newWords.slice(run.newStart, run.newEnd);
      const where = added.length ? added : removed;
      if (where.length === 0) continue;
      const original = removed.map((w) => w.text).join(' ') || null;
      const replacement = added.map((w) => w.text).join(' ') || null;
      for (const loc of locationsOfWords(where)) out.push(withDetail(loc, original, replacement));
    }
  }
  return out;
}
