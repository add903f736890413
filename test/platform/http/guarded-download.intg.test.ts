/** Downloads through the SSRF guard against a local server: allowlist, redirects re-checked, size cap, permanent vs transient HTTP errors. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { downloadText, downloadToFile, type DownloadOptions } from '../../../infra/http/guarded-download.js';
import { OutboundRefusedError, outboundPolicyFrom } from '../../../infra/http/outbound-guard.js';
import { startFixtureHttpServer, type FixtureHttpServer } from '../../screening/support/fixture-http-server.js';

let http: FixtureHttpServer;
let dir: string;
let options: DownloadOptions;

beforeAll(async () => {
  http = await startFixtureHttpServer({
    '/list.csv': { body: 'a,b\n1,2\n' },
    '/moved': { redirectTo: '/list.csv' },
    '/to-metadata': { redirectTo: 'http://169.254.169.254/latest/meta-data/' },
    '/big': { body: Buffer.alloc(4096, 65) },
    '/gone': { status: 410, body: 'gone' },
    '/busy': { status: 503, body: 'busy' },
  });
  dir = await mkdtemp(path.join(os.tmpdir(), 'cw-dl-'));
  options = { policy: outboundPolicyFrom(http.host), idleTimeoutMs: 5000, maxBytes: 1024 };
});
afterAll(async () => {
  await http?.close();
  await rm(dir, { recursive: true, force: true });
});

it('downloads from an allowlisted host and follows redirects', async () => {
  const file = path.join(dir, 'list.csv');
  const result = await downloadToFile(`${http.origin}/moved`, file, options);
  expect(result).toMatchObject({ finalUrl: `${http.origin}/list.csv`, bytes: 8 });
  expect(result.sha256).toMatch(/^[0-9a-f]{64}$/);
  expect(await readFile(file, 'utf8')).toBe('a,b\n1,2\n');
});

it('refuses the same host when it is not allowlisted, and a redirect to a private address', async () => {
  await expect(downloadText(`${http.origin}/list.csv`, { ...options, policy: outboundPolicyFrom('') })).rejects.toBeInstanceOf(OutboundRefusedError);
  await expect(downloadText(`http://localhost:${http.host.split(':')[1]}/list.csv`, { ...options, policy: outboundPolicyFrom('') })).rejects.toThrow(/localhost is refused/);
  await expect(downloadText(`${http.origin}/to-metadata`, options)).rejects.toThrow(/169\.254\.169\.254 is not a public address/);
});

it('caps the body and tells permanent from transient HTTP errors', async () => {
  await expect(downloadText(`${http.origin}/big`, options)).rejects.toMatchObject({ name: 'DownloadError', permanent: true, message: expect.stringContaining('exceeds 1024 bytes') });
  await expect(downloadText(`${http.origin}/gone`, options)).rejects.toMatchObject({ permanent: true, status: 410 });
  await expect(downloadText(`${http.origin}/busy`, options)).rejects.toMatchObject({ permanent: false, status: 503 });
  await expect(downloadText(`${http.origin}/missing`, options)).rejects.toMatchObject({ permanent: true, status: 404 });
});
