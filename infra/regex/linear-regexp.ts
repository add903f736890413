/**
 * Regular expressions written by API clients (JSON Schema `pattern` and `patternProperties` in
 * document templates and workflow input schemas) run on RE2's linear-time engine (re2js, pinned),
 * never on V8's backtracking one: a pattern such as `^(a+)+$` would otherwise hold a worker's or
 * the API's event loop for minutes on a 30-character text. The price: what RE2 cannot do in linear
 * time (lookahead, lookbehind, backreferences) is refused when the schema is compiled, with the
 * engine's message. JavaScript spellings RE2 lacks (`(?<name>…)`, `\uXXXX`) are translated first.
 */
import { RE2JS } from 're2js';

/** A compiled client pattern: `exec` and `test` with the meaning of RegExp's (no `g` state). */
export interface LinearPattern {
  test(text: string): boolean;
  exec(text: string): RegExpExecArray | null;
  /** `/pattern/flags`, as RegExp's. */
  toString(): string;
}

/** Compiles an ECMAScript-style pattern for RE2; throws a SyntaxError naming what RE2 refuses. */
export function compileLinearPattern(pattern: string, flags = ''): LinearPattern {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    throw new SyntaxError(`pattern ${JSON.stringify(pattern)} is not accepted (patterns run in linear time, so lookaround and backreferences are not supported): ${(error as Error).message}`);
  }
  return {
    test: (text) => compiled.test(text),
    exec: (text) => compiled.exec(text) as RegExpExecArray | null,
    // Ajv keys its compiled patterns by toString(): two patterns must never share a key.
    toString: () => `/${pattern}/${flags}`,
  };
}

/** The `code.regExp` option of Ajv: every `pattern` a schema carries is compiled for RE2. */
export const linearRegExpEngine = Object.assign((pattern: string, flags: string) => compileLinearPattern(pattern, flags), {
  // Only used by Ajv's standalone code generation, which this project does not use.
  code: 'compileLinearPattern',
});
