/**
 * Workflow execution events: the run's status changes, a review waiting for (and receiving) a
 * decision, and the custom events of emit_event steps (`step_event`, the step's name and data in
 * the payload). Payloads carry ids, statuses, codes and the emit_event data the definition names;
 * never the execution input.
 */
import { z } from 'zod';
import { id } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

const STATUSES = ['running', 'completed', 'failed', 'cancelled', 'timed_out'] as const;

export const workflowExecutionEvents = defineEventFamily({
  resourceType: 'workflow_execution',
  statuses: ['running', 'review_requested', 'review_decided', 'step_event', 'completed', 'failed', 'cancelled', 'timed_out'],
  description: 'One run of a deployed workflow version.',
  statusDescriptions: {
    running: 'the execution was started',
    review_requested: 'a review step waits for a decision (POST /v1/workflows/executions/{id}/review); step_id names it',
    review_decided: 'a decision was sent for the waiting review step (decision in `decision`)',
    step_event: 'an emit_event step ran: `event_name` and `event_data` are the step\'s',
    completed: 'the execution reached an outcome step (`outcome`: approved, declined or needs_review)',
    failed: 'a step failed without an on_failure route, or the run could not go on; error_code says why',
    cancelled: 'the execution was cancelled (POST /v1/workflows/executions/{id}/cancel)',
    timed_out: 'a wait_for_document or review step timed out without an on_timeout route',
  },
  payload: z
    .object({
      workflow_id: id,
      version: z.number().int(),
      status: z.enum(STATUSES),
      outcome: z.enum(['approved', 'declined', 'needs_review']).nullable(),
      current_step: z.string().nullable(),
      step_id: z.string().nullable(),
      error_code: z.string().nullable(),
      decision: z.enum(['approve', 'decline']).nullable(),
      event_name: z.string().nullable(),
      event_data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
    })
    .strict(),
});
