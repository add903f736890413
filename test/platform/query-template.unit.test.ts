/** Query templates (infra/db/query-template.ts): compiled once per shape, each call's values bound, misuse refused. */
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type SelectQueryBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { QueryTemplate } from '../../infra/db/query-template.js';

interface Db {
  items: { id: string; environment: string; status: string; name: string; created_at: Date };
}
const db = new Kysely<Db>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});

type Values = { environment: string; status?: string | undefined; name?: string | undefined; since?: Date | undefined; limit: number };
const list = (v: Values): SelectQueryBuilder<Db, 'items', { id: string }> => {
  let q = db.selectFrom('items').select('id').where('environment', '=', v.environment);
  if (v.status) q = q.where('status', '=', v.status);
  if (v.name) q = q.where('name', '=', v.name);
  if (v.since) q = q.where('created_at', '>=', v.since);
  return q.orderBy('created_at', 'desc').limit(v.limit);
};

describe('QueryTemplate', () => {
  it('gives the statement the builder gives, with each call\'s values, compiling once per shape', () => {
    const template = new QueryTemplate(list);
    const cases: Values[] = [
      { environment: 'staging', limit: 11 },
      { environment: 'production', limit: 3 },
      { environment: 'staging', status: 'completed', limit: 101 },
      { environment: 'production', status: 'failed', limit: 2 },
      { environment: 'staging', status: 'failed', name: 'Ada', since: new Date('2026-01-01T00:00:00Z'), limit: 16 },
      { environment: 'production', status: 'pending', name: 'Bo', since: new Date('2025-01-01T00:00:00Z'), limit: 5 },
      { environment: 'staging', name: 'x', limit: 4 },
    ];
    for (const values of cases) {
      const direct = list(values).compile();
      const bound = template.bind(values);
      expect(bound.sql).toBe(direct.sql);
      expect(bound.parameters).toEqual(direct.parameters);
    }
    // Shapes: none; status; status+name+since; name.
    expect(template.shapeCount).toBe(4);
  });

  it('treats an empty string like an absent value (a presence test skips both), not as a placeholder', () => {
    const template = new QueryTemplate(list);
    const bound = template.bind({ environment: 'staging', status: '', limit: 2 });
    expect(bound.sql).toBe(list({ environment: 'staging', limit: 2 }).compile().sql);
    expect(bound.parameters).toEqual(['staging', 2]);
    expect(template.bind({ environment: 'staging', status: 'x', limit: 2 }).parameters).toEqual(['staging', 'x', 2]);
  });

  it('passes shape keys as their real values, so a builder may branch on them', () => {
    type V = { environment: string; status?: string | undefined; now: Date };
    const build = (v: V) => {
      const q = db.selectFrom('items').select('id').where('environment', '=', v.environment);
      return v.status === 'expired' ? q.where(sql<boolean>`created_at <= ${v.now}`) : v.status ? q.where('status', '=', v.status) : q;
    };
    const template = new QueryTemplate(build, { shapeKeys: ['status'], mayBeUnused: ['now'] });
    const now = new Date('2026-11-27T00:00:00Z');
    for (const status of ['expired', 'completed', undefined, 'expired', 'failed']) {
      const values = { environment: 'production', status, now };
      const direct = build(values).compile();
      expect(template.bind(values)).toMatchObject({ sql: direct.sql, parameters: direct.parameters });
    }
    expect(template.shapeCount).toBe(4);
  });

  it('refuses a builder that changes a value, writes it into the text, or compares it instead of passing it', () => {
    const changes = new QueryTemplate((v: { name: string }) => db.selectFrom('items').select('id').where('name', 'like', `%${v.name}%`));
    expect(() => changes.bind({ name: 'Ada' })).toThrow(/changed a value/);
    const inlines = new QueryTemplate((v: { name: string }) => db.selectFrom('items').select('id').where('name', '=', sql.lit(v.name)));
    expect(() => inlines.bind({ name: 'Ada' })).toThrow(/statement text/);
    const compares = new QueryTemplate((v: { status: string }) => db.selectFrom('items').select('id').where('status', '=', v.status === 'open' ? 'pending' : 'completed'));
    expect(() => compares.bind({ status: 'open' })).toThrow(/did not reach the statement/);
  });

  it('refuses a builder that branches on a value it also passes, when the real value takes another branch', () => {
    type V = { environment: string; status?: string | undefined; now: Date };
    // The sessions list's builder without shapeKeys: a placeholder status takes the plain branch,
    // the real 'expired' the one with the expiry condition.
    const build = (v: V) => {
      const q = db.selectFrom('items').select('id').where('environment', '=', v.environment);
      return v.status === 'expired' ? q.where(sql<boolean>`(status = ${v.status} or created_at <= ${v.now})`) : v.status ? q.where('status', '=', v.status) : q;
    };
    const template = new QueryTemplate(build, { mayBeUnused: ['now'] });
    expect(() => template.bind({ environment: 'staging', status: 'expired', now: new Date() })).toThrow(/branches on a value/);
  });

  it('refuses values it cannot stand a placeholder in for: arrays, expressions, object shape keys', () => {
    const list = new QueryTemplate((v: { ids: string[] }) => db.selectFrom('items').select('id').where('id', 'in', v.ids));
    expect(() => list.bind({ ids: ['a', 'b'] })).toThrow(/must be a string, number/);
    const expression = new QueryTemplate((v: { name: unknown }) => db.selectFrom('items').select('id').where('name', '=', v.name as string));
    expect(() => expression.bind({ name: sql<string>`upper('x')` })).toThrow(/must be a string, number/);
    const objectShape = new QueryTemplate((v: { since: Date }) => db.selectFrom('items').select('id').where('created_at', '>=', v.since), { shapeKeys: ['since'] });
    expect(() => objectShape.bind({ since: new Date() })).toThrow(/shape key since must be a primitive/);
  });

  it('keeps at most maxShapes compiled shapes', () => {
    const template = new QueryTemplate((v: { a?: string; b?: string; c?: string }) => {
      let q = db.selectFrom('items').select('id');
      for (const [k, value] of Object.entries(v)) if (value) q = q.where('name', '=', value).where(sql<boolean>`${sql.lit(k)} = ${sql.lit(k)}`);
      return q;
    }, { maxShapes: 2 });
    template.bind({ a: '1' });
    template.bind({ b: '1' });
    template.bind({ c: '1' });
    expect(template.shapeCount).toBe(2);
    expect(template.bind({ a: 'again' }).parameters).toEqual(['again']);
  });
});
