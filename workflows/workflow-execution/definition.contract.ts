/**
 * The shape of a customer's workflow definition — `{start, steps: {<id>: step}}` — shared by the
 * API (which validates and stores it), the interpreter workflow (which runs a deployed version)
 * and the README. Types, constants and small pure helpers only, so every side may import it.
 *
 * Step members are of four kinds: literals (screening_type, outcome, durations, event names),
 * step references (next, then, else, on_*), and JSONLogic expressions evaluated at run time over
 * `{input, steps: {<id>: <output>}, execution}` (queries, ids, urls, condition tests, event data).
 */

/** A JSONLogic expression: a literal, or `{"<operator>": args}`. */
export type Expression = unknown;

export const STEP_TYPES = [
  'screening',
  'business_lookup',
  'website_check',
  'wait_for_document',
  'condition',
  'wait',
  'review',
  'emit_event',
  'outcome',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const OUTCOMES = ['approved', 'declined', 'needs_review'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const SCREENING_STEP_TYPES = [
  'screening/watchlist',
  'screening/politically-exposed-person',
  'screening/business-watchlist',
  'screening/business-adverse-media',
] as const;

/**
 * Document kinds a wait_for_document step can wait for. Each kind names the event resource type
 * whose processed/failed events settle the wait; adding a kind (generic `document`) is one entry
 * here plus one status reader in activities/user-workflows/steps/document-status.ts.
 */
export const WAITABLE_DOCUMENT_TYPES = ['document/idv', 'document/address', 'document'] as const;
export type WaitableDocumentType = (typeof WAITABLE_DOCUMENT_TYPES)[number];

export interface ScreeningStep {
  type: 'screening';
  screening_type: (typeof SCREENING_STEP_TYPES)[number];
  /** Field → expression: name_first, name_last, birthdate?, country_code? (persons); business_name, country, registration_number? (businesses). */
  query: Record<string, Expression>;
  account_id?: Expression;
  business_id?: Expression;
  next: string;
  on_failure?: string;
}

export interface BusinessLookupStep {
  type: 'business_lookup';
  country: Expression;
  official_name?: Expression;
  registration_number?: Expression;
  address?: Expression;
  /** A business lookup belongs to an identity session (as POST /v1/businesses requires). */
  session_id: Expression;
  next: string;
  on_failure?: string;
}

export interface WebsiteCheckStep {
  type: 'website_check';
  url: Expression;
  business_name?: Expression;
  business_id?: Expression;
  next: string;
  on_failure?: string;
}

export interface WaitForDocumentStep {
  type: 'wait_for_document';
  document_type: WaitableDocumentType;
  document_id: Expression;
  /** How long to wait for processed/failed, e.g. "3d". */
  timeout: string;
  next: string;
  on_timeout?: string;
  on_failure?: string;
}

export interface ConditionStep {
  type: 'condition';
  if: Expression;
  then: string;
  else: string;
}

export interface WaitStep {
  type: 'wait';
  duration: string;
  next: string;
}

export interface ReviewStep {
  type: 'review';
  /** Shown to the reviewer in the execution's status (no personal data, please). */
  instructions?: string;
  /** Without a timeout the review waits as long as it takes. */
  timeout?: string;
  on_approve: string;
  on_decline: string;
  on_timeout?: string;
}

export interface EmitEventStep {
  type: 'emit_event';
  /** Recorded as event `workflow_execution.step_event` with this name in the payload. */
  name: string;
  /** Field → expression; each must evaluate to a string (≤ 200 characters), number, boolean or null. */
  data?: Record<string, Expression>;
  next: string;
}

export interface OutcomeStep {
  type: 'outcome';
  outcome: Outcome;
  reason?: string;
}

export type StepDefinition =
  | ScreeningStep
  | BusinessLookupStep
  | WebsiteCheckStep
  | WaitForDocumentStep
  | ConditionStep
  | WaitStep
  | ReviewStep
  | EmitEventStep
  | OutcomeStep;

export interface WorkflowDefinition {
  start: string;
  steps: Record<string, StepDefinition>;
}

/** Limits of a definition (checked at create, patch and deploy). */
export const DEFINITION_LIMITS = {
  maxSteps: 100,
  stepIdPattern: /^[a-z][a-z0-9_]{0,62}$/,
  maxExpressionDepth: 32,
  maxEmitDataFields: 20,
  maxEventDataString: 200,
  /** Longest wait, review or document timeout: one year. */
  maxDurationMs: 366 * 24 * 3_600_000,
  /** Longest wait_for_document timeout (its fallback polling keeps the history small up to this). */
  maxDocumentWaitMs: 30 * 24 * 3_600_000,
  /** A run executes at most this many steps (loops through wait/review included), then fails. */
  maxStepRuns: 10_000,
} as const;

export const EVENT_NAME_PATTERN = /^[a-z][a-z0-9_.-]{0,63}$/;

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** "90s", "10m", "12h", "3d" → milliseconds; undefined for anything else. */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,6})(s|m|h|d)$/.exec(value);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms > 0 ? ms : undefined;
}

/** The step ids a step may continue with, by member name (for graph checks and the interpreter). */
export function stepTargets(step: StepDefinition): Record<string, string> {
  const targets: Record<string, string> = {};
  for (const member of ['next', 'then', 'else', 'on_failure', 'on_timeout', 'on_approve', 'on_decline'] as const) {
    const value = (step as unknown as Record<string, unknown>)[member];
    if (typeof value === 'string') targets[member] = value;
  }
  return targets;
}
