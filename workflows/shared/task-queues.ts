/** Every task queue name, in one place. One queue per workload so a slow one cannot starve another. */
export const TASK_QUEUES = {
  /**
   * Monitoring runs, list refresh, screenings run as steps of user workflows (child workflows), and
   * screening workflows started here before the screening-runs queue existed.
   */
  screening: 'clearwatch-screening',
  /**
   * Screenings started by the API — single and grouped (POST /v1/screenings) and batches (POST
   * /v1/screenings/batch), including those the start sweep starts for records whose start was lost:
   * polled by the screening worker inside each API process (Eager Workflow Start hands it the first
   * workflow task directly) and by the standalone workers, which take over when an API process is
   * gone or busy. Only screening workflows run here.
   */
  screeningRuns: 'clearwatch-screening-runs',
  /** Business registry lookups. */
  businesses: 'clearwatch-businesses',
  /** Identity sessions and document processing. */
  identity: 'clearwatch-identity',
  /** The event relay, webhook and audit stream deliveries. */
  events: 'clearwatch-events',
  /** Credential issuing: requests wait for it, so it never queues behind OCR or matching. */
  credentials: 'clearwatch-credentials',
  /** User workflow executions (the interpreter; its steps' own workflows run on their queues). */
  workflows: 'clearwatch-workflows',
  /** Website checks (outbound DNS, TLS and HTTP with timeouts). */
  websiteChecks: 'clearwatch-website-checks',
} as const;

export type TaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

export type TaskQueueNames = Record<keyof typeof TASK_QUEUES, string>;

/** Every workload on one queue (tests and benches that run one worker). */
export function allOnOneQueue(name: string): TaskQueueNames {
  return Object.fromEntries(Object.keys(TASK_QUEUES).map((key) => [key, name])) as TaskQueueNames;
}
