/**
 * Webhook signing secrets in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes,
 * made by the service. Only a masked prefix is ever shown after creation.
 */
import { randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
const SHOWN_CHARACTERS = 10;

export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** `whsec_AbCd…`: the first characters and an ellipsis; enough to tell secrets apart, not to use one. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, SHOWN_CHARACTERS)}…`;
}

/** AES-GCM contexts binding a sealed secret to its row: a ciphertext copied elsewhere does not open. */
export const webhookSecretContext = (configId: string) => `webhook_config:${configId}`;
export const streamSecretContext = (streamId: string) => `audit_stream:${streamId}`;
