/**
 * The event catalog: every type is `<resource_type>.<status>`, every payload schema rejects
 * members it does not know (so personal data cannot slip in), and the writer refuses an event
 * whose payload does not fit its type.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_FAMILIES, isEventType, listEventTypes, parseEventType } from '../../activities/events/catalog/event-catalog.js';
import { recordEvent } from '../../activities/events/record-event.js';
import { systemActor } from '../../activities/events/actor.model.js';

describe('event catalog', () => {
  it('names every event <resource_type>.<status>, once', () => {
    const types = listEventTypes().map((t) => t.type);
    expect(new Set(types).size).toBe(types.length);
    for (const t of listEventTypes()) {
      expect(t.type).toBe(`${t.resourceType}.${t.status}`);
      expect(t.description.length).toBeGreaterThan(5);
      expect(parseEventType(t.type)).toMatchObject({ resourceType: t.resourceType, status: t.status });
    }
    expect(types).toEqual(expect.arrayContaining([
      'screening.completed', 'business.completed', 'session.declined', 'document/idv.processed', 'document/address.failed',
      'list_version.activated', 'webhook_config.created', 'webhook_config.deactivated', 'audit_stream.created',
    ]));
  });

  it('tells event types from other strings', () => {
    expect(isEventType('screening.completed')).toBe(true);
    expect(isEventType('screening.approved')).toBe(false);
    expect(isEventType('nothing.created')).toBe(false);
    expect(isEventType('screening')).toBe(false);
  });

  it('payload schemas are strict: an unknown member (say, a name) is refused', () => {
    for (const family of EVENT_FAMILIES) {
      const parsed = (family.payload as unknown as { safeParse(v: unknown): { success: boolean } }).safeParse({ first_name: 'Ada' });
      expect(parsed.success, family.resourceType).toBe(false);
    }
  });

  it('the writer refuses a payload that does not fit the type, before touching the database', async () => {
    const trx = new Proxy({}, { get: () => { throw new Error('the database must not be reached'); } });
    await expect(
      recordEvent(trx as never, systemActor('test'), {
        type: 'screening.completed', environment: 'staging', resourceId: '00000000-0000-4000-8000-000000000001',
        payload: { screening_type: 'screening/watchlist', status: 'completed', execution_mode: 'sync', has_match: 'yes' } as never,
      }),
    ).rejects.toThrow();
  });
});
