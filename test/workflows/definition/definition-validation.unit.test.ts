/**
 * The definition checks as pure functions: JSONLogic operators true to the library, var paths
 * (root data vs per-item data of array operators), graph findings (unreachable steps, cycles only
 * through wait/review, outcomes reachable), member kinds and limits, input schemas.
 */
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { analyseGraph } from '../../../activities/user-workflows/definition/definition-graph.model.js';
import { validateDefinition } from '../../../activities/user-workflows/definition/definition-validation.model.js';
import { checkInput, checkInputSchema } from '../../../activities/user-workflows/definition/input-schema.model.js';
import { parseDuration } from '../../../workflows/workflow-execution/definition.contract.js';
import { JSONLOGIC_OPERATORS, checkExpression, evaluate, truthy } from '../../../workflows/workflow-execution/expressions.js';

const scope = { stepIds: new Set(['screen']) };
const data = { input: { first_name: 'Ann', tags: ['a', 'b'] }, steps: { screen: { has_match: true, matched_lists: [{ slug: 'us_ofac_sdn' }] } }, execution: { id: 'e', workflow_id: 'w', version: 1, environment: 'staging' } };

describe('JSONLogic expressions', () => {
  it('every listed operator is one json-logic-js knows, and an unlisted one is not', () => {
    for (const op of JSONLOGIC_OPERATORS) {
      expect(() => jsonLogic.apply({ [op]: op === 'var' ? ['x'] : [] } as never, {}), op).not.toThrow(/Unrecognized operation/);
    }
    expect(() => jsonLogic.apply({ matches: [] } as never, {})).toThrow(/Unrecognized operation/);
    expect(JSONLOGIC_OPERATORS.has('log')).toBe(false);
  });

  it('evaluates over {input, steps, execution} with JSONLogic truthiness', () => {
    expect(evaluate({ if: [{ var: 'steps.screen.has_match' }, 'review', 'approve'] }, data)).toBe('review');
    expect(evaluate({ in: ['us_ofac_sdn', { map: [{ var: 'steps.screen.matched_lists' }, { var: 'slug' }] }] }, data)).toBe(true);
    expect(evaluate({ cat: [{ var: 'input.first_name' }, '@', { var: 'execution.environment' }] }, data)).toBe('Ann@staging');
    expect(truthy([])).toBe(false);
    expect(truthy('0')).toBe(true);
  });

  it('var reads the data\'s own members only: nothing inherited from Object or Array', () => {
    for (const path of ['input.constructor', 'input.constructor.name', 'input.__proto__', 'input.toString', 'input.hasOwnProperty', 'input.tags.map', 'input.first_name.toUpperCase', 'execution.version.toFixed']) {
      expect(evaluate({ var: path }, data), path).toBeNull();
      expect(evaluate({ var: [path, 'fallback'] }, data), path).toBe('fallback');
      expect(truthy(evaluate({ var: path }, data)), path).toBe(false);
    }
    expect(evaluate({ missing: ['input.toString', 'input.first_name'] }, data)).toEqual(['input.toString']);
    expect(evaluate({ missing_some: [1, ['input.constructor', 'input.valueOf']] }, data)).toEqual(['input.constructor', 'input.valueOf']);
    // Own members of strings and arrays, and every JSON value, still read as before.
    expect(evaluate({ var: 'input.first_name.length' }, data)).toBe(3);
    expect(evaluate({ var: 'input.first_name.0' }, data)).toBe('A');
    expect(evaluate({ var: 'input.tags.1' }, data)).toBe('b');
    expect(evaluate({ var: 'input.tags.length' }, data)).toBe(2);
    expect(evaluate({ var: 'execution.version' }, data)).toBe(1);
    expect(evaluate({ var: '' }, { ...data })).toMatchObject({ input: data.input });
    expect(evaluate({ map: [{ var: 'input.tags' }, { cat: [{ var: '' }, '!'] }] }, data)).toEqual(['a!', 'b!']);
    expect(evaluate({ var: 'steps.screen.has_match' }, { ...data, steps: { screen: { has_match: false } } })).toBe(false);
    expect(evaluate({ var: ['input.absent', 0] }, data)).toBe(0);
  });

  it('checks operators, object shapes and var paths with pointer paths', () => {
    expect(checkExpression({ and: [true, { nope: 1 }] }, scope)).toEqual([{ path: ['and', 1, 'nope'], detail: 'unknown JSONLogic operator "nope"' }]);
    expect(checkExpression({ a: 1, b: 2 }, scope)[0]!.detail).toContain('exactly one operator');
    expect(checkExpression({ var: 'steps.missing.x' }, scope)[0]!.detail).toContain('"missing"');
    expect(checkExpression({ var: 'customer.name' }, scope)[0]!.detail).toContain('must start with input.');
    expect(checkExpression({ var: ['input.x', { '+': [1, 1] }] }, scope)).toEqual([]);
    // Inside map/filter/some the data is the array item: any path is fine there.
    expect(checkExpression({ some: [{ var: 'steps.screen.matched_lists' }, { '==': [{ var: 'slug' }, 'x'] }] }, scope)).toEqual([]);
    expect(checkExpression({ some: [{ var: 'slug' }, true] }, scope)[0]!.path).toEqual(['some', 0, 'var']);
  });

  it('refuses expressions nested too deep', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { '!': [deep] };
    expect(checkExpression(deep, scope)[0]!.detail).toContain('deeper than');
  });
});

describe('graph', () => {
  const g = (steps: Record<string, [string, string[]]>) => new Map(Object.entries(steps).map(([id, [type, targets]]) => [id, { type, targets }]));

  it('a cycle that passes through a review is fine; one beside it that does not is reported', () => {
    const findings = analyseGraph('a', g({ a: ['condition', ['b', 'r']], b: ['emit_event', ['a']], r: ['review', ['a', 'done']], done: ['outcome', []] }));
    expect(findings.busyCycles).toEqual([['a', 'b']]);
    expect(findings.unreachable).toEqual([]);
    expect(findings.deadEnds).toEqual([]);
  });

  it('a self-loop of a non-pausing step is a busy cycle; of a wait step it is not', () => {
    expect(analyseGraph('a', g({ a: ['condition', ['a', 'done']], done: ['outcome', []] })).busyCycles).toEqual([['a']]);
    expect(analyseGraph('w', g({ w: ['condition', ['x', 'done']], x: ['wait', ['x', 'w']], done: ['outcome', []] })).busyCycles).toEqual([]);
  });

  it('finds steps no outcome can be reached from', () => {
    expect(analyseGraph('a', g({ a: ['condition', ['b', 'done']], b: ['wait', ['b']], done: ['outcome', []] })).deadEnds).toEqual(['b']);
  });
});

describe('definitions', () => {
  const D = '/data/attributes/definition';
  const done = { type: 'outcome', outcome: 'approved' };

  it('accepts a definition using every step type', () => {
    const verdict = validateDefinition({
      start: 'screen',
      steps: {
        screen: { type: 'screening', screening_type: 'screening/business-watchlist', query: { business_name: { var: 'input.name' }, country: 'GB' }, business_id: null, next: 'lookup', on_failure: 'manual' },
        lookup: { type: 'business_lookup', country: { var: 'input.country' }, registration_number: { var: 'input.number' }, session_id: { var: 'input.session_id' }, next: 'site' },
        site: { type: 'website_check', url: { var: 'input.website' }, business_name: { var: 'input.name' }, next: 'doc' },
        doc: { type: 'wait_for_document', document_type: 'document/address', document_id: { var: 'input.document_id' }, timeout: '7d', next: 'decide', on_timeout: 'manual' },
        decide: { type: 'condition', if: { or: [{ var: 'steps.screen.has_match' }, { '==': [{ var: 'steps.site.risk_level' }, 'high'] }] }, then: 'manual', else: 'notify' },
        manual: { type: 'review', instructions: 'Check the hits', timeout: '14d', on_approve: 'notify', on_decline: 'declined', on_timeout: 'pause' },
        pause: { type: 'wait', duration: '1d', next: 'manual' },
        notify: { type: 'emit_event', name: 'kyb.passed', data: { risk: { var: 'steps.site.risk_level' } }, next: 'done' },
        declined: { type: 'outcome', outcome: 'declined', reason: 'review declined' },
        done,
      },
    });
    expect(verdict.ok ? [] : verdict.issues).toEqual([]);
  });

  it('points at every problem it finds, escaping step ids in pointers', () => {
    const verdict = validateDefinition({ start: 'a', extra: 1, steps: { a: { type: 'wait', duration: '0s', next: 'done' }, 'B/x': done, done } });
    expect(verdict.ok).toBe(false);
    const pointers = verdict.ok ? [] : verdict.issues.map((i) => i.pointer);
    expect(pointers).toEqual(expect.arrayContaining([`${D}/extra`, `${D}/steps/a/duration`, `${D}/steps/B~1x`]));
  });

  it('limits document waits to 30 days and other waits to 366 days', () => {
    const doc = (timeout: string) => validateDefinition({ start: 'd', steps: { d: { type: 'wait_for_document', document_type: 'document/idv', document_id: '00000000-0000-4000-8000-000000000000', timeout, next: 'done' }, done } });
    expect(doc('30d').ok).toBe(true);
    expect(doc('31d').ok).toBe(false);
    expect(validateDefinition({ start: 'w', steps: { w: { type: 'wait', duration: '400d', next: 'done' }, done } }).ok).toBe(false);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1w')).toBeUndefined();
  });

  it('checks literal ids, urls and countries where an expression could stand', () => {
    const verdict = validateDefinition({
      start: 's',
      steps: {
        s: { type: 'website_check', url: 'ftp://x', business_id: 'nope', next: 'b' },
        b: { type: 'business_lookup', country: 'FR', session_id: '00000000-0000-4000-8000-000000000000', next: 'e' },
        e: { type: 'emit_event', name: 'Bad Name', data: { note: 'x'.repeat(201), obj: { var: 'input.x' } }, next: 'done' },
        done,
      },
    });
    const found = verdict.ok ? [] : verdict.issues.map((i) => i.pointer);
    expect(found).toEqual(expect.arrayContaining([`${D}/steps/s/url`, `${D}/steps/s/business_id`, `${D}/steps/b/country`, `${D}/steps/e/name`, `${D}/steps/e/data/note`]));
    expect(found).not.toContain(`${D}/steps/e/data/obj`);
  });

  it('refuses a literal url with spaces or control characters (parsing would drop them)', () => {
    const site = (url: string) => validateDefinition({ start: 's', steps: { s: { type: 'website_check', url, next: 'done' }, done } });
    expect(site('https://example.com/').ok).toBe(true);
    for (const url of [' https://example.com/', 'https://example.com/ ', 'https://exa\tmple.com/', 'https://example.com/\n']) {
      const verdict = site(url);
      expect(verdict.ok, JSON.stringify(url)).toBe(false);
      expect(verdict.ok ? '' : verdict.issues[0]!.detail).toContain('without spaces');
    }
  });
});

describe('input schemas', () => {
  it('compiles draft 2020-12 by default and draft-07 when declared; refuses unknown keywords', () => {
    expect(checkInputSchema({ type: 'object', properties: { email: { type: 'string', format: 'email' } } })).toEqual([]);
    expect(checkInputSchema({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { a: { type: 'string' } } })).toEqual([]);
    expect(checkInputSchema({ type: 'object', requird: ['a'] })[0]!.detail).toContain('requird');
    expect(checkInputSchema({ type: 'array' })[0]!.pointer).toBe('/data/attributes/input_schema/type');
  });

  it('answers input problems with pointers into the input', () => {
    const schema = { type: 'object', properties: { person: { type: 'object', properties: { 'first/name': { type: 'string' } }, required: ['first/name'] }, age: { type: 'integer', minimum: 18 } } };
    expect(checkInput(schema, { person: {}, age: 12 }).map((i) => i.pointer).sort()).toEqual(['/data/attributes/input/age', '/data/attributes/input/person/first~1name']);
    expect(checkInput(schema, { person: { 'first/name': 'Ann' }, age: 30 })).toEqual([]);
  });
});
