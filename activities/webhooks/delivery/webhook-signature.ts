/**
 * Standard Webhooks signing, through the `standardwebhooks` library: `webhook-signature` is
 * `v1,<base64 HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<body>">` under the secret
 * (`whsec_…`), and during a rotation one signature per valid secret, space-separated, so a
 * receiver holding either secret verifies.
 */
import { Webhook } from 'standardwebhooks';

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signWebhook(secrets: readonly string[], messageId: string, at: Date, body: string): SignedHeaders {
  if (secrets.length === 0) throw new Error('no secret to sign with');
  const seconds = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, seconds, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(seconds.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
