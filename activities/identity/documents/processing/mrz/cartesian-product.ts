// Every combination taking one item from each list, lazily (used to try repair and line-fitting
// variants together without building them all up front).

export function* cartesianProduct<T>(lists: readonly (readonly T[])[]): Generator<T[]> {
  if (lists.length === 0) {
    yield [];
    return;
  }
  const [head, ...tail] = lists;
  for (const item of head!) for (const rest of cartesianProduct(tail)) yield [item, ...rest];
}
