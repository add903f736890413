import { describe, expect, it } from 'vitest';
import { effectiveSessionStatus, sessionExpiresAt, sessionOutcome } from '../../activities/identity/sessions/session-lifecycle.model.js';

describe('session lifecycle rules', () => {
  const created = new Date('2026-11-23T10:00:00.000Z');
  const expires = sessionExpiresAt(created);

  it('a session lives 24 hours', () => {
    expect(expires.toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('created and started sessions are expired from expires_at on; others keep their status', () => {
    expect(effectiveSessionStatus({ status: 'created', expires_at: expires }, new Date(expires.getTime() - 1))).toBe('created');
    expect(effectiveSessionStatus({ status: 'created', expires_at: expires }, expires)).toBe('expired');
    expect(effectiveSessionStatus({ status: 'started', expires_at: expires }, new Date('2026-12-01'))).toBe('expired');
    for (const status of ['completed', 'marked_for_review', 'failed', 'declined', 'approved']) {
      expect(effectiveSessionStatus({ status, expires_at: expires }, new Date('2026-12-01'))).toBe(status);
    }
  });

  it('the outcome waits for every document, then follows them', () => {
    expect(sessionOutcome([])).toBeNull();
    expect(sessionOutcome([{ status: 'processed', isValid: null }, { status: 'submitted', isValid: null }])).toBeNull();
    expect(sessionOutcome([{ status: 'processed', isValid: null }, { status: 'processed', isValid: true }])).toBe('completed');
    expect(sessionOutcome([{ status: 'failed', isValid: null }, { status: 'failed', isValid: null }])).toBe('failed');
    expect(sessionOutcome([{ status: 'processed', isValid: null }, { status: 'failed', isValid: null }])).toBe('marked_for_review');
    expect(sessionOutcome([{ status: 'processed', isValid: false }])).toBe('marked_for_review');
  });
});
