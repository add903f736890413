/**
 * JSONLogic expressions of workflow definitions, evaluated with json-logic-js (the reference
 * implementation of jsonlogic.com). The library is pure JavaScript with no clock, randomness or
 * I/O, so it runs inside the interpreter workflow's sandbox and every replay computes the same
 * value; `log` (console output) is the one operator left out.
 *
 * `checkExpression` is the parse check done at create, patch and deploy: every object in an
 * expression is one operator with its arguments, the operator is one json-logic-js knows, and
 * each `var` outside an array operator's per-item logic reads `input…`, `execution…` or
 * `steps.<id>…` of a step that exists.
 */
import jsonLogic from 'json-logic-js';
import { DEFINITION_LIMITS } from './definition.contract.js';
import { checkedValue, SIZED_OPERATOR, withSizeChecks } from './expression-size.js';

jsonLogic.add_operation(SIZED_OPERATOR, checkedValue);

const hasOwn = (value: unknown, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * `var` as json-logic-js defines it (a dotted path, a default for a missing value, the whole data
 * for an empty path), reading only the data's own members: the library's `var` also walks into
 * what every object inherits, so `input.constructor` was "Object" and `input.toString` a function
 * — a condition on a field the input lacks was silently true. A string's characters and length and
 * an array's items and length are its own, and stay readable. `missing` and `missing_some` read
 * through this too.
 */
function ownVar(this: unknown, path?: unknown, fallback?: unknown): unknown {
  const notFound = fallback === undefined ? null : fallback;
  if (path === undefined || path === '' || path === null) return this;
  let value: unknown = this;
  for (const key of String(path).split('.')) {
    if (value === null || value === undefined || !hasOwn(value, key)) return notFound;
    value = (value as Record<string, unknown>)[key];
    if (value === undefined) return notFound;
  }
  return value;
}
jsonLogic.add_operation('var', ownVar as never);

/** The operators json-logic-js 2.0.5 implements, without `log` (a unit test keeps this list true to the library). */
export const JSONLOGIC_OPERATORS: ReadonlySet<string> = new Set([
  '==', '===', '!=', '!==', '>', '>=', '<', '<=', '!!', '!', '%', 'in', 'cat', 'substr', '+', '*', '-', '/',
  'min', 'max', 'merge', 'var', 'missing', 'missing_some', 'if', '?:', 'and', 'or', 'filter', 'map', 'reduce', 'all', 'none', 'some',
]);

/** Operators whose second argument runs once per array item, with the item as its data. */
const SCOPED_OPERATORS: ReadonlySet<string> = new Set(['filter', 'map', 'reduce', 'all', 'none', 'some']);

export interface ExpressionIssue {
  /** Path below the expression's own member, as JSON pointer segments. */
  path: (string | number)[];
  detail: string;
}

/** What an expression may read: the step ids of the definition. */
export interface ExpressionScope {
  stepIds: ReadonlySet<string>;
}

export function checkExpression(expression: unknown, scope: ExpressionScope): ExpressionIssue[] {
  const issues: ExpressionIssue[] = [];
  walk(expression, [], 0, true, scope, issues);
  return issues;
}

function walk(node: unknown, path: (string | number)[], depth: number, rootData: boolean, scope: ExpressionScope, issues: ExpressionIssue[]): void {
  if (depth > DEFINITION_LIMITS.maxExpressionDepth) {
    issues.push({ path, detail: `expression nested deeper than ${DEFINITION_LIMITS.maxExpressionDepth} levels` });
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, [...path, i], depth + 1, rootData, scope, issues));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const keys = Object.keys(node);
  if (keys.length !== 1) {
    issues.push({ path, detail: `an object in an expression must hold exactly one operator, found ${keys.length} members` });
    return;
  }
  const operator = keys[0]!;
  if (!JSONLOGIC_OPERATORS.has(operator)) {
    issues.push({ path: [...path, operator], detail: `unknown JSONLogic operator ${JSON.stringify(operator)}` });
    return;
  }
  const raw = (node as Record<string, unknown>)[operator];
  const args = Array.isArray(raw) ? raw : [raw];
  const argPath = (i: number) => (Array.isArray(raw) ? [...path, operator, i] : [...path, operator]);
  if (operator === 'var') {
    checkVar(args, argPath, depth, rootData, scope, issues);
    return;
  }
  args.forEach((arg, i) => {
    const itemScoped = SCOPED_OPERATORS.has(operator) && i === 1;
    walk(arg, argPath(i), depth + 1, itemScoped ? false : rootData, scope, issues);
  });
}

function checkVar(args: unknown[], argPath: (i: number) => (string | number)[], depth: number, rootData: boolean, scope: ExpressionScope, issues: ExpressionIssue[]): void {
  const [name, fallback] = args;
  if (args.length > 2) issues.push({ path: argPath(2), detail: 'var takes a path and an optional default' });
  if (fallback !== undefined) walk(fallback, argPath(1), depth + 1, rootData, scope, issues);
  if (typeof name === 'number' || name === '' || name === null || name === undefined) return;
  if (typeof name !== 'string') {
    // A computed path: checked at run time only.
    walk(name, argPath(0), depth + 1, rootData, scope, issues);
    return;
  }
  if (!rootData) return;
  const [head, second] = name.split('.');
  if (head === 'input' || head === 'execution') return;
  if (head === 'steps') {
    if (second === undefined || second === '') issues.push({ path: argPath(0), detail: 'var "steps" must name a step: steps.<id>.<field>' });
    else if (!scope.stepIds.has(second)) issues.push({ path: argPath(0), detail: `var ${JSON.stringify(name)} reads step ${JSON.stringify(second)}, which does not exist` });
    return;
  }
  issues.push({ path: argPath(0), detail: `var ${JSON.stringify(name)} must start with input., steps.<id>. or execution.` });
}

/** The data an expression reads. */
export interface ExpressionData {
  input: Record<string, unknown>;
  steps: Record<string, unknown>;
  execution: { id: string; workflow_id: string; version: number; environment: string };
}

/**
 * Evaluates an expression checked by checkExpression; throws on a run-time error (e.g. an operator
 * applied to bad values, or a value past MAX_EXPRESSION_VALUE_UNITS).
 */
export function evaluate(expression: unknown, data: ExpressionData): unknown {
  return jsonLogic.apply(withSizeChecks(expression) as never, data as never);
}

/** JSONLogic truthiness (empty arrays are false, unlike JavaScript). */
export function truthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}
