/**
 * The one place every string of a request is checked and normalised, before any route's schema
 * sees it — so every route, present and future, gets the same rules without opting in:
 *  - refused: NUL (PostgreSQL cannot store it in text or jsonb), unpaired UTF-16 surrogates
 *    (not text; PostgreSQL refuses them too), and U+FFFD — what a decoder leaves in place of bytes
 *    that were not UTF-8 (ours, for a body with invalid bytes, or an earlier one: either way the
 *    text is damaged and a name made of it cannot be screened);
 *  - normalised: every string (and member name) to Unicode NFC, so canonically equivalent texts
 *    (é as one code point or as e + U+0301) are stored, compared, filtered and matched as one;
 *  - bounded: nesting deeper than MAX_DEPTH is refused (schemas and serialisers recurse).
 * Body problems become 422 with a JSON pointer, query problems 400 with the parameter, path
 * problems 404 (the app maps them). A walk over the parsed request was chosen over a shared zod
 * string type because it cannot be forgotten: free-form members (claims, metadata, workflow
 * input) are checked too, and a route added tomorrow is covered without a line of its own.
 */

export const MAX_DEPTH = 64;

export interface TextIssue {
  path: (string | number)[];
  detail: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why this string cannot be accepted, or undefined. `invalidUtf8`: the raw bytes were not UTF-8. */
export function textProblem(value: string, invalidUtf8 = false): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL characters (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'must not contain unpaired UTF-16 surrogates';
  if (value.includes('\uFFFD')) {
    return invalidUtf8 ? 'must be valid UTF-8 (the request carries bytes that are not)' : 'must not contain U+FFFD (the replacement character marks text damaged by an earlier decoding)';
  }
  return undefined;
}

/** Checks and NFC-normalises a parsed JSON value: a normalised copy and every problem found. */
export function normaliseJson(root: unknown, options: { invalidUtf8?: boolean } = {}): { value: unknown; issues: TextIssue[] } {
  const issues: TextIssue[] = [];
  const walk = (value: unknown, path: (string | number)[]): unknown => {
    if (typeof value === 'string') {
      const problem = textProblem(value, options.invalidUtf8);
      if (problem) issues.push({ path, detail: problem });
      return problem ? value : value.normalize('NFC');
    }
    if (value === null || typeof value !== 'object') return value;
    if (path.length >= MAX_DEPTH) {
      issues.push({ path, detail: `is nested more than ${MAX_DEPTH} levels deep` });
      return value;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, index]));
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      const problem = textProblem(key, options.invalidUtf8);
      if (problem) issues.push({ path: [...path, key], detail: `member name ${problem}` });
      // defineProperty: a member named "__proto__" stays a plain member, never the prototype.
      Object.defineProperty(out, problem ? key : key.normalize('NFC'), { value: walk(member, [...path, key]), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  const value = walk(root, []);
  return { value, issues };
}

export interface QueryParseResult {
  /** name → value, or values when the parameter is repeated (what the schemas reject). */
  query: Record<string, string | string[]>;
  /** Parameter name (as best it can be read) → why it cannot be accepted. */
  issues: { parameter: string; detail: string }[];
}

/** A query piece of printable ASCII with no percent escape and no '+' (a space): it decodes to itself. */
const PLAIN_PIECE = /^[!-$&-*,-~]*$/;

function decodeStrict(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Lenient decoding, only to name a broken parameter in the error. */
function decodeLenient(part: string): string {
  return part.replace(/\+/g, ' ').replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => (Number.parseInt(hex, 16) < 0x80 ? String.fromCharCode(Number.parseInt(hex, 16)) : '\uFFFD'));
}

/**
 * Parses a raw query string (without the '?'): percent escapes must decode to UTF-8 (an
 * invalid sequence such as %FF is refused rather than turned into U+FFFD), then each name and
 * value gets the same checks and normalisation as body strings.
 */
export function parseQueryString(raw: string): QueryParseResult {
  const query = new Map<string, string | string[]>();
  const issues: QueryParseResult['issues'] = [];
  for (const piece of raw.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const rawName = eq === -1 ? piece : piece.slice(0, eq);
    const rawValue = eq === -1 ? '' : piece.slice(eq + 1);
    let key: string;
    let normalised: string;
    if (PLAIN_PIECE.test(piece)) {
      // Printable ASCII without escapes: nothing to decode, refuse or normalise (the common case).
      key = rawName;
      normalised = rawValue;
    } else {
      const name = decodeStrict(rawName);
      const value = decodeStrict(rawValue);
      const shownName = (name ?? decodeLenient(rawName)).replace(/[\u0000-\u001f\uFFFD]/g, '?');
      if (name === undefined || value === undefined) {
        issues.push({ parameter: shownName, detail: `${shownName}: must be percent-encoded UTF-8` });
        continue;
      }
      const problem = textProblem(name) ?? textProblem(value);
      if (problem) {
        issues.push({ parameter: shownName, detail: `${shownName}: ${problem}` });
        continue;
      }
      key = name.normalize('NFC');
      normalised = value.normalize('NFC');
    }
    const existing = query.get(key);
    query.set(key, existing === undefined ? normalised : [...(Array.isArray(existing) ? existing : [existing]), normalised]);
  }
  // fromEntries defines each name as an own member ("__proto__" too, never the prototype).
  return { query: Object.fromEntries(query), issues };
}
