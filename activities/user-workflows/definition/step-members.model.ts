/**
 * The members each step type takes, by kind: a literal (checked as it is), a step reference, a
 * JSONLogic expression, a map of field → expression, or a duration. The definition validator walks
 * a step against this table, so a new step type is one entry here plus its runner. Pure.
 */
import {
  EVENT_NAME_PATTERN,
  OUTCOMES,
  SCREENING_STEP_TYPES,
  WAITABLE_DOCUMENT_TYPES,
  parseDuration,
  DEFINITION_LIMITS,
  type StepType,
} from '../../../workflows/workflow-execution/definition.contract.js';
import { httpUrl, supportedCountry, uuidValue, type ValueCheck } from '../steps/step-inputs.model.js';

export type MemberSpec =
  | { kind: 'literal'; required: boolean; check: ValueCheck }
  | { kind: 'step'; required: boolean }
  | { kind: 'expression'; required: boolean; literalCheck?: ValueCheck }
  | { kind: 'expression_map'; required: boolean }
  | { kind: 'duration'; required: boolean; maxMs: number };

const oneOf = (values: readonly string[]): ValueCheck => (value) =>
  typeof value === 'string' && values.includes(value) ? null : `must be one of ${values.join(', ')}`;

const shortText = (max: number): ValueCheck => (value) =>
  typeof value === 'string' && value.length <= max ? null : `must be a string of at most ${max} characters`;

const eventName: ValueCheck = (value) =>
  typeof value === 'string' && EVENT_NAME_PATTERN.test(value) ? null : 'must be 1–64 characters: a lowercase letter, then lowercase letters, digits, _ . or -';

const literal = (check: ValueCheck, required = true): MemberSpec => ({ kind: 'literal', required, check });
const step = (required = true): MemberSpec => ({ kind: 'step', required });
const expression = (required = true, literalCheck?: ValueCheck): MemberSpec => ({ kind: 'expression', required, ...(literalCheck ? { literalCheck } : {}) });
const duration = (required = true, maxMs: number = DEFINITION_LIMITS.maxDurationMs): MemberSpec => ({ kind: 'duration', required, maxMs });

export const STEP_MEMBERS: Record<StepType, Record<string, MemberSpec>> = {
  screening: {
    screening_type: literal(oneOf(SCREENING_STEP_TYPES)),
    query: { kind: 'expression_map', required: true },
    account_id: expression(false, uuidValue),
    business_id: expression(false, uuidValue),
    next: step(),
    on_failure: step(false),
  },
  business_lookup: {
    country: expression(true, supportedCountry),
    official_name: expression(false),
    registration_number: expression(false),
    address: expression(false),
    session_id: expression(true, uuidValue),
    next: step(),
    on_failure: step(false),
  },
  website_check: {
    url: expression(true, httpUrl),
    business_name: expression(false),
    business_id: expression(false, uuidValue),
    next: step(),
    on_failure: step(false),
  },
  wait_for_document: {
    document_type: literal(oneOf(WAITABLE_DOCUMENT_TYPES)),
    document_id: expression(true, uuidValue),
    timeout: duration(true, DEFINITION_LIMITS.maxDocumentWaitMs),
    next: step(),
    on_timeout: step(false),
    on_failure: step(false),
  },
  condition: { if: expression(), then: step(), else: step() },
  wait: { duration: duration(), next: step() },
  review: {
    instructions: literal(shortText(1000), false),
    timeout: duration(false),
    on_approve: step(),
    on_decline: step(),
    on_timeout: step(false),
  },
  emit_event: { name: literal(eventName), data: { kind: 'expression_map', required: false }, next: step() },
  outcome: { outcome: literal(oneOf(OUTCOMES)), reason: literal(shortText(500), false) },
};

/** A duration member's problem, or null. */
export function checkDuration(value: unknown, maxMs: number): string | null {
  const ms = parseDuration(value);
  if (ms === undefined) return 'must be a duration like 90s, 10m, 12h or 3d';
  return ms <= maxMs ? null : `must be at most ${Math.floor(maxMs / 86_400_000)}d`;
}
