/**
 * The graph checks of a definition: every step reachable from `start`; every cycle passes through
 * a `wait` or `review` step (so a run can loop, but never spin without a durable pause); and from
 * every reachable step some `outcome` can still be reached (so a run can end). Pure.
 */
export interface GraphStep {
  type: string;
  targets: string[];
}

export interface GraphFindings {
  unreachable: string[];
  /** Cycles (as their steps, in definition order) that pass through no wait or review step. */
  busyCycles: string[][];
  /** Reachable steps from which no outcome can be reached. */
  deadEnds: string[];
}

const PAUSING_TYPES = new Set(['wait', 'review']);

export function analyseGraph(start: string, steps: ReadonlyMap<string, GraphStep>): GraphFindings {
  const order = [...steps.keys()];
  const reachable = reach([start], (id) => steps.get(id)?.targets ?? [], steps);

  // Every cycle passes through a pausing step ⇔ the graph without pausing steps has no cycle.
  const busy = new Map<string, string[]>();
  for (const [id, step] of steps) {
    if (!PAUSING_TYPES.has(step.type)) busy.set(id, step.targets.filter((t) => steps.has(t) && !PAUSING_TYPES.has(steps.get(t)!.type)));
  }
  const busyCycles = stronglyConnected(busy)
    .filter((component) => component.length > 1 || (busy.get(component[0]!) ?? []).includes(component[0]!))
    .map((component) => [...component].sort((a, b) => order.indexOf(a) - order.indexOf(b)));

  const predecessors = new Map<string, string[]>();
  for (const [id, step] of steps) for (const t of step.targets) predecessors.set(t, [...(predecessors.get(t) ?? []), id]);
  const outcomes = order.filter((id) => steps.get(id)!.type === 'outcome');
  const canFinish = reach(outcomes, (id) => predecessors.get(id) ?? [], steps);

  return {
    unreachable: order.filter((id) => !reachable.has(id)),
    busyCycles,
    deadEnds: order.filter((id) => reachable.has(id) && !canFinish.has(id)),
  };
}

function reach(from: string[], next: (id: string) => string[], steps: ReadonlyMap<string, GraphStep>): Set<string> {
  const seen = new Set<string>();
  const stack = from.filter((id) => steps.has(id));
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const t of next(id)) if (steps.has(t) && !seen.has(t)) stack.push(t);
  }
  return seen;
}

/** Tarjan's strongly connected components (iterative, so deep graphs cannot overflow the stack). */
function stronglyConnected(graph: ReadonlyMap<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { id: string; edge: number }[] = [{ id: root, edge: 0 }];
    index.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.id) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge]!;
        frame.edge += 1;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ id: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.id, Math.min(low.get(frame.id)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        for (;;) {
          const id = stack.pop()!;
          onStack.delete(id);
          component.push(id);
          if (id === frame.id) break;
        }
        components.push(component);
      }
    }
  }
  return components;
}
