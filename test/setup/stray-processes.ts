// Finds and stops processes that a test run left behind. Test workers start children (the
// time-skipping Temporal server, API processes) that outlive a worker vitest kills; they inherit
// the run's marker variable, so the global teardown can find them through /proc and stop them.
import { readdirSync, readFileSync } from 'node:fs';

export const RUN_MARKER_VARIABLE = 'CLEARWATCH_TEST_RUN';

export function processesWithMarker(marker: string): number[] {
  const needle = `${RUN_MARKER_VARIABLE}=${marker}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      // Our own direct children are vitest's workers and the servers we stop ourselves.
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1]);
      if (ppid === process.pid) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'latin1').includes(needle)) pids.push(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** SIGTERM, then SIGKILL after `graceMs`, every process carrying the marker. Returns how many were found. */
export async function stopStrayProcesses(marker: string, graceMs = 2000): Promise<number> {
  const pids = processesWithMarker(marker);
  for (const pid of pids) {
    try { process.kill(pid, 'SIGTERM'); } catch { /* already gone */ }
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && processesWithMarker(marker).length > 0) await new Promise((r) => setTimeout(r, 100));
  for (const pid of processesWithMarker(marker)) {
    try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  }
  return pids.length;
}
