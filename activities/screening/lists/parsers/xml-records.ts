/**
 * Streams an XML document with saxes and hands back each record element (an OFAC sdnEntry, a
 * UN INDIVIDUAL, an EU sanctionEntity) as a small tree, so parsers read records with plain
 * lookups while the whole document is never held as a DOM.
 */
import { SaxesParser } from 'saxes';
import { ListParseError } from '../list-entity.js';
import { textChunks, type TextSource } from './text-source.js';

export interface XmlNode {
  /** Local name (namespace prefix dropped: the EU and OFAC files use default namespaces). */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
  /** Line of the opening tag. */
  line: number;
}

export interface XmlRecordStream {
  /** Name of the document's root element, known once the first record (or the end) is reached. */
  root(): string | undefined;
  records: AsyncGenerator<XmlNode>;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Yields every element named in `recordNames` (outermost match only) as a tree. */
export function xmlRecords(source: TextSource, file: string, recordNames: ReadonlySet<string>): XmlRecordStream {
  let rootName: string | undefined;
  async function* run(): AsyncGenerator<XmlNode> {
    const parser = new SaxesParser({ position: true });
    const ready: XmlNode[] = [];
    const stack: XmlNode[] = [];
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      rootName ??= name;
      if (stack.length === 0 && !recordNames.has(name)) return;
      const attrs: Record<string, string> = {};
      for (const [key, value] of Object.entries(tag.attributes as Record<string, string>)) attrs[localName(key)] = value;
      const node: XmlNode = { name, attrs, children: [], text: '', line: parser.line };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    });
    parser.on('text', (text) => {
      const top = stack.at(-1);
      if (top) top.text += text;
    });
    parser.on('cdata', (text) => {
      const top = stack.at(-1);
      if (top) top.text += text;
    });
    parser.on('closetag', () => {
      const node = stack.pop();
      if (node && stack.length === 0) ready.push(node);
    });
    // saxes reports the position in the message ("1:23: ..."); read the line there, since the
    // parser itself may have moved on by the time a write returns.
    parser.on('error', (error) => {
      const at = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(error.message);
      throw new ListParseError(file, at ? Number(at[1]) : parser.line, `malformed XML: ${at ? at[3] : error.message}`);
    });
    const fail = (error: unknown): never => {
      if (error instanceof ListParseError) throw error;
      throw new ListParseError(file, parser.line, `malformed XML: ${error instanceof Error ? error.message : String(error)}`);
    };
    for await (const chunk of textChunks(source)) {
      try {
        parser.write(chunk);
      } catch (error) {
        fail(error);
      }
      while (ready.length > 0) yield ready.shift()!;
    }
    try {
      parser.close();
    } catch (error) {
      fail(error);
    }
    while (ready.length > 0) yield ready.shift()!;
    if (rootName === undefined) throw new ListParseError(file, undefined, 'no XML element found');
  }
  return { root: () => rootName, records: run() };
}

/** Children named `name`. */
export function childrenNamed(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

export function childNamed(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** Trimmed text of the first child named `name`, undefined when absent or blank. */
export function childText(node: XmlNode | undefined, name: string): string | undefined {
  const text = childNamed(node, name)?.text.trim();
  return text ? text : undefined;
}

/** Trimmed non-blank texts of every child named `name`. */
export function childTexts(node: XmlNode | undefined, name: string): string[] {
  return childrenNamed(node, name)
    .map((c) => c.text.trim())
    .filter(Boolean);
}

/** Trimmed attribute value, undefined when absent or blank. */
export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.attrs[name]?.trim();
  return value ? value : undefined;
}
