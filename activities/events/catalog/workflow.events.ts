/**
 * Workflow (user-defined verification flow) events: its definition's lifecycle and its state
 * machine (draft → active ⇄ paused → archived). Payloads carry ids, states and counts, never the
 * definition or anything an execution was given.
 */
import { z } from 'zod';
import { defineEventFamily } from './event-family.js';

export const workflowEvents = defineEventFamily({
  resourceType: 'workflow',
  statuses: ['created', 'updated', 'deployed', 'activated', 'paused', 'archived', 'deleted'],
  description: 'A user-defined verification workflow.',
  statusDescriptions: {
    created: 'the workflow was created (state draft)',
    updated: 'name, description, input_schema or definition changed (names in `changed`); deployed versions are unaffected',
    deployed: 'the current definition was frozen as version `latest_version`',
    activated: 'the workflow was activated: its latest deployed version can be executed',
    paused: 'the workflow was paused: new executions are refused, running ones go on',
    archived: 'the workflow was archived (final): new executions are refused, running ones go on',
    deleted: 'the workflow was deleted (no execution was running); its executions stay readable',
  },
  payload: z
    .object({
      state: z.enum(['draft', 'active', 'paused', 'archived']),
      latest_version: z.number().int().nullable(),
      step_count: z.number().int(),
      changed: z.array(z.string()),
    })
    .strict(),
});
