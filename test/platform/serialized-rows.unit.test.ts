/** The cache of serialized list items: keyed by row version, so a changed row is never served stale. */
import { describe, expect, it } from 'vitest';
import { SerializedRows } from '../../api/http/serialized-rows.js';

interface Row { id: string; version: string; status: string }

describe('SerializedRows', () => {
  it('serializes a row once per version, and again when its version changes', async () => {
    const fetched: string[][] = [];
    const table = new Map<string, Row>([['a', { id: 'a', version: '1', status: 'pending' }], ['b', { id: 'b', version: '7', status: 'completed' }]]);
    const fetch = async (ids: string[]) => {
      fetched.push(ids);
      return ids.flatMap((id) => (table.has(id) ? [table.get(id)!] : []));
    };
    const rows = new SerializedRows<Row>((row) => ({ id: row.id, status: row.status }));
    const listed = () => [...table.values()].map(({ id, version }) => ({ id, version }));
    expect(await rows.jsonOf(listed(), fetch)).toEqual(['{"id":"a","status":"pending"}', '{"id":"b","status":"completed"}']);
    expect(await rows.jsonOf(listed(), fetch)).toEqual(['{"id":"a","status":"pending"}', '{"id":"b","status":"completed"}']);
    expect(fetched).toEqual([['a', 'b']]);
    table.set('a', { id: 'a', version: '2', status: 'completed' });
    expect(await rows.jsonOf(listed(), fetch)).toEqual(['{"id":"a","status":"completed"}', '{"id":"b","status":"completed"}']);
    expect(fetched).toEqual([['a', 'b'], ['a']]);
  });

  it('leaves out a row deleted between the two reads, and keeps at most maxItems', async () => {
    const rows = new SerializedRows<Row>((row) => row.id, 2);
    const fetch = async (ids: string[]) => ids.filter((id) => id !== 'gone').map((id) => ({ id, version: '1', status: 's' }));
    expect(await rows.jsonOf([{ id: 'x', version: '1' }, { id: 'gone', version: '1' }], fetch)).toEqual(['"x"']);
    const seen: string[][] = [];
    const counting = async (ids: string[]) => {
      seen.push(ids);
      return fetch(ids);
    };
    await rows.jsonOf([{ id: 'y', version: '1' }, { id: 'z', version: '1' }], counting);
    await rows.jsonOf([{ id: 'x', version: '1' }], counting);
    // x was the oldest of three in a cache of two: it had to be read again.
    expect(seen).toEqual([['y', 'z'], ['x']]);
  });
});
