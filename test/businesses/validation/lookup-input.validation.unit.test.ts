import { describe, expect, it } from 'vitest';
import { validateLookupRequest } from '../../../activities/businesses/validation/lookup-input.model.js';

const INPUT = '/data/meta/search_parameters/input';
const COUNTRY = '/data/meta/search_parameters/country';

describe('validateLookupRequest', () => {
  describe('US', () => {
    it('accepts official_name with address, trimmed', () => {
      expect(validateLookupRequest({ country: 'US', input: { official_name: ' Acme Widgets Inc ', address: '1209 Orange St, Wilmington, DE' } })).toEqual({
        ok: true,
        country: 'US',
        input: { official_name: 'Acme Widgets Inc', address: '1209 Orange St, Wilmington, DE' },
      });
    });

    it('requires both official_name and address, pointing at each', () => {
      expect(validateLookupRequest({ country: 'US', input: { registration_number: '5123456' } })).toEqual({
        ok: false,
        errors: [
          { pointer: `${INPUT}/official_name`, detail: 'official_name is required when country is US' },
          { pointer: `${INPUT}/address`, detail: 'address is required when country is US' },
        ],
      });
    });

    it('treats a blank address as missing', () => {
      expect(validateLookupRequest({ country: 'US', input: { official_name: 'Acme', address: '   ' } })).toEqual({
        ok: false,
        errors: [{ pointer: `${INPUT}/address`, detail: 'address is required when country is US' }],
      });
    });
  });

  describe('BR', () => {
    it('accepts a masked CNPJ and normalises it', () => {
      expect(validateLookupRequest({ country: 'BR', input: { registration_number: '11.222.333/0001-81' } })).toEqual({
        ok: true,
        country: 'BR',
        input: { registration_number: '11222333000181' },
      });
    });

    it('requires registration_number', () => {
      expect(validateLookupRequest({ country: 'BR', input: { official_name: 'Exemplo Ltda' } })).toEqual({
        ok: false,
        errors: [{ pointer: `${INPUT}/registration_number`, detail: 'registration_number is required when country is BR' }],
      });
    });

    it('refuses a CNPJ with wrong check digits', () => {
      expect(validateLookupRequest({ country: 'BR', input: { registration_number: '11.222.333/0001-82' } })).toEqual({
        ok: false,
        errors: [{ pointer: `${INPUT}/registration_number`, detail: 'registration_number is not a valid CNPJ (check digits do not match)' }],
      });
    });
  });

  describe('GB', () => {
    it('accepts a company number and pads it', () => {
      expect(validateLookupRequest({ country: 'GB', input: { registration_number: '445790', official_name: 'Tesco' } })).toEqual({
        ok: true,
        country: 'GB',
        input: { registration_number: '00445790', official_name: 'Tesco' },
      });
    });

    it('requires registration_number even with a name', () => {
      const result = validateLookupRequest({ country: 'GB', input: { official_name: 'Example Widgets Limited' } });
      expect(result).toEqual({ ok: false, errors: [{ pointer: `${INPUT}/registration_number`, detail: 'registration_number is required when country is GB' }] });
    });

    it('refuses a number that is not a UK company number', () => {
      const result = validateLookupRequest({ country: 'GB', input: { registration_number: 'XX123456' } });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors[0]?.pointer).toBe(`${INPUT}/registration_number`);
    });
  });

  describe('ZZ', () => {
    it.each([{ official_name: 'Acme Test Ltd' }, { registration_number: 'ZZ000001' }, { address: '1 Test Street' }])('accepts %o alone', (input) => {
      expect(validateLookupRequest({ country: 'ZZ', input })).toEqual({ ok: true, country: 'ZZ', input });
    });

    it('does not apply GB or BR number formats to ZZ numbers', () => {
      expect(validateLookupRequest({ country: 'ZZ', input: { registration_number: 'ZZFLAKY3' } }).ok).toBe(true);
    });

    it.each([{}, { official_name: ' ' }, undefined])('requires at least one field, pointing at input, for %o', (input) => {
      expect(validateLookupRequest({ country: 'ZZ', input })).toEqual({
        ok: false,
        errors: [{ pointer: INPUT, detail: 'at least one of official_name, registration_number or address is required when country is ZZ' }],
      });
    });
  });

  describe('country', () => {
    it('accepts lower case and normalises it', () => {
      expect(validateLookupRequest({ country: 'gb', input: { registration_number: '09876543' } })).toMatchObject({ ok: true, country: 'GB' });
    });

    it.each(['FR', 'USA', 'de'])('refuses %j and lists the supported countries', (country) => {
      const result = validateLookupRequest({ country, input: { official_name: 'X', address: 'Y', registration_number: 'Z' } });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors).toEqual([
        { pointer: COUNTRY, detail: `country ${JSON.stringify(country)} is not supported; supported countries: BR, GB, US, ZZ` },
      ]);
    });

    it.each([undefined, '', 42])('requires a country (%j)', (country) => {
      const result = validateLookupRequest({ country, input: {} });
      expect(!result.ok && result.errors).toEqual([{ pointer: COUNTRY, detail: 'country is required; supported countries: BR, GB, US, ZZ' }]);
    });
  });

  describe('field types and lengths', () => {
    it('refuses non-string fields and over-long values, pointing at each', () => {
      const result = validateLookupRequest({
        country: 'ZZ',
        input: { official_name: 'x'.repeat(256), registration_number: 12345, address: 'a'.repeat(501) },
      });
      expect(!result.ok && result.errors).toEqual([
        { pointer: `${INPUT}/official_name`, detail: 'official_name must be at most 255 characters' },
        { pointer: `${INPUT}/registration_number`, detail: 'registration_number must be a string' },
        { pointer: `${INPUT}/address`, detail: 'address must be at most 500 characters' },
      ]);
    });

    it('accepts the maximum lengths', () => {
      expect(validateLookupRequest({ country: 'ZZ', input: { official_name: 'x'.repeat(255), registration_number: 'Z'.repeat(50) } }).ok).toBe(true);
    });

    it('refuses an input that is not an object', () => {
      expect(validateLookupRequest({ country: 'ZZ', input: 'ZZ000001' })).toEqual({ ok: false, errors: [{ pointer: INPUT, detail: 'input must be an object' }] });
    });

    it('reports the country and the input together', () => {
      const result = validateLookupRequest({ country: 'FR', input: [] });
      expect(!result.ok && result.errors.map((error) => error.pointer)).toEqual([COUNTRY, INPUT]);
    });
  });
});
