/**
 * The zod schemas of the credential routes: issue (one, or a batch of up to 100), revoke, verify,
 * the list query, and what leaves the server — the credential resource, the verification result
 * and the issuer's public documents (DID document, JWKS).
 */
import { z } from 'zod';
import { MAX_BATCH_CREDENTIALS } from '../../workflows/credential-issuance/credential-issuance.contract.js';
import { pageParameters } from '../http/pagination.js';
import { linksShape, pageMetaShape } from '../webhooks/webhook.schemas.js';

/** Largest serialised claims object of one credential. */
export const MAX_CLAIMS_BYTES = 16 * 1024;
const MAX_CLAIMS_DEPTH = 8;

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

export const credentialType = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'must be 1 to 64 letters, digits, _ or -, starting with a letter (e.g. KycCredential)')
  .refine((v) => v !== 'VerifiableCredential', 'VerifiableCredential is always present; name the specific type');

const uri = z
  .string()
  .max(2048)
  .regex(/^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/, 'must be a URI such as did:example:123, urn:uuid:… or https://…');

const claims = z
  .record(z.string().min(1).max(100), z.json())
  .refine((c) => Buffer.byteLength(JSON.stringify(c)) <= MAX_CLAIMS_BYTES, `must be at most ${MAX_CLAIMS_BYTES} bytes as JSON`)
  .refine((c) => depthOf(c) <= MAX_CLAIMS_DEPTH, `must nest at most ${MAX_CLAIMS_DEPTH} levels`);

const isoTimestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });

const reference = (type: z.ZodType<string>, what: string) =>
  z.strictObject({ data: z.strictObject({ type, id: z.uuid({ message: `must be a${/^[aeiou]/.test(what) ? 'n' : ''} ${what} id (uuid)` }) }) });

const relationships = z.strictObject({
  session: reference(z.literal('session'), 'session').optional(),
  account: reference(z.literal('account'), 'account').optional(),
  business: reference(z.literal('business'), 'business').optional(),
  screening: reference(z.string().regex(/^screening(\/[a-z-]+)?$/, 'must be screening or a screening type'), 'screening').optional(),
});

export const credentialRequestItem = z
  .strictObject({
    type: z.literal('credential'),
    attributes: z.strictObject({
      credential_type: credentialType,
      subject: z.strictObject({ id: uri.optional(), claims: claims.default({}) }),
      valid_from: isoTimestamp.optional(),
      valid_until: isoTimestamp.optional(),
    }),
    relationships: relationships.optional(),
  })
  .superRefine((item, ctx) => {
    const stating = item.relationships?.session ?? item.relationships?.business ?? item.relationships?.screening;
    if (Object.keys(item.attributes.subject.claims).length === 0 && !stating) {
      ctx.addIssue({
        code: 'custom',
        path: ['attributes', 'subject', 'claims'],
        message: 'a credential must state something: give claims, or a session, business or screening relationship',
      });
    }
  });
export type CredentialRequestItemBody = z.output<typeof credentialRequestItem>;

export const createCredentialBody = z.strictObject({ data: credentialRequestItem });

export const batchIssueBody = z.strictObject({
  data: z.array(credentialRequestItem).min(1, 'must hold at least one credential').max(MAX_BATCH_CREDENTIALS, `must hold at most ${MAX_BATCH_CREDENTIALS} credentials`),
});

export const revokeCredentialBody = z
  .strictObject({
    data: z.strictObject({
      type: z.literal('credential_revocation').optional(),
      attributes: z.strictObject({ reason: z.string().trim().min(1).max(500).optional() }),
    }),
  })
  .optional();

export const verifyCredentialBody = z.strictObject({
  data: z.strictObject({
    type: z.literal('credential_verification').optional(),
    attributes: z.strictObject({ credential: z.string({ message: 'must be the credential as a compact JWS string' }).min(1).max(65_536) }),
  }),
});

export const credentialIdParams = z.strictObject({ id: z.uuid() });

export const CREDENTIAL_STATUSES = ['pending', 'issued', 'failed', 'revoked'] as const;

export const listCredentialsQuery = z.strictObject({
  ...pageParameters(),
  'filter[status]': z.enum(CREDENTIAL_STATUSES, { message: `must be one of ${CREDENTIAL_STATUSES.join(', ')}` }).optional(),
  'filter[credential_type]': credentialType.optional(),
  'filter[subject_id]': uri.optional(),
});

// ---- response shapes ----

const timestamp = z.string().describe('ISO 8601 UTC with milliseconds');
const relationshipOut = z.strictObject({ data: z.strictObject({ type: z.string(), id: z.uuid() }) });

export const credentialResource = z.strictObject({
  type: z.literal('credential'),
  id: z.uuid(),
  attributes: z.strictObject({
    credential_type: z.string(),
    status: z.enum(CREDENTIAL_STATUSES).describe('pending (being issued) → issued | failed; issued → revoked'),
    format: z.literal('vc+jwt'),
    credential: z.string().nullable().describe('the compact JWS (W3C VC 2.0 secured with ES256); null until issued and after deletion'),
    issuer: z.string().nullable().describe('the did:web of the issuer'),
    subject_id: z.string().nullable(),
    issued_at: timestamp.nullable(),
    valid_from: timestamp.nullable(),
    valid_until: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    revocation_reason: z.string().nullable(),
    status_list_index: z.number().int().nullable(),
    status_list_credential: z.string().nullable().describe('the URL of the Bitstring Status List holding its revocation bit'),
    errors: z.array(z.strictObject({ code: z.string(), message: z.string() })),
    created_at: timestamp,
    deleted_at: timestamp.nullable(),
  }),
  relationships: z.strictObject({
    session: relationshipOut.optional(),
    account: relationshipOut.optional(),
    business: relationshipOut.optional(),
    screening: relationshipOut.optional(),
  }),
});

export const credentialDocument = z.strictObject({ data: credentialResource });
export const credentialBatchDocument = z.strictObject({ data: z.array(credentialResource) });
export const credentialListDocument = z.strictObject({ data: z.array(credentialResource), meta: z.strictObject({ page: pageMetaShape }), links: linksShape });

export const verificationDocument = z.strictObject({
  data: z.strictObject({
    type: z.literal('credential_verification'),
    attributes: z.strictObject({
      verified: z.boolean(),
      checks: z.array(z.strictObject({
        check: z.enum(['signature', 'known_issuer', 'key_not_retired', 'validity_period', 'status']),
        passed: z.boolean(),
        detail: z.string(),
      })),
      credential_id: z.string().nullable(),
      credential_type: z.string().nullable(),
      issuer: z.string().nullable(),
      subject_id: z.string().nullable(),
      claims: z.record(z.string(), z.unknown()).nullable().describe('the credential subject’s claims; null when the signature does not hold'),
      valid_from: z.string().nullable(),
      valid_until: z.string().nullable(),
    }),
  }),
});

const publicJwk = z.strictObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string(), alg: z.literal('ES256'), kid: z.string() });

export const didDocumentSchema = z.strictObject({
  '@context': z.array(z.string()),
  id: z.string(),
  verificationMethod: z.array(z.strictObject({ id: z.string(), type: z.literal('JsonWebKey2020'), controller: z.string(), publicKeyJwk: publicJwk })),
  assertionMethod: z.array(z.string()),
  authentication: z.array(z.string()),
});

export const jwksSchema = z.strictObject({ keys: z.array(publicJwk) });
