/**
 * The input every parser takes: a whole string, or chunks of text (sync or async) as a
 * file stream yields them, so large files are parsed without holding their text twice.
 */
export type TextSource = string | Iterable<string> | AsyncIterable<string>;

/** The named text of one file: `name` is what errors and warnings cite (usually the path). */
export interface NamedText {
  name: string;
  text: TextSource;
}

export async function* textChunks(source: TextSource): AsyncGenerator<string> {
  if (typeof source === 'string') {
    yield source;
    return;
  }
  for await (const chunk of source as AsyncIterable<string>) yield chunk;
}

/** Lines with their 1-based numbers; handles \n and \r\n and lines split across chunks. */
export async function* textLines(source: TextSource): AsyncGenerator<{ line: string; lineNo: number }> {
  let rest = '';
  let lineNo = 0;
  for await (const chunk of textChunks(source)) {
    rest += chunk;
    let start = 0;
    for (let nl = rest.indexOf('\n', start); nl !== -1; nl = rest.indexOf('\n', start)) {
      const end = nl > start && rest.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      lineNo += 1;
      yield { line: rest.slice(start, end), lineNo };
      start = nl + 1;
    }
    rest = rest.slice(start);
  }
  if (rest.length > 0) {
    lineNo += 1;
    yield { line: rest.endsWith('\r') ? rest.slice(0, -1) : rest, lineNo };
  }
}
