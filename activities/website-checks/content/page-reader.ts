/**
 * Reads an HTML page with htmlparser2's streaming parser (no DOM is built, so a large page costs
 * little): the title, the declared language, meta tags, headings, visible text (scripts, styles
 * and templates left out; capped), links with their text, JSON-LD blocks and <address> texts.
 * The body is decoded with the charset of the Content-Type header or the page's <meta charset>.
 */
import { Parser } from 'htmlparser2';

export interface PageLink {
  href: string;
  text: string;
}

export interface PageReading {
  title: string | null;
  lang: string | null;
  meta: Record<string, string>;
  headings: string[];
  text: string;
  links: PageLink[];
  jsonLd: unknown[];
  addressBlocks: string[];
}

const MAX_TEXT = 300_000;
const MAX_LINKS = 3_000;
const MAX_HEADINGS = 50;
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const BLOCK = new Set(['p', 'div', 'br', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'footer', 'header', 'nav', 'address', 'ul', 'ol', 'table', 'form', 'main', 'aside', 'blockquote']);

function charsetOf(contentType: string | undefined, head: string): string {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  return (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
}

export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const charset = charsetOf(contentType, body.subarray(0, 2048).toString('latin1'));
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

export function readPage(html: string): PageReading {
  const reading: PageReading = { title: null, lang: null, meta: {}, headings: [], text: '', links: [], jsonLd: [], addressBlocks: [] };
  const text: string[] = [];
  let textLength = 0;
  let hiddenDepth = 0;
  let inTitle = false;
  let title = '';
  let heading: string[] | null = null;
  let link: { href: string; text: string[] } | null = null;
  let address: string[] | null = null;
  let jsonLd: string[] | null = null;

  const addText = (chunk: string) => {
    if (textLength >= MAX_TEXT) return;
    text.push(chunk);
    textLength += chunk.length;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'html' && attrs.lang && !reading.lang) reading.lang = attrs.lang.trim();
        if (name === 'title' && reading.title === null) inTitle = true;
        if (name === 'meta') {
          const key = (attrs.name ?? attrs.property ?? attrs['http-equiv'] ?? '').toLowerCase();
          if (key && attrs.content !== undefined && !(key in reading.meta)) reading.meta[key] = attrs.content;
        }
        if (name === 'script' && (attrs.type ?? '').toLowerCase() === 'application/ld+json') jsonLd = [];
        if (HIDDEN.has(name)) hiddenDepth += 1;
        if (/^h[1-3]$/.test(name)) heading = [];
        if (name === 'a' && attrs.href !== undefined && reading.links.length < MAX_LINKS) link = { href: attrs.href.trim(), text: [] };
        if (name === 'address') address = [];
        if (BLOCK.has(name)) addText('\n');
      },
      ontext(data) {
        if (jsonLd) jsonLd.push(data);
        if (inTitle) title += data;
        if (hiddenDepth > 0) return;
        addText(data);
        heading?.push(data);
        link?.text.push(data);
        address?.push(data);
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          reading.title = squash(title) || null;
        }
        if (name === 'script' && jsonLd) {
          try {
            reading.jsonLd.push(JSON.parse(jsonLd.join('')));
          } catch {
            // A malformed block is ignored, as browsers and crawlers do.
          }
          jsonLd = null;
        }
        if (HIDDEN.has(name) && hiddenDepth > 0) hiddenDepth -= 1;
        if (/^h[1-3]$/.test(name) && heading) {
          const value = squash(heading.join(''));
          if (value && reading.headings.length < MAX_HEADINGS) reading.headings.push(value);
          heading = null;
        }
        if (name === 'a' && link) {
          reading.links.push({ href: link.href, text: squash(link.text.join('')) });
          link = null;
        }
        if (name === 'address' && address) {
          const value = squash(address.join(' '));
          if (value) reading.addressBlocks.push(value);
          address = null;
        }
        if (BLOCK.has(name)) addText('\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  reading.text = text.join('').replace(/[ \t\f\v\u00a0]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim();
  return reading;
}
