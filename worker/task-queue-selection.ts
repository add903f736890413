/**
 * Which task queues a worker process serves (`WORKER_TASK_QUEUES`). Every queue with workflows
 * costs a worker process one workflow thread with its own V8 isolate (about 40–55 MB each), so a
 * deployment can run, say, a screening worker (`screening,screeningRuns`) apart from an OCR worker
 * (`identity`) instead of every process paying for all eight. Pure: names in, queues out.
 */
import { TASK_QUEUES } from '../workflows/shared/task-queues.js';

export type TaskQueueKey = keyof typeof TASK_QUEUES;

export const TASK_QUEUE_KEYS = Object.keys(TASK_QUEUES) as TaskQueueKey[];

export type TaskQueueSelection = { ok: true; keys: TaskQueueKey[] } | { ok: false; error: string };

/** `all` (or blank) selects every queue; otherwise comma-separated keys of TASK_QUEUES, each once. */
export function selectTaskQueues(spec: string): TaskQueueSelection {
  const trimmed = spec.trim();
  if (trimmed === '' || trimmed === 'all') return { ok: true, keys: [...TASK_QUEUE_KEYS] };
  const names = trimmed.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(TASK_QUEUE_KEYS as string[]).includes(name));
  if (unknown.length > 0) {
    return { ok: false, error: `unknown task queue ${unknown.map((name) => JSON.stringify(name)).join(', ')}: use all, or a comma-separated list of ${TASK_QUEUE_KEYS.join(', ')}` };
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) return { ok: false, error: `task queue ${JSON.stringify(repeated[0])} is listed twice` };
  return { ok: true, keys: names as TaskQueueKey[] };
}
