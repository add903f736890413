// Compares two word sequences (the text of one page in two revisions) and returns the runs that
// changed: words replaced, inserted or deleted, with their indices on both sides. A longest
// common subsequence over the words; pages are a few thousand words at most. Pure.

export interface ChangedRun {
  /** Word index range in the old and new sequences (end exclusive); empty on one side for a pure insertion or deletion. */
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

const MAX_CELLS = 25_000_000;

export function diffWords(a: readonly string[], b: readonly string[]): ChangedRun[] {
  // Trim the common head and tail first: edits are usually small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const A = a.slice(head, a.length - tail);
  const B = b.slice(head, b.length - tail);
  if (A.length === 0 && B.length === 0) return [];
  if (A.length * B.length > MAX_CELLS) return [{ oldStart: head, oldEnd: a.length - tail, newStart: head, newEnd: b.length - tail }];
  const n = A.length;
  const m = B.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = A[i] === B[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const runs: ChangedRun[] = [];
  let i = 0;
  let j = 0;
  let open: ChangedRun | null = null;
  const close = () => {
    if (open) runs.push(open);
    open = null;
  };
  while (i < n || j < m) {
    if (i < n && j < m && A[i] === B[j]) {
      close();
      i++;
      j++;
    } else {
      open ??= { oldStart: head + i, oldEnd: head + i, newStart: head + j, newEnd: head + j };
      if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
        j++;
        open.newEnd = head + j;
      } else {
        i++;
        open.oldEnd = head + i;
      }
    }
  }
  close();
  return runs;
}
