/**
 * Article text for adverse-media search: HTML stripped, then words as the matcher reads company
 * names (text-fold.ts): lowercase ASCII, apostrophes dropped inside words ("d'influence" →
 * "dinfluence"), dotted abbreviations joined ("S.A." → "sa"), everything else a word break
 * ("pot-de-vin" → "pot de vin"). The same words feed the stored tsvector, the name phrase and the
 * lexicon, so all three agree on what a word is.
 */
import { foldLatin, splitWords } from '../matching/text-fold.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text from an HTML fragment (feed descriptions often carry markup). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/p>|<\/div>|<\/li>/gi, '\n')
    .replace(/<\/?(b|i|em|strong|span|a|u|small|sub|sup|font|abbr)\b[^>]*>/gi, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t\r\f\v]+/g, ' ')
    .replace(/\n\s*/g, '\n')
    .trim();
}

/** Folded text: lowercase ASCII words separated by single spaces. */
export function foldArticleText(text: string): string {
  return tokenizeArticleText(text).join(' ');
}

export function tokenizeArticleText(text: string): string[] {
  return splitWords(foldLatin(text), true);
}
