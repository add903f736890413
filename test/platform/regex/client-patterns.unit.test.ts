/**
 * Client-written regular expressions (JSON Schema `pattern` in document templates and workflow
 * input schemas) cannot hold the event loop: they run in linear time, and what cannot (lookaround,
 * backreferences) is refused when the schema is checked. Each "evil" pattern below needs 2^n
 * steps on a backtracking engine for an n-character text; with RE2 they answer at once.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentText, DocumentWord } from '../../../activities/documents/analysis/document-text.js';
import { extractData } from '../../../activities/documents/analysis/extraction/extract-data.js';
import { compileExtractionSchema } from '../../../activities/documents/analysis/extraction/extraction-schema.js';
import { assignLines } from '../../../activities/documents/analysis/text/text-lines.js';
import { checkInput, checkInputSchema } from '../../../activities/user-workflows/definition/input-schema.model.js';
import { compileLinearPattern } from '../../../infra/regex/linear-regexp.js';

const EVIL = '^(a+)+$';
const LONG_A = `${'a'.repeat(5000)}!`;

describe('compileLinearPattern', () => {
  it('matches like RegExp on ordinary patterns, named groups and \\u escapes included', () => {
    expect(compileLinearPattern('^[A-Z]{2}\\d{6}$').test('AB123456')).toBe(true);
    expect(compileLinearPattern('^[A-Z]{2}\\d{6}$').test('AB12345')).toBe(false);
    expect(compileLinearPattern('(?<year>\\d{4})-\\d\\d').exec('due 2026-05')?.[0]).toBe('2026-05');
    expect(compileLinearPattern('^caf\\u00e9$', 'u').test('café')).toBe(true);
    expect(compileLinearPattern('^abc$', 'i').test('ABC')).toBe(true);
  });

  it('answers a nested-quantifier pattern on a long text without backtracking', () => {
    expect(compileLinearPattern(EVIL).test(LONG_A)).toBe(false);
    expect(compileLinearPattern('(x+x+)+y').exec('x'.repeat(5000))).toBeNull();
  });

  it('refuses lookaround and backreferences with a SyntaxError that says why', () => {
    expect(() => compileLinearPattern('^(?=a)a$')).toThrow(/linear time/);
    expect(() => compileLinearPattern('(a)\\1')).toThrow(SyntaxError);
  });
});

describe('document template schemas', () => {
  it('validates extracted values against an evil pattern at once', () => {
    const schema = compileExtractionSchema({ type: 'object', properties: { code: { type: 'string', pattern: EVIL } } });
    expect(schema.validate({ code: LONG_A })).toEqual([expect.objectContaining({ path: 'code' })]);
  });

  it('refuses a pattern the linear engine cannot run as an invalid extraction schema (422)', () => {
    expect(() => compileExtractionSchema({ type: 'object', properties: { code: { type: 'string', pattern: '^(?!x)' } } })).toThrow(
      expect.objectContaining({ code: 'invalid_extraction_schema', status: '422' }),
    );
  });

  it('looks for a patterned value in the text of a page without backtracking', async () => {
    const line: [number, string][] = [[0.05, 'Code:'], ...Array.from({ length: 24 }, (_, i): [number, string] => [0.15 + i * 0.03, 'a'.repeat(40)]), [0.9, '!']];
    const words: Omit<DocumentWord, 'line'>[] = line.map(([x, text]) => ({ text, page: 1, bbox: { left: x, top: 0.05, width: 0.02, height: 0.012 }, polygon: null, font_size: 10, confidence: null, layer: null }));
    const text: DocumentText = { file_type: 'pdf', page_count: 1, skipped_pages: [], pages: [{ number: 1, width: 595, height: 842, source: 'text_layer', words: assignLines(words), image_coverage: 0, ocr: null }] };
    const result = await extractData(text, { enabled: true, schema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+b$' } } } }, 'en');
    expect(result.extracted_data).not.toHaveProperty('code');
  });
});

describe('workflow input schemas', () => {
  it('checks an execution input against an evil pattern at once', () => {
    const schema = { type: 'object', properties: { name: { type: 'string', pattern: EVIL } } };
    expect(checkInputSchema(schema)).toEqual([]);
    expect(checkInput(schema, { name: LONG_A })).toEqual([expect.objectContaining({ pointer: '/data/attributes/input/name' })]);
  });

  it('refuses, at create time, a pattern the linear engine cannot run', () => {
    expect(checkInputSchema({ type: 'object', properties: { name: { type: 'string', pattern: '(a)\\1' } } })).toEqual([
      expect.objectContaining({ pointer: '/data/attributes/input_schema', detail: expect.stringMatching(/linear time/) }),
    ]);
    expect(checkInputSchema({ type: 'object', patternProperties: { '^(?=x)': { type: 'string' } } })).toHaveLength(1);
  });
});

describe('several patterns in one schema', () => {
  it('keeps each pattern its own (Ajv keys compiled patterns by their text)', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^x$' }, b: { type: 'string', pattern: '^y$' } } };
    expect(checkInput(schema, { a: 'x', b: 'y' })).toEqual([]);
    expect(checkInput(schema, { a: 'y', b: 'x' })).toHaveLength(2);
    expect(compileExtractionSchema(schema).validate({ a: 'x', b: 'x' })).toEqual([expect.objectContaining({ path: 'b' })]);
  });
});
