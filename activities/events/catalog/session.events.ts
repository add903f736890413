/** Identity session events: one per session status, plus created and redacted. */
import { z } from 'zod';
import { id } from './common.schemas.js';
import { defineEventFamily } from './event-family.js';

const SESSION_STATUSES = ['created', 'started', 'completed', 'failed', 'marked_for_review', 'expired', 'declined', 'approved'] as const;

export const sessionEvents = defineEventFamily({
  resourceType: 'session',
  statuses: [...SESSION_STATUSES, 'redacted'],
  description: 'An identity verification session.',
  statusDescriptions: {
    created: 'the session was opened for an account',
    started: 'a document was attached',
    completed: 'every document is processed and valid',
    failed: 'every document failed',
    marked_for_review: 'the documents gave a mixed outcome',
    expired: 'the session ran out (24 hours) before it finished',
    declined: 'declined by POST .../decline',
    approved: 'approved by POST .../approve',
    redacted: 'the account was redacted; the session lost its personal data',
  },
  payload: z
    .object({
      status: z.enum(SESSION_STATUSES),
      previous_status: z.enum(SESSION_STATUSES).nullable(),
      account_id: id,
    })
    .strict(),
});
