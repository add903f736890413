/**
 * A memo of a pure function of a string, bounded: cleared whole when it holds `limit` entries,
 * so memory stays bounded however many distinct keys pass through (query words, joined runs of
 * listed words). One per function, per thread.
 */
export function boundedMemo<V>(compute: (key: string) => V, limit: number): (key: string) => V {
  const memo = new Map<string, V>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      if (memo.size >= limit) memo.clear();
      value = compute(key);
      memo.set(key, value);
    }
    return value;
  };
}
