/** Adverse-media pieces without a database: feed readers, the lexicon, the article assessment. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessArticle, businessNamePhrase, splitSentences } from '../../../activities/screening/adverse-media/adverse-media-match.js';
import { parseArticleText } from '../../../activities/screening/adverse-media/article-import.js';
import { foldArticleText, htmlToText } from '../../../activities/screening/adverse-media/article-text.js';
import { FeedParseError, parseFeedXml } from '../../../activities/screening/adverse-media/feed-parser.js';
import { findLexiconHits } from '../../../activities/screening/adverse-media/lexicon-matcher.js';
import { tokenizeArticleText } from '../../../activities/screening/adverse-media/article-text.js';
import { repoRoot } from '../support/list-files.js';

const fixtures = path.join(repoRoot, 'test/screening/fixtures/adverse-media');
const read = (name: string) => readFile(path.join(fixtures, name), 'utf8');

describe('feed readers', () => {
  it('reads RSS 2.0 items with HTML stripped and content:encoded as the body', async () => {
    const articles = parseArticleText(await read('business-wire.rss'), 'business-wire.rss');
    expect(articles).toHaveLength(5);
    expect(articles[0]).toEqual({
      url: 'https://news.example.org/2026/03/northwind-trading-fined',
      title: 'Northwind Trading fined $4m over sanctions violations',
      summary: 'Regulators said Northwind Trading LLC shipped machine parts to a sanctioned buyer through a Dubai intermediary.',
      body: 'The company was fined after an investigation found it had evaded sanctions on at least eleven occasions between 2022 and 2024.',
      language: 'en',
      publishedAt: new Date('2026-03-10T09:30:00Z'),
      sourceName: 'Harbour Business Wire',
      sourceUrl: 'https://news.example.org/',
    });
  });

  it('reads Atom entries (alternate link, published or updated, xml:lang)', async () => {
    const articles = parseArticleText(await read('finanznachrichten.atom'), 'finanznachrichten.atom');
    expect(articles.map((a) => [a.url, a.language, a.publishedAt?.toISOString()])).toEqual([
      ['https://finanz.example.de/artikel/bergmann-razzia', 'de', '2026-05-02T09:00:00.000Z'],
      ['https://finanz.example.de/artikel/hafen-rekord', 'de', '2026-04-28T07:00:00.000Z'],
    ]);
    expect(articles[1]!.body).toBe('Der Umschlag stieg um 8 Prozent.');
    expect(articles[0]!.sourceName).toBe('Finanznachrichten Nord');
  });

  it('reads RDF (RSS 1.0) items', () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>RDF News</title><link>https://rdf.example/</link></channel>
      <item><title>One</title><link>https://rdf.example/1</link><description>First</description><dc:date>2026-01-02T03:04:05Z</dc:date></item></rdf:RDF>`;
    expect(parseFeedXml(rdf, 'x.rdf')).toEqual([
      { url: 'https://rdf.example/1', title: 'One', summary: 'First', body: '', language: null, publishedAt: new Date('2026-01-02T03:04:05Z'), sourceName: 'RDF News', sourceUrl: 'https://rdf.example/' },
    ]);
  });

  it('reads JSON arrays and JSON lines', async () => {
    const array = parseArticleText(await read('latam-and-europe.json'), 'latam-and-europe.json');
    expect(array.map((a) => a.language)).toEqual(['es', 'fr', 'pt', null]);
    const lines = parseArticleText('{"url":"https://a.example/1","title":"A"}\n{"url":"https://a.example/2","title":"B"}\n', 'a.jsonl');
    expect(lines.map((a) => a.title)).toEqual(['A', 'B']);
  });

  it('names the file and line of a malformed feed', async () => {
    let error: unknown;
    try {
      parseArticleText(await read('broken.rss'), 'broken.rss');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FeedParseError);
    expect((error as Error).message).toMatch(/^broken\.rss:\d+: /);
    expect(() => parseArticleText('{"url": ', 'bad.jsonl')).toThrow(/bad\.jsonl/);
  });
});

describe('text folding', () => {
  it('strips markup and entities, folds accents, splits apostrophes and hyphens', () => {
    expect(htmlToText('<p>Caf&#233; &amp; <b>Bar</b>&#33;</p><p>Next</p>')).toBe('Café & Bar!\nNext');
    expect(foldArticleText("Geldwäsche, trafic d'influence et pots-de-vin S.A.")).toBe('geldwasche trafic dinfluence et pots de vin sa');
  });
});

describe('negative-news lexicon', () => {
  const categories = (text: string) => [...new Set(findLexiconHits(tokenizeArticleText(text)).map((h) => h.category))].sort();

  it('matches stems, multi-word terms and several languages', () => {
    expect(categories('The firm laundered millions')).toEqual(['money_laundering']);
    expect(categories('Executives were indicted for bribery')).toEqual(['bribery_corruption', 'criminal_proceedings']);
    expect(categories('Verdacht der Geldwäsche und Bestechung')).toEqual(['bribery_corruption', 'money_laundering']);
    expect(categories('soupçonnée de blanchiment et de trafic d’influence')).toEqual(['bribery_corruption', 'money_laundering']);
    expect(categories('investigada por lavagem de dinheiro e sonegação fiscal')).toEqual(['money_laundering', 'tax_evasion']);
    expect(categories('acusada de soborno')).toEqual(['bribery_corruption', 'criminal_proceedings']);
    expect(categories('evaded sanctions on eleven occasions')).toEqual(['sanctions']);
  });

  it('does not fire on ordinary business news', () => {
    expect(categories('The company opened a warehouse and hired 120 people; sales grew 8 percent')).toEqual([]);
    expect(categories('New sanctions announced by the EU against a country')).toEqual([]);
  });
});

describe('article assessment', () => {
  it('strips legal forms from the business name', () => {
    expect(businessNamePhrase('Northwind Trading LLC')).toEqual(['northwind', 'trading']);
    expect(businessNamePhrase('Bergmann Logistik GmbH')).toEqual(['bergmann', 'logistik']);
    expect(businessNamePhrase('Constructora Andina S.A.')).toEqual(['constructora', 'andina']);
  });

  it('keeps "Corp. paid" in one sentence and splits at a capital after a period', () => {
    expect(splitSentences('Globex Corp. paid bribes. Then it stopped.\nNew line')).toEqual(['Globex Corp. paid bribes.', 'Then it stopped.', 'New line']);
  });

  it('counts a negative term only in a sentence that names the business', () => {
    const phrase = businessNamePhrase('Cheerful Bakery Ltd');
    const praise = assessArticle({ title: 'Cheerful Bakery Ltd wins award', text: 'Cheerful Bakery was praised. In unrelated news, a dealer was convicted of fraud.' }, phrase);
    expect(praise).toMatchObject({ mentioned: true, categories: [], score: 0 });
    const adverse = assessArticle({ title: 'Local news', text: 'Prosecutors say Cheerful Bakery laundered cash for a cartel.' }, phrase);
    expect(adverse).toMatchObject({ mentioned: true, categories: ['money_laundering', 'trafficking_smuggling'], mentionInTitle: false, snippet: 'Prosecutors say Cheerful Bakery laundered cash for a cartel.' });
    expect(adverse.score).toBeGreaterThan(0.6);
    expect(assessArticle({ title: 'Other', text: 'Nothing about bakeries.' }, phrase).mentioned).toBe(false);
  });

  it('scores a headline mention with several categories higher', () => {
    const phrase = businessNamePhrase('Globex Corporation');
    const weak = assessArticle({ title: 'Update', text: 'Globex was fined.' }, phrase);
    const strong = assessArticle({ title: 'Globex indicted for fraud and bribery', text: '' }, phrase);
    expect(strong.score).toBeGreaterThan(weak.score);
  });
});
