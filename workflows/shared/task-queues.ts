/** Every task queue name, in one place. One queue per workload so a slow one cannot starve another. */
export const TASK_QUEUES = {
  /** Screenings and list refresh. */
  screening: 'clearwatch-screening',
  /** Business registry lookups. */
  businesses: 'clearwatch-businesses',
  /** Identity sessions and document processing. */
  identity: 'clearwatch-identity',
} as const;

export type TaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];
