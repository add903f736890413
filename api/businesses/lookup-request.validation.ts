/**
 * Turns the validation module's verdict on a POST /v1/businesses body into the lookup to run, or
 * into a 422 whose items point at the offending members (an unsupported country gets its own
 * code and lists the supported ones).
 */
import { COUNTRY_POINTER, validateLookupRequest } from '../../activities/businesses/validation/lookup-input.model.js';
import type { LookupInput, SupportedCountry } from '../../activities/businesses/validation/lookup-input.model.js';
import { ResourceError } from '../http/errors.js';
import type { CreateBusinessBody } from './business.schemas.js';

export function lookupFromBody(body: CreateBusinessBody): { country: SupportedCountry; input: LookupInput } {
  const parameters = body.data.meta.search_parameters;
  const verdict = validateLookupRequest({ country: parameters.country, input: parameters.input });
  if (verdict.ok) return { country: verdict.country, input: verdict.input };
  const countryGiven = typeof parameters.country === 'string' && parameters.country.trim() !== '';
  throw new ResourceError(
    422,
    verdict.errors.map((error) => ({
      status: '422',
      code: error.pointer === COUNTRY_POINTER && countryGiven ? 'unsupported_country' : 'validation_error',
      title: 'Invalid attribute',
      detail: error.detail,
      source: { pointer: error.pointer },
    })),
  );
}
