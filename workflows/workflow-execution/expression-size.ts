/**
 * Bounds the values a JSONLogic expression builds while it runs. `reduce` feeds each result back
 * as the next accumulator, so `{"merge": [acc, acc]}`, `{"cat": [acc, acc]}` or `[acc, acc]`
 * double a value per array item: forty items are enough to exhaust the worker's memory (V8 stops
 * the process) or, for shared arrays, to make any later coercion or serialisation exponential.
 * Every argument of every operator, and the result, is measured as it is produced (one unit per
 * array item, object member and string character, shared arrays counted each time they occur);
 * past the limit the evaluation throws, which fails the step with `expression_error`.
 * Pure and deterministic (it runs inside the workflow sandbox).
 */

/** The largest value an expression may produce or pass to an operator, in units (above). */
export const MAX_EXPRESSION_VALUE_UNITS = 2_000_000;

/** The private operator that measures a value; not in JSONLOGIC_OPERATORS, so no definition can name it. */
export const SIZED_OPERATOR = '__clearwatch_sized';

export class ExpressionValueTooLargeError extends Error {
  constructor() {
    super(`the expression builds a value larger than ${MAX_EXPRESSION_VALUE_UNITS} units (array items, object members and string characters)`);
    this.name = 'ExpressionValueTooLargeError';
  }
}

/** Returns `value` unchanged, or throws when it is larger than the limit. Stops counting at the limit. */
export function checkedValue(value: unknown): unknown {
  let units = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') units += v.length;
    else if (Array.isArray(v)) {
      units += v.length;
      if (units <= MAX_EXPRESSION_VALUE_UNITS) for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      const members = Object.values(v);
      units += members.length;
      if (units <= MAX_EXPRESSION_VALUE_UNITS) for (const item of members) stack.push(item);
    }
    if (units > MAX_EXPRESSION_VALUE_UNITS) throw new ExpressionValueTooLargeError();
  }
  return value;
}

/**
 * The expression with every operator argument (and the whole) wrapped in the measuring operator.
 * Arrays are JSONLogic's literal lists: their items are wrapped, and so is the list itself.
 */
export function withSizeChecks(expression: unknown): unknown {
  return { [SIZED_OPERATOR]: [wrapArguments(expression)] };
}

function wrapArguments(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withSizeChecks);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node);
  if (entries.length !== 1) return node;
  const [op, args] = entries[0]!;
  return { [op]: Array.isArray(args) ? args.map(withSizeChecks) : withSizeChecks(args) };
}
