/** The sleep that hands a registry's requested wait back to the workflow. */
import { describe, expect, it } from 'vitest';
import { DelayRequested, durableDelaySleep } from '../../../activities/businesses/lookup/durable-delay.js';
import { createTestRegistryAdapter } from '../../../activities/businesses/registries/test-registry/test-registry.adapter.js';
import { ZZ_SLOW_DELAY_MS } from '../../../activities/businesses/registries/test-registry/test-registry.table.js';

describe('durableDelaySleep', () => {
  it('asks for a wait not yet served', async () => {
    const error = await durableDelaySleep(0)(60_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DelayRequested);
    expect((error as DelayRequested).delayMs).toBe(60_000);
  });

  it('resolves at once for a wait already served', async () => {
    await expect(durableDelaySleep(60_000)(60_000)).resolves.toBeUndefined();
    await expect(durableDelaySleep(60_000)(30_000)).resolves.toBeUndefined();
    await expect(durableDelaySleep(30_000)(60_000)).rejects.toBeInstanceOf(DelayRequested);
  });

  it('ZZSLOW: first call asks for the delay, the call after it is served answers', async () => {
    const first = createTestRegistryAdapter({ sleep: durableDelaySleep(0) });
    await expect(first.lookup({ registration_number: 'ZZSLOW' })).rejects.toMatchObject({ delayMs: ZZ_SLOW_DELAY_MS });
    const second = createTestRegistryAdapter({ sleep: durableDelaySleep(ZZ_SLOW_DELAY_MS) });
    await expect(second.lookup({ registration_number: 'ZZSLOW' })).resolves.toMatchObject({ outcome: 'found', record: { official_name: 'Slow Answer Ltd' } });
  });
});
