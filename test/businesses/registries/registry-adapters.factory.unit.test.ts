import { afterEach, describe, expect, it } from 'vitest';
import { abortableSleep } from '../../../activities/businesses/registries/abortable-sleep.js';
import { createRegistryAdapters, SUPPORTED_COUNTRIES } from '../../../activities/businesses/registries/registry-adapter.js';
import { registryFixture, startRegistryServer, type RegistryTestServer } from './support/registry-test-server.js';

let server: RegistryTestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createRegistryAdapters', () => {
  it('builds one adapter per supported country', () => {
    const adapters = createRegistryAdapters({
      config: { companiesHouse: { baseUrl: 'http://127.0.0.1:9' }, brasilApi: { baseUrl: 'http://127.0.0.1:9' }, openCorporates: { baseUrl: 'http://127.0.0.1:9' }, timeoutMs: 100 },
      fetch: globalThis.fetch,
    });
    expect(Object.keys(adapters).sort()).toEqual([...SUPPORTED_COUNTRIES].sort());
    for (const country of SUPPORTED_COUNTRIES) expect(adapters[country].country).toBe(country);
  });

  it('routes outbound calls through the injected fetch and the ZZ delay through the injected sleep', async () => {
    server = await startRegistryServer(() => ({ status: 200, body: registryFixture('brasil-api/cnpj-ativa.json') }));
    const fetched: string[] = [];
    const slept: number[] = [];
    const adapters = createRegistryAdapters({
      config: { companiesHouse: { baseUrl: server.baseUrl }, brasilApi: { baseUrl: server.baseUrl }, openCorporates: { baseUrl: server.baseUrl }, timeoutMs: 2_000 },
      fetch: (input, init) => {
        fetched.push(String(input));
        return globalThis.fetch(input, init);
      },
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect((await adapters.BR.lookup({ registration_number: '11222333000181' })).outcome).toBe('found');
    expect(fetched).toEqual([`${server.baseUrl}/api/cnpj/v1/11222333000181`]);
    expect((await adapters.ZZ.lookup({ registration_number: 'ZZSLOW' })).outcome).toBe('found');
    expect(slept).toEqual([60_000]);
  });
});

describe('abortableSleep', () => {
  it('resolves after the delay', async () => {
    await expect(abortableSleep(5)).resolves.toBeUndefined();
  });

  it('rejects with the abort reason, whether aborted before or during the wait', async () => {
    const reason = new Error('stop');
    await expect(abortableSleep(10_000, AbortSignal.abort(reason))).rejects.toBe(reason);
    const controller = new AbortController();
    const pending = abortableSleep(10_000, controller.signal);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
