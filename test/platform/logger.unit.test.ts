import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../infra/logger/logger.js';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

describe('log redaction', () => {
  it('redacts API keys, secrets and personal data wherever they appear', () => {
    const { lines, logger } = capture();
    logger.info({
      headers: { 'x-api-key': 'sk_staging_SECRETSECRET' },
      apiKey: 'sk_production_TOPSECRET',
      body: { query: { name_first: 'Vladimir', name_last: 'Putin', birthdate: '1952-10-07' } },
      person: { name: { first: 'Anna' } },
      secret: 'whsec_123',
      request_id: 'keep-me',
    }, 'request');
    const out = lines.join('');
    for (const leaked of ['SECRETSECRET', 'TOPSECRET', 'Vladimir', 'Putin', '1952-10-07', 'Anna', 'whsec_123']) expect(out).not.toContain(leaked);
    expect(out).toContain('keep-me');
    expect(out).toContain('[redacted]');
  });
});

describe('Temporal runtime logs', () => {
  it('arrive in pino as JSON lines with redaction', async () => {
    const { temporalRuntimeLogger } = await import('../../infra/logger/temporal-runtime-logger.js');
    const { lines, logger } = capture();
    const temporal = temporalRuntimeLogger(logger, 'INFO');
    temporal.info('Worker state changed', { taskQueue: 'q', state: 'RUNNING', apiKey: 'sk_staging_LEAK' });
    temporal.debug('below the level');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', component: 'temporal', taskQueue: 'q', state: 'RUNNING', msg: 'Worker state changed' });
    expect(lines[0]).not.toContain('LEAK');
  });
});
