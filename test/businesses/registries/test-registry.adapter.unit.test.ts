import { describe, expect, it } from 'vitest';
import type { LookupInput } from '../../../activities/businesses/registries/registry-adapter.js';
import { RegistryPermanentError, RegistryTransientError } from '../../../activities/businesses/registries/registry-errors.js';
import { createTestRegistryAdapter } from '../../../activities/businesses/registries/test-registry/test-registry.adapter.js';
import { TEST_REGISTRY_INPUTS, ZZ_SLOW_DELAY_MS, behaviourFor } from '../../../activities/businesses/registries/test-registry/test-registry.table.js';
import { recordOf, failureOf } from './support/lookup-outcomes.js';

function registry() {
  const sleeps: number[] = [];
  const adapter = createTestRegistryAdapter({
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { adapter, sleeps };
}

describe('ZZ test registry', () => {
  it.each<LookupInput>([{ registration_number: 'ZZ000001' }, { registration_number: ' zz 000001 ' }, { official_name: '  acme   TEST ltd ' }, { address: '1 Test Street, Testville' }])(
    'answers the active company with every field filled for %o',
    async (input) => {
      const record = recordOf(await registry().adapter.lookup(input));
      expect(record.official_name).toBe('Acme Test Ltd');
      expect(record.is_registered).toBe(true);
      // An active company has, by definition, no dissolution date.
      expect(record.dissolution_date).toBeNull();
      for (const [field, value] of Object.entries(record)) {
        if (field === 'dissolution_date') continue;
        expect(value, field).not.toBeNull();
        if (Array.isArray(value)) expect(value.length, field).toBeGreaterThan(0);
      }
      for (const [field, value] of Object.entries(record.registered_address ?? {})) {
        if (field !== 'po_box' && field !== 'end_date' && field !== 'translation') expect(value, field).not.toBeNull();
      }
    },
  );

  it('answers a fresh record every time, so callers cannot change the next answer', async () => {
    const { adapter } = registry();
    const first = recordOf(await adapter.lookup({ registration_number: 'ZZ000001' }));
    first.officers.length = 0;
    const second = recordOf(await adapter.lookup({ registration_number: 'ZZ000001' }));
    expect(second.officers).toHaveLength(2);
  });

  it.each<LookupInput>([{ registration_number: 'ZZ000002' }, { official_name: 'Dissolved Test Ltd' }])('answers the dissolved company for %o', async (input) => {
    const record = recordOf(await registry().adapter.lookup(input));
    expect(record).toMatchObject({ is_registered: false, status: 'Dissolved', dissolution_date: '2020-08-18', official_name: 'Dissolved Test Ltd' });
  });

  it.each<LookupInput>([
    { registration_number: 'ZZ404' },
    { registration_number: 'ZZ404123' },
    { official_name: 'Company Not Found Ltd' },
    { registration_number: 'ZZ999999', official_name: 'Acme Test Ltd' },
    { official_name: 'Unknown Ltd' },
    { address: '2 Elsewhere Road' },
  ])('answers not_found for %o', async (input) => {
    expect(await registry().adapter.lookup(input)).toEqual({ outcome: 'not_found', detail: 'No company matching the given input is in the ZZ test registry.' });
  });

  it.each<LookupInput>([{ registration_number: 'ZZSLOW' }, { official_name: 'Slow Answer Ltd' }])('answers %o only after sleeping 60 s through the injected sleep', async (input) => {
    const { adapter, sleeps } = registry();
    const record = recordOf(await adapter.lookup(input));
    expect(sleeps).toEqual([ZZ_SLOW_DELAY_MS]);
    expect(ZZ_SLOW_DELAY_MS).toBe(60_000);
    expect(record.official_name).toBe('Slow Answer Ltd');
  });

  it('passes the lookup abort signal to the sleep, so cancelling stops the wait', async () => {
    const controller = new AbortController();
    const adapter = createTestRegistryAdapter({
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const pending = adapter.lookup({ registration_number: 'ZZSLOW' }, controller.signal);
    const reason = new Error('cancelled');
    controller.abort(reason);
    expect(await failureOf(pending)).toBe(reason);
  });

  it.each<LookupInput>([{ registration_number: 'ZZFAIL' }, { official_name: 'Failing Registry Ltd' }])('fails transiently on every attempt for %o', async (input) => {
    const { adapter } = registry();
    for (const attempt of [1, 2, 10]) {
      const error = await failureOf(adapter.lookup(input, undefined, { attempt }));
      expect(error).toBeInstanceOf(RegistryTransientError);
      expect(error).toMatchObject({ code: 'registry_unavailable', registry: 'ZZ test registry' });
    }
  });

  it.each<LookupInput>([{ registration_number: 'ZZDENIED' }, { official_name: 'Denied Registry Ltd' }])('fails permanently for %o', async (input) => {
    const error = await failureOf(registry().adapter.lookup(input));
    expect(error).toBeInstanceOf(RegistryPermanentError);
    expect(error).toMatchObject({ code: 'registry_auth_failed' });
  });

  it('ZZFLAKY fails on attempts 1 and 2, then answers', async () => {
    const { adapter } = registry();
    await expect(adapter.lookup({ registration_number: 'ZZFLAKY' }, undefined, { attempt: 1 })).rejects.toBeInstanceOf(RegistryTransientError);
    await expect(adapter.lookup({ registration_number: 'ZZFLAKY' }, undefined, { attempt: 2 })).rejects.toBeInstanceOf(RegistryTransientError);
    expect(recordOf(await adapter.lookup({ registration_number: 'ZZFLAKY' }, undefined, { attempt: 3 })).official_name).toBe('Flaky Registry Ltd');
  });

  it('ZZFLAKYn fails while the attempt is at most n, and counts a missing attempt as the first', async () => {
    const { adapter } = registry();
    await expect(adapter.lookup({ registration_number: 'ZZFLAKY4' }, undefined, { attempt: 4 })).rejects.toBeInstanceOf(RegistryTransientError);
    expect((await adapter.lookup({ registration_number: 'ZZFLAKY4' }, undefined, { attempt: 5 })).outcome).toBe('found');
    await expect(adapter.lookup({ registration_number: 'ZZFLAKY0' })).resolves.toMatchObject({ outcome: 'found' });
    await expect(adapter.lookup({ official_name: 'Flaky Registry Ltd' })).rejects.toBeInstanceOf(RegistryTransientError);
  });

  it('documents a behaviour for every row of its table that the matcher honours', () => {
    for (const row of TEST_REGISTRY_INPUTS) {
      if (row.registration_number) expect(behaviourFor({ registration_number: row.registration_number })).toEqual(row.behaviour);
      if (row.official_name) expect(behaviourFor({ official_name: row.official_name })).toEqual(row.behaviour);
    }
  });
});
