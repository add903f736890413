// Parses tesseract's TSV output (one row per page, block, paragraph, line and word) into words
// with boxes in the recognised image's pixels. Pure.

export interface OcrWordBox {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  confidence: number;
}

export interface OcrPage {
  width: number;
  height: number;
  words: OcrWordBox[];
}

const WORD_LEVEL = '5';
const PAGE_LEVEL = '1';

export function parseTesseractTsv(tsv: string): OcrPage {
  const page: OcrPage = { width: 0, height: 0, words: [] };
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t');
    if (cells.length < 12) continue;
    const [level, , , , , , left, top, width, height, conf] = cells;
    const text = cells.slice(11).join('\t').trim();
    if (level === PAGE_LEVEL) {
      page.width = Number(width);
      page.height = Number(height);
    } else if (level === WORD_LEVEL && text !== '') {
      page.words.push({ text, left: Number(left), top: Number(top), width: Number(width), height: Number(height), confidence: Number(conf) });
    }
  }
  return page;
}
