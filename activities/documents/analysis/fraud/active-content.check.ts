// Active content in a PDF, from qpdf's JSON view of every object (object streams and
// compression undone by qpdf): JavaScript (/JS, /S /JavaScript, the /JavaScript name tree),
// launch actions (/S /Launch), embedded files (/EmbeddedFile streams, /EmbeddedFiles, file
// attachment annotations).

import { runCommand } from '../../../identity/documents/processing/ocr/command.runner.js';
import { raise, type RaisedIndicator } from './indicator.js';

export async function activeContentIndicators(filePath: string, timeoutMs: number): Promise<RaisedIndicator[]> {
  let json: unknown;
  try {
    json = JSON.parse(await runCommand('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=none', filePath], { timeoutMs, maxBufferBytes: 256 * 1024 * 1024 }));
  } catch {
    // qpdf exits 3 on warnings but still prints; a file it cannot read at all has no objects to inspect.
    json = await runCommand('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=none', '--warning-exit-0', filePath], { timeoutMs, maxBufferBytes: 256 * 1024 * 1024 })
      .then((s) => JSON.parse(s) as unknown)
      .catch(() => null);
  }
  return findActiveContent(json);
}

/** Pure: the indicators for a qpdf --json=2 document. */
export function findActiveContent(json: unknown): RaisedIndicator[] {
  const found = { js: 0, launch: 0, embedded: 0 };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const dict = node as Record<string, unknown>;
    if ('/JS' in dict || dict['/S'] === '/JavaScript' || '/JavaScript' in dict) found.js++;
    if (dict['/S'] === '/Launch') found.launch++;
    if (dict['/Type'] === '/EmbeddedFile' || '/EmbeddedFiles' in dict || dict['/Subtype'] === '/FileAttachment') found.embedded++;
    for (const value of Object.values(dict)) visit(value);
  };
  const objects = (json as { qpdf?: unknown[] } | null)?.qpdf?.[1];
  visit(objects);
  const out: RaisedIndicator[] = [];
  if (found.js) out.push(raise('javascript', `${found.js} JavaScript action(s) or script(s) in the file.`));
  if (found.launch) out.push(raise('launch_action', `${found.launch} action(s) that launch a program or open a file.`));
  if (found.embedded) out.push(raise('embedded_file', `${found.embedded} embedded file(s) or attachment(s).`));
  return out;
}
