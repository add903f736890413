/**
 * The workflow bundle carries an inline source map so workflow stack traces name our TypeScript
 * files and lines. Its `sourcesContent` (a copy of every bundled source, half the file) is only
 * read when a worker shows source snippets (`showStackTraceSources`, off here), yet every workflow
 * thread parses it: dropping it saves about 11 MB per task queue a process serves, and keeps the
 * mappings. Pure: bundle text in, bundle text out.
 */
const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;(?:charset=utf-8;)?base64,([A-Za-z0-9+/=]+)\s*$/;

export function withoutEmbeddedSources(code: string): string {
  const match = INLINE_MAP.exec(code);
  if (!match) return code;
  let map: { sourcesContent?: unknown };
  try {
    map = JSON.parse(Buffer.from(match[1]!, 'base64').toString('utf8')) as { sourcesContent?: unknown };
  } catch {
    return code;
  }
  if (map.sourcesContent === undefined) return code;
  delete map.sourcesContent;
  return `${code.slice(0, match.index)}\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`;
}
