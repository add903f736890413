/**
 * Webhook signatures follow Standard Webhooks: the `standardwebhooks` library (the receiver's
 * side) verifies what the service signs, an independent HMAC-SHA256 computed here agrees, both
 * secrets verify during a rotation, and a changed body or another secret fails.
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../activities/webhooks/delivery/webhook-signature.js';
import { generateWebhookSecret, maskSecret } from '../../activities/webhooks/webhook-secret.model.js';

const body = JSON.stringify({ type: 'screening.completed', timestamp: '2026-11-23T10:00:00.000Z', data: { type: 'screening/watchlist', id: 'x', environment: 'staging', attributes: {} } });

describe('webhook signatures', () => {
  it('are verified by the standardwebhooks library and match an independent HMAC', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = signWebhook([secret], 'msg_1', new Date(), body);
    expect(new Webhook(secret).verify(body, headers as unknown as Record<string, string>)).toEqual(JSON.parse(body));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.${headers['webhook-timestamp']}.${body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('carry one signature per secret during a rotation; each secret verifies', () => {
    const [oldSecret, newSecret] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signWebhook([newSecret, oldSecret], 'msg_2', new Date(), body) as unknown as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(oldSecret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(newSecret).verify(body, headers)).not.toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(newSecret).verify(body.replace('completed', 'failed'), headers)).toThrow();
  });

  it('are refused by the library when the timestamp is stale (replay protection on the receiver side)', () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook([secret], 'msg_3', new Date(Date.now() - 10 * 60_000), body) as unknown as Record<string, string>;
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/timestamp/i);
  });

  it('shows only a masked prefix of a secret', () => {
    const secret = generateWebhookSecret();
    expect(maskSecret(secret)).toBe(`${secret.slice(0, 10)}…`);
    expect(maskSecret(secret).length).toBeLessThan(secret.length / 3);
  });
});
