/**
 * CPU time used by process trees (a server and everything it started), read from /proc: where the
 * cores went during a benchmark phase, per component.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces) in parentheses. */
function statFields(pid: number | 'self'): string[] {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** Milliseconds of two clock-tick fields summed (utime + stime, or cutime + cstime). */
const ticksMs = (fields: string[], first: number) => ((Number(fields[first]) + Number(fields[first + 1])) * 1000) / TICKS_PER_SECOND;

function stat(pid: number): { ppid: number; cpuMs: number } | undefined {
  try {
    const fields = statFields(pid);
    return { ppid: Number(fields[1]), cpuMs: ticksMs(fields, 11) };
  } catch {
    return undefined;
  }
}

/** CPU milliseconds used so far by each named tree (its root process and all descendants alive now). */
export function cpuByTree(roots: Record<string, number>): Record<string, number> {
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const pid of all) {
    const s = stat(pid);
    if (!s) continue;
    parent.set(pid, s.ppid);
    cpu.set(pid, s.cpuMs);
  }
  const rootOf = (pid: number): string | undefined => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = parent.get(p), hops += 1) {
      for (const [name, root] of Object.entries(roots)) if (root === p) return name;
    }
    return undefined;
  };
  const out: Record<string, number> = Object.fromEntries(Object.keys(roots).map((k) => [k, 0]));
  for (const [pid, ms] of cpu) {
    const name = rootOf(pid);
    if (name) out[name] = (out[name] ?? 0) + ms;
  }
  return out;
}

/** Differences of two cpuByTree readings, per screening (or per workflow). */
export function cpuPer(before: Record<string, number>, after: Record<string, number>, count: number): string {
  return Object.keys(after).map((k) => `${k} ${((after[k]! - (before[k] ?? 0)) / count).toFixed(2)}`).join(', ');
}

/** CPU milliseconds of this process's children that have exited and been waited for (cutime + cstime): a tool the bench ran to completion. */
export function exitedChildrenCpuMs(): number {
  return ticksMs(statFields('self'), 13);
}
