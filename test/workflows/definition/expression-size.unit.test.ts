/**
 * JSONLogic expressions cannot build unbounded values: `reduce` feeding its accumulator back twice
 * would double a value per item (forty items exhaust a worker's memory). Past the documented
 * limit the evaluation throws (the step fails with expression_error); ordinary expressions,
 * reduce included, are unchanged.
 */
import { describe, expect, it } from 'vitest';
import { MAX_EXPRESSION_VALUE_UNITS } from '../../../workflows/workflow-execution/expression-size.js';
import { evaluate, type ExpressionData } from '../../../workflows/workflow-execution/expressions.js';

const data = (input: Record<string, unknown>): ExpressionData => ({ input, steps: {}, execution: { id: 'e', workflow_id: 'w', version: 1, environment: 'staging' } });
const forty = data({ list: Array.from({ length: 40 }, (_, i) => i) });
const acc = { var: 'accumulator' };

describe('values built by expressions', () => {
  it('keeps ordinary reduce, map, merge and cat working', () => {
    expect(evaluate({ reduce: [{ var: 'input.list' }, { '+': [{ var: 'current' }, acc] }, 0] }, forty)).toBe(780);
    expect(evaluate({ reduce: [{ var: 'input.list' }, { merge: [acc, [{ var: 'current' }]] }, []] }, forty)).toHaveLength(40);
    expect(evaluate({ map: [{ var: 'input.list' }, { cat: ['#', { var: '' }] }] }, forty)).toContain('#39');
    expect(evaluate({ if: [{ '>': [{ var: 'input.n' }, 1] }, { var: 'input.s' }, 'no'] }, data({ n: 2, s: 'x'.repeat(100_000) }))).toHaveLength(100_000);
  });

  it('stops an array doubled by merge on each item before it exhausts memory', () => {
    expect(() => evaluate({ reduce: [{ var: 'input.list' }, { merge: [acc, acc] }, [1]] }, forty)).toThrow(/larger than/);
  });

  it('stops a string doubled by cat on each item', () => {
    expect(() => evaluate({ reduce: [{ var: 'input.list' }, { cat: [acc, acc] }, 'ab'] }, forty)).toThrow(/larger than/);
  });

  it('stops a list that holds the accumulator twice (shared, so exponential only when read)', () => {
    expect(() => evaluate({ reduce: [{ var: 'input.list' }, [acc, acc], 1] }, forty)).toThrow(/larger than/);
  });

  it('refuses an input-sized value past the limit only when an operator receives it', () => {
    const big = data({ s: 'x'.repeat(MAX_EXPRESSION_VALUE_UNITS + 1) });
    expect(() => evaluate({ cat: [{ var: 'input.s' }, '!'] }, big)).toThrow(/larger than/);
    expect(evaluate({ '!!': [{ var: 'input.missing' }] }, big)).toBe(false);
  });
});
