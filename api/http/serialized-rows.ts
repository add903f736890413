/**
 * A per-process cache of list items already serialized to JSON, keyed by row id and row version —
 * PostgreSQL's `xmin`, which every update of the row changes, so a cached item can never be
 * stale and nothing has to remember to invalidate it. A list page then reads only ids and
 * versions (cheap), fetches the full rows of just the items it has not serialized at this
 * version, and joins the cached JSON texts into the body. Decoding a page of full rows was most
 * of an authenticated list request's cost (README, Platform).
 */

export interface VersionedId {
  id: string;
  version: string;
}

export class SerializedRows<Row extends VersionedId> {
  private readonly items = new Map<string, { version: string; json: string }>();

  constructor(
    private readonly serialize: (row: Row) => unknown,
    private readonly maxItems = 10_000,
  ) {}

  /** The JSON text of each listed row, in order; `readRows` reads the full rows of ids not cached at their version. */
  async jsonOf(listed: readonly VersionedId[], readRows: (ids: string[]) => Promise<Row[]>): Promise<string[]> {
    const missing = listed.filter((row) => this.items.get(row.id)?.version !== row.version).map((row) => row.id);
    const fetched = new Map<string, string>();
    if (missing.length > 0) {
      for (const row of await readRows(missing)) {
        const json = JSON.stringify(this.serialize(row));
        fetched.set(row.id, json);
        this.remember(row.id, row.version, json);
      }
    }
    return listed.flatMap((row) => {
      const json = fetched.get(row.id) ?? this.items.get(row.id)?.json;
      // A row deleted between the two reads is left out of the page.
      return json === undefined ? [] : [json];
    });
  }

  private remember(id: string, version: string, json: string): void {
    this.items.delete(id);
    this.items.set(id, { version, json });
    // Oldest insertions go first once the cache is full (a Map keeps insertion order).
    while (this.items.size > this.maxItems) this.items.delete(this.items.keys().next().value as string);
  }
}
