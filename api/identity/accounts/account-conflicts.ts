/** The 409 for an external_id already used in the environment; it names the existing account. */
import { ResourceError } from '../../http/errors.js';

export function externalIdTaken(externalId: string, existingId: string): ResourceError {
  return new ResourceError(409, [{
    status: '409',
    code: 'external_id_taken',
    title: 'Conflict',
    detail: `external_id ${JSON.stringify(externalId)} is already used by account ${existingId}`,
    source: { pointer: '/data/attributes/external_id' },
    meta: { existing_id: existingId },
  }]);
}
