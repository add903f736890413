/**
 * Query templates: a statement Kysely builds and compiles once per shape, then runs with each
 * call's values — Kysely's "split building and execution" recipe, with the values bound late.
 *
 * Why: building a query is not free in Kysely (every builder step copies and freezes its operation
 * tree, and compiling walks it again). On the API's hottest path, an authenticated list page, that
 * was about a tenth of the process's CPU for a statement whose text never changes between
 * requests; only its values do.
 *
 * How: the builder is called once per shape with a placeholder (a string no client can send: it
 * holds NUL, which the API refuses in every input) in place of each value, the result is compiled,
 * and each parameter of the compiled statement is recorded as "the value named X" or a constant.
 * A call binds its values into those slots. The shape of a call is which values are present, and
 * the real value of each `shapeKeys` entry: a builder may test a value's presence (`if (filter)`),
 * and may branch on the value of a shape key (a status with its own condition), but must use
 * every other value only as a query value — not compare it, change it, or build text from it.
 * Falsy values (undefined, null, '', 0, false) are part of the shape and reach the builder as
 * themselves, since a presence test treats them apart. Values are strings, numbers, bigints,
 * booleans, Dates or absent; shape keys are primitives (anything else is refused: an array would
 * become one parameter, a Kysely expression a string). The first compile of a shape checks what it
 * can: every placeholder must reach the statement unchanged, as a whole parameter, and never in its
 * text; and the builder run with the real values must give the same statement with the same
 * parameters as the template bound to them — which catches a builder that branches on a value it
 * also passes, when the first request's value takes another branch than the placeholder did. A
 * builder that broke a rule throws there, in the tests, rather than run wrong SQL; what no check
 * can see (a branch that only some later value would take) is the builder's to avoid.
 */
import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type RootOperationNode } from 'kysely';

const PLACEHOLDER = '\u0000clearwatch-template-value\u0000';

/** Shapes kept per template: each is a distinct statement text (the routes' filter combinations). */
const DEFAULT_MAX_SHAPES = 256;

type Slot = { name: string } | { constant: unknown };

interface CompiledShape {
  sql: string;
  query: RootOperationNode;
  slots: Slot[];
}

export interface QueryTemplateOptions<V> {
  /** Values the builder branches on: their real value picks the shape (keep them to small sets). */
  shapeKeys?: readonly (keyof V & string)[];
  /** Values some shapes leave out of their statement (any other value that does not reach it is an error). */
  mayBeUnused?: readonly (keyof V & string)[];
  maxShapes?: number;
}

export class QueryTemplate<V extends object, Row> {
  readonly #shapes = new Map<string, CompiledShape>();
  readonly #shapeKeys: ReadonlySet<string>;
  readonly #mayBeUnused: ReadonlySet<string>;
  readonly #maxShapes: number;

  constructor(
    private readonly build: (values: V) => Compilable<Row>,
    options: QueryTemplateOptions<V> = {},
  ) {
    this.#shapeKeys = new Set(options.shapeKeys ?? []);
    this.#mayBeUnused = new Set(options.mayBeUnused ?? []);
    this.#maxShapes = options.maxShapes ?? DEFAULT_MAX_SHAPES;
  }

  /** The compiled statement with `values` bound. */
  bind(values: V): CompiledQuery<Row> {
    const key = this.#shapeOf(values);
    let shape = this.#shapes.get(key);
    if (!shape) {
      shape = this.#compile(values);
      this.#checkAgainstDirect(shape, values);
      if (this.#shapes.size >= this.#maxShapes) this.#shapes.delete(this.#shapes.keys().next().value as string);
      this.#shapes.set(key, shape);
    }
    return { sql: shape.sql, query: shape.query, parameters: this.#parameters(shape, values), queryId: createQueryId() } as CompiledQuery<Row>;
  }

  /** Runs the statement with `values` on `db` (any connection of the same dialect). */
  async execute(db: Pick<Kysely<any>, 'executeQuery'>, values: V): Promise<Row[]> {
    return (await db.executeQuery(this.bind(values))).rows;
  }

  /** Shapes compiled so far (tests). */
  get shapeCount(): number {
    return this.#shapes.size;
  }

  #parameters(shape: CompiledShape, values: V): unknown[] {
    const named = values as Record<string, unknown>;
    return shape.slots.map((slot) => ('name' in slot ? named[slot.name] : slot.constant));
  }

  #shapeOf(values: V): string {
    let key = '';
    const named = values as Record<string, unknown>;
    for (const name of Object.keys(named).sort()) {
      const value = named[name];
      const isShapeKey = this.#shapeKeys.has(name);
      if (isShapeKey && value !== null && typeof value === 'object') throw new Error(`query template: shape key ${name} must be a primitive value`);
      if (isShapeKey || !value) {
        key += `${name}=${typeof value}:${String(value)};`;
        continue;
      }
      if (!(typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || value instanceof Date)) {
        throw new Error(`query template: value ${name} must be a string, number, bigint, boolean or Date`);
      }
      key += `${name};`;
    }
    return key;
  }

  /** The builder run with the real values must give what the template gives bound to them. */
  #checkAgainstDirect(shape: CompiledShape, values: V): void {
    const direct = this.build(values).compile();
    const bound = this.#parameters(shape, values);
    const same = direct.sql === shape.sql && direct.parameters.length === bound.length && direct.parameters.every((p, i) => sameValue(p, bound[i]));
    if (!same) throw new Error('query template: the builder gives another statement for these values than for placeholders (it branches on a value: name it in shapeKeys)');
  }

  #compile(values: V): CompiledShape {
    const placeholders: Record<string, unknown> = {};
    const byPlaceholder = new Map<string, string>();
    for (const [name, value] of Object.entries(values)) {
      if (this.#shapeKeys.has(name) || !value) {
        placeholders[name] = value;
      } else {
        const placeholder = `${PLACEHOLDER}${name}`;
        placeholders[name] = placeholder;
        byPlaceholder.set(placeholder, name);
      }
    }
    const compiled = this.build(placeholders as V).compile();
    if (compiled.sql.includes(PLACEHOLDER)) throw new Error('query template: a value was written into the statement text instead of being passed as a parameter');
    const used = new Set<string>();
    const slots = compiled.parameters.map((parameter): Slot => {
      if (typeof parameter === 'string' && parameter.includes(PLACEHOLDER)) {
        const name = byPlaceholder.get(parameter);
        if (name === undefined) throw new Error('query template: the builder changed a value instead of passing it as a parameter (name it in shapeKeys, or leave it out of the template)');
        used.add(name);
        return { name };
      }
      return { constant: parameter };
    });
    const unused = [...byPlaceholder.values()].filter((name) => !used.has(name) && !this.#mayBeUnused.has(name));
    if (unused.length > 0) throw new Error(`query template: value(s) ${unused.join(', ')} did not reach the statement as parameters`);
    return { sql: compiled.sql, query: compiled.query, slots };
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return Object.is(a, b);
}
