/**
 * A small RFC 4180 CSV reader that works on streamed chunks, reports the line each record
 * starts on, and fails with ListParseError on an unterminated quote. Written here because
 * OFAC files need exact control: no header row, a trailing 0x1A end-of-file byte, `-0- `.
 */
import { ListParseError } from '../list-entity.js';
import { textChunks, type TextSource } from './text-source.js';

export interface CsvRecord {
  fields: string[];
  /** 1-based line number the record starts on. */
  line: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

class NeedMore {}
const NEED_MORE = new NeedMore();

/** Yields every record; blank lines and a lone 0x1A (DOS end-of-file) line are skipped. */
export async function* csvRecords(source: TextSource, file: string): AsyncGenerator<CsvRecord> {
  let buf = '';
  let pos = 0;
  let line = 1;
  const chunks = textChunks(source);
  let final = false;
  for (;;) {
    if (!final) {
      const next = await chunks.next();
      if (next.done) final = true;
      else {
        buf = buf.slice(pos) + next.value;
        pos = 0;
      }
    }
    while (pos < buf.length) {
      const parsed = readRecord(buf, pos, final, file, line);
      if (parsed === NEED_MORE) break;
      const { fields, end, newlines } = parsed as ReadResult;
      const record: CsvRecord = { fields, line };
      pos = end;
      line += newlines;
      if (!(fields.length === 1 && (fields[0] === '' || fields[0] === '\x1a'))) yield record;
    }
    if (final) return;
  }
}

interface ReadResult {
  fields: string[];
  end: number;
  newlines: number;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

function readRecord(buf: string, start: number, final: boolean, file: string, line: number): ReadResult | NeedMore {
  const fields: string[] = [];
  let i = start;
  let newlines = 0;
  for (;;) {
    if (i < buf.length && buf.charCodeAt(i) === QUOTE) {
      let value = '';
      let j = i + 1;
      for (;;) {
        const q = buf.indexOf('"', j);
        if (q === -1) {
          if (!final) return NEED_MORE;
          throw new ListParseError(file, line, 'unterminated quoted field');
        }
        value += buf.slice(j, q);
        newlines += countNewlines(buf, j, q);
        if (q + 1 >= buf.length && !final) return NEED_MORE;
        if (buf.charCodeAt(q + 1) === QUOTE) {
          value += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // OFAC pads some fields with a space after the closing quote; tolerate whitespace only.
      while (i < buf.length && buf[i] === ' ') i += 1;
      const c = i < buf.length ? buf.charCodeAt(i) : -1;
      if (c !== COMMA && c !== LF && c !== CR && c !== -1) {
        // Usually a quote left open earlier in the record, closed by the next quote found.
        throw new ListParseError(
          file,
          line,
          `unexpected character ${JSON.stringify(buf[i])} after a closing quote on line ${line + newlines} (unbalanced quotes in this record)`,
        );
      }
      fields.push(value);
    } else {
      let j = i;
      while (j < buf.length) {
        const c = buf.charCodeAt(j);
        if (c === COMMA || c === LF) break;
        j += 1;
      }
      if (j >= buf.length && !final) return NEED_MORE;
      let end = j;
      if (end > i && buf.charCodeAt(end - 1) === CR) end -= 1;
      fields.push(buf.slice(i, end));
      i = j;
    }
    // Now at a delimiter, CR, LF or the end of the text.
    if (i < buf.length && buf.charCodeAt(i) === CR) i += 1;
    if (i >= buf.length) {
      if (!final) return NEED_MORE;
      return { fields, end: i, newlines };
    }
    const c = buf.charCodeAt(i);
    if (c === COMMA) {
      i += 1;
      continue;
    }
    if (c === LF) return { fields, end: i + 1, newlines: newlines + 1 };
    // A bare CR inside the record: treat as a line end.
    return { fields, end: i, newlines: newlines + 1 };
  }
}
