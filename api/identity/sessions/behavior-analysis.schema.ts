/**
 * behavior_analysis as the spec shapes it, sent by the client integration and returned as stored.
 * Counters are whole numbers ≥ 0; times are seconds ≥ 0; bot_score and hesitation_percentage are
 * 0–100; threat_level is low, medium or high; unknown members are rejected.
 */
import { z } from 'zod';

const count = z.number().int('must be a whole number').min(0, 'must be at least 0');
const seconds = z.number().min(0, 'must be at least 0');
const percent = z.number().min(0, 'must be at least 0').max(100, 'must be at most 100');

export const THREAT_LEVELS = ['low', 'medium', 'high'] as const;

export const behaviorAnalysisSchema = z.strictObject({
  completion_time_seconds: seconds.optional(),
  autofill_cancels: count.optional(),
  autofill_starts: count.optional(),
  bot_score: percent.optional(),
  shortcut_copies: count.optional(),
  shortcut_pastes: count.optional(),
  distraction_events: count.optional(),
  request_spoof_attempts: count.optional(),
  user_agent_spoof_attempts: count.optional(),
  hesitation_baseline: seconds.optional(),
  hesitation_count: count.optional(),
  hesitation_percentage: percent.optional(),
  hesitation_time: seconds.optional(),
  threat_level: z.enum(THREAT_LEVELS, { message: `must be one of ${THREAT_LEVELS.join(', ')}` }).optional(),
  devtools_open: z.boolean().optional(),
  debugger_attached: z.boolean().optional(),
});

export const behaviorAnalysisOut = z.object({
  completion_time_seconds: z.number().optional(), autofill_cancels: z.number().optional(), autofill_starts: z.number().optional(),
  bot_score: z.number().optional(), shortcut_copies: z.number().optional(), shortcut_pastes: z.number().optional(),
  distraction_events: z.number().optional(), request_spoof_attempts: z.number().optional(), user_agent_spoof_attempts: z.number().optional(),
  hesitation_baseline: z.number().optional(), hesitation_count: z.number().optional(), hesitation_percentage: z.number().optional(),
  hesitation_time: z.number().optional(), threat_level: z.enum(THREAT_LEVELS).optional(), devtools_open: z.boolean().optional(),
  debugger_attached: z.boolean().optional(),
}).nullable();
