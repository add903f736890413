/** The one mapping from a stored lookup to the spec's business record. */
import { describe, expect, it } from 'vitest';
import { businessResource } from '../../../api/businesses/business.schemas.js';
import { toBusinessResource } from '../../../api/businesses/business.serializer.js';
import { createTestRegistryAdapter } from '../../../activities/businesses/registries/test-registry/test-registry.adapter.js';
import type { BusinessRow } from '../../../infra/db/tables/businesses.table.js';

const RECORD_FIELDS = [
  'is_registered', 'official_name', 'status', 'legal_form', 'registration_date', 'dissolution_date', 'translation',
  'registered_address', 'physical_address', 'identifiers', 'industry', 'capital', 'officers', 'shareholders', 'contacts',
  'name_history', 'activity_history', 'latest_annual_return',
];

function row(overrides: Partial<BusinessRow>): BusinessRow {
  return {
    id: '3f1c2a9e-8b7d-4c6e-9a5f-1b2c3d4e5f60',
    environment: 'staging',
    session_id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
    country: 'ZZ',
    search_input: { registration_number: 'ZZ000001' },
    async_status: 'processing',
    record: null,
    errors: null,
    created_at: new Date('2026-11-23T10:00:00.000Z'),
    updated_at: new Date('2026-11-23T10:00:00.000Z'),
    completed_at: null,
    ...overrides,
  };
}

describe('toBusinessResource', () => {
  it('a record in processing has every field, empty, and async_status in attributes and meta', () => {
    const resource = toBusinessResource(row({}));
    expect(Object.keys(resource.attributes)).toEqual(expect.arrayContaining(RECORD_FIELDS));
    expect(resource.attributes).toMatchObject({ async_status: 'processing', is_registered: null, official_name: null, officers: [], errors: [], completed_at: null });
    expect(resource.meta).toEqual({ async_status: 'processing', search_parameters: { country: 'ZZ', input: { registration_number: 'ZZ000001' } } });
    expect(resource.relationships).toEqual({ sessions: { data: [{ type: 'session', id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d' }] } });
    expect(resource.attributes.created_at).toBe('2026-11-23T10:00:00.000Z');
    expect(businessResource.safeParse(resource).success).toBe(true);
  });

  it('a completed record carries the registry\'s record field for field', async () => {
    const answer = await createTestRegistryAdapter({ sleep: async () => {} }).lookup({ registration_number: 'ZZ000001' });
    if (answer.outcome !== 'found') throw new Error('ZZ000001 is found');
    const resource = toBusinessResource(
      row({ async_status: 'completed', record: answer.record as unknown as Record<string, unknown>, errors: [], completed_at: new Date('2026-11-23T10:00:01.250Z') }),
    );
    for (const field of RECORD_FIELDS) expect(resource.attributes[field as keyof typeof resource.attributes], field).toEqual(answer.record[field as keyof typeof answer.record]);
    expect(resource.attributes.completed_at).toBe('2026-11-23T10:00:01.250Z');
    expect(businessResource.safeParse(resource).success).toBe(true);
  });

  it('not found: not registered, with its error', () => {
    const errors = [{ code: 'business_not_found', title: 'Business not found', detail: 'No company.' }];
    const resource = toBusinessResource(row({ async_status: 'not_found', errors, completed_at: new Date() }));
    expect(resource.attributes).toMatchObject({ async_status: 'not_found', is_registered: false, errors });
  });
});
