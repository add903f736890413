/**
 * Reads news articles from RSS 2.0, Atom and RDF/RSS 1.0 feeds, and from JSON article files
 * (an array of articles, or one JSON object per line). Pure: text in, articles out. Feeds are
 * small, so the XML is read into a tree with saxes rather than streamed.
 */
import { SaxesParser } from 'saxes';
import type { ArticleInsert } from '../../../infra/db/repositories/articles.repository.js';
import { htmlToText } from './article-text.js';

/** An article as read from a feed or file: what is stored, before its text is folded for search. */
export type FeedArticle = Omit<ArticleInsert, 'foldedText'>;

interface Node {
  name: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

export class FeedParseError extends Error {
  constructor(readonly file: string, readonly line: number | undefined, detail: string) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${detail}`);
    this.name = 'FeedParseError';
  }
}

function parseXml(text: string, file: string): Node {
  const parser = new SaxesParser({ position: true });
  const root: Node = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: Node[] = [root];
  parser.on('opentag', (tag) => {
    const name = tag.name.includes(':') && !tag.name.startsWith('content:') ? tag.name.slice(tag.name.indexOf(':') + 1) : tag.name;
    const node: Node = { name, attrs: tag.attributes as Record<string, string>, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (t) => {
    stack.at(-1)!.text += t;
  });
  parser.on('cdata', (t) => {
    stack.at(-1)!.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(text).close();
  } catch (error) {
    throw new FeedParseError(file, parser.line, (error as Error).message.replace(/^[^:]*:\d+:\d+: /, ''));
  }
  return root;
}

const child = (n: Node | undefined, name: string) => n?.children.find((c) => c.name === name);
const children = (n: Node | undefined, name: string) => n?.children.filter((c) => c.name === name) ?? [];
const textOf = (n: Node | undefined) => (n ? n.text.trim() : '');

function date(value: string): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function atomLink(entry: Node | undefined): string {
  const links = children(entry, 'link');
  const alternate = links.find((l) => !l.attrs['rel'] || l.attrs['rel'] === 'alternate') ?? links[0];
  return alternate?.attrs['href'] ?? textOf(alternate);
}

function rssItems(channel: Node | undefined, items: Node[], lang: string | null): FeedArticle[] {
  const sourceName = textOf(child(channel, 'title')) || null;
  const sourceUrl = textOf(child(channel, 'link')) || null;
  return items.map((item) => ({
    url: textOf(child(item, 'link')) || textOf(child(item, 'guid')),
    title: htmlToText(textOf(child(item, 'title'))),
    summary: htmlToText(textOf(child(item, 'description'))),
    body: htmlToText(textOf(child(item, 'content:encoded'))),
    language: lang,
    publishedAt: date(textOf(child(item, 'pubDate')) || textOf(child(item, 'date'))),
    sourceName,
    sourceUrl,
  }));
}

/** Articles of an RSS, RDF or Atom feed. Items without a link or title are skipped by the caller. */
export function parseFeedXml(text: string, file: string): FeedArticle[] {
  const doc = parseXml(text, file);
  const top = doc.children[0];
  if (!top) throw new FeedParseError(file, 1, 'empty document');
  if (top.name === 'rss') {
    const channel = child(top, 'channel');
    return rssItems(channel, children(channel, 'item'), textOf(child(channel, 'language')) || null);
  }
  if (top.name === 'RDF') {
    const channel = child(top, 'channel');
    return rssItems(channel, children(top, 'item'), textOf(child(channel, 'language')) || null);
  }
  if (top.name === 'feed') {
    const sourceName = textOf(child(top, 'title')) || null;
    const sourceUrl = atomLink(top) || null;
    const lang = top.attrs['xml:lang'] ?? null;
    return children(top, 'entry').map((entry) => ({
      url: atomLink(entry) || textOf(child(entry, 'id')),
      title: htmlToText(textOf(child(entry, 'title'))),
      summary: htmlToText(textOf(child(entry, 'summary'))),
      body: htmlToText(textOf(child(entry, 'content'))),
      language: entry.attrs['xml:lang'] ?? lang,
      publishedAt: date(textOf(child(entry, 'published')) || textOf(child(entry, 'updated'))),
      sourceName,
      sourceUrl,
    }));
  }
  throw new FeedParseError(file, 1, `root element <${top.name}> is not rss, rdf:RDF or feed`);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function fromJson(o: Record<string, unknown>): FeedArticle {
  return {
    url: str(o['url']) || str(o['link']),
    title: str(o['title']),
    summary: htmlToText(str(o['summary']) || str(o['description'])),
    body: htmlToText(str(o['body']) || str(o['content']) || str(o['text'])),
    language: str(o['language']) || null,
    publishedAt: date(str(o['published_at']) || str(o['published']) || str(o['date'])),
    sourceName: str(o['source_name']) || str(o['source']) || null,
    sourceUrl: str(o['source_url']) || null,
  };
}

/** Articles of a JSON file: an array (or `{articles: [...]}`) or one object per line. */
export function parseArticleJson(text: string, file: string): FeedArticle[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || (trimmed.startsWith('{') && !trimmed.includes('}\n{') && !/}\s*\r?\n\s*{/.test(trimmed))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      throw new FeedParseError(file, undefined, `invalid JSON: ${(error as Error).message}`);
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { articles?: unknown }).articles;
    if (!Array.isArray(list)) throw new FeedParseError(file, 1, 'expected an array of articles or {"articles": [...]}');
    return list.filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null).map(fromJson);
  }
  return text.split(/\r?\n/).flatMap((line, i) => {
    if (!line.trim()) return [];
    try {
      return [fromJson(JSON.parse(line) as Record<string, unknown>)];
    } catch (error) {
      throw new FeedParseError(file, i + 1, `invalid JSON: ${(error as Error).message}`);
    }
  });
}
