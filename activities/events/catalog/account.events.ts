/** Identity account events: created, updated (names the attributes that changed), redacted. */
import { z } from 'zod';
import { defineEventFamily } from './event-family.js';

export const accountEvents = defineEventFamily({
  resourceType: 'account',
  statuses: ['created', 'updated', 'redacted'],
  description: 'An identity account (a person or a business).',
  statusDescriptions: {
    created: 'the account was created',
    updated: 'attributes changed (names in `changed`, never their values)',
    redacted: 'personal data of the account, its sessions and documents was removed',
  },
  payload: z
    .object({
      status: z.enum(['active', 'inactive', 'suspended', 'pending']),
      entity_type: z.enum(['person', 'business']),
      changed: z.array(z.string()),
      previous_status: z.string().nullable(),
      redacted: z.boolean(),
    })
    .strict(),
});
