import { describe, expect, it } from 'vitest';
import { parseMrz } from '../../../activities/identity/documents/processing/mrz/mrz.parser.js';
import { composeTd1, composeTd2, composeTd3, withCharAt, type MrzPerson } from './fixtures/mrz.composer.js';

const now = new Date('2026-03-20T12:00:00Z');

// The specimens printed in ICAO Doc 9303 (parts 4 to 7).
const SPECIMENS = {
  td3: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  td1: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
  td2: ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
  mrva: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'],
  mrvb: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'],
};

function parsed(input: string | string[]) {
  const result = parseMrz(input, { now });
  if (!result.ok) throw new Error(result.detail);
  return result;
}

describe('parseMrz on the ICAO 9303 specimens', () => {
  it('reads the TD3 passport specimen with every check digit valid', () => {
    const result = parsed(SPECIMENS.td3.join('\n'));
    expect(result.check_failures).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.fields).toEqual({
      format: 'TD3',
      document_type: 'passport',
      document_class: 'P',
      issuing_country: 'UTO',
      name: { first: 'ANNA', middle: 'MARIA', last: 'ERIKSSON' },
      document_number: 'L898902C3',
      nationality: 'UTO',
      birth_date: '1974-08-12',
      sex: 'female',
      expiry_date: '2012-04-15',
      personal_number: 'ZE184226B',
      optional_data: ['ZE184226B'],
    });
  });

  it('reads the TD1 and TD2 identity card specimens', () => {
    for (const [lines, format] of [[SPECIMENS.td1, 'TD1'], [SPECIMENS.td2, 'TD2']] as const) {
      const result = parsed([...lines]);
      expect(result.check_failures).toEqual([]);
      expect(result.fields).toMatchObject({
        format,
        document_type: 'identity_card',
        document_class: 'I',
        document_number: 'D23145890',
        birth_date: '1974-08-12',
        expiry_date: '2012-04-15',
        sex: 'female',
        personal_number: null,
        name: { first: 'ANNA', middle: 'MARIA', last: 'ERIKSSON' },
      });
    }
  });

  it('reads the MRV-A and MRV-B visa specimens, which have no composite check digit', () => {
    for (const [lines, format] of [[SPECIMENS.mrva, 'MRVA'], [SPECIMENS.mrvb, 'MRVB']] as const) {
      const result = parsed([...lines]);
      expect(result.check_failures).toEqual([]);
      expect(result.fields).toMatchObject({ format, document_type: 'visa', document_class: 'V', document_number: 'L8988901C', nationality: 'XXX', birth_date: '1940-09-07', expiry_date: '1996-12-10' });
    }
  });

  it('joins a TD1 document number longer than nine characters from the optional data', () => {
    const result = parsed(['I<UTOD23145890<7349<<<<<<<<<<<', '3407127M9507122UTO<<<<<<<<<<<2', 'STEVENSON<<PETER<JOHN<<<<<<<<<']);
    expect(result.check_failures).toEqual([]);
    expect(result.fields).toMatchObject({ document_number: 'D23145890734', sex: 'male', personal_number: null, name: { first: 'PETER', middle: 'JOHN', last: 'STEVENSON' } });
  });
});

describe('parseMrz check failures', () => {
  it('names each field whose check digit fails, and the composite', () => {
    const damaged = withCharAt(SPECIMENS.td3, 1, 9, '7'); // document number check 6 → 7
    expect(parsed(damaged).check_failures).toEqual([
      { field: 'document_number', reason: 'check_digit' },
      { field: 'composite', reason: 'check_digit' },
    ]);
    const birth = withCharAt(SPECIMENS.td3, 1, 18, '3'); // 740812 → 740813: birth check and composite
    expect(parsed(birth).check_failures.map((f) => f.field)).toEqual(['birth_date', 'composite']);
    const personal = withCharAt(SPECIMENS.td3, 1, 30, '2');
    expect(parsed(personal).check_failures.map((f) => f.field)).toEqual(['personal_number', 'composite']);
    const td1Expiry = withCharAt(SPECIMENS.td1, 1, 14, '0');
    expect(parsed(td1Expiry).check_failures.map((f) => f.field)).toEqual(['expiry_date', 'composite']);
  });

  it('reports an impossible date even when its check digit agrees', () => {
    const person: MrzPerson = { documentCode: 'P', issuingCountry: 'GBR', lastName: 'DOE', givenNames: ['JANE'], documentNumber: '123456789', nationality: 'GBR', birthDate: '901332', sex: 'F', expiryDate: '300101' };
    const result = parsed(composeTd3(person));
    expect(result.fields.birth_date).toBeNull();
    expect(result.check_failures).toEqual([{ field: 'birth_date', reason: 'invalid_date' }]);
  });

  it('rejects zones of the wrong shape or with foreign characters unless correcting OCR', () => {
    expect(parseMrz('P<UTOERIKSSON<<ANNA\nL898902C36', { now })).toMatchObject({ ok: false, error: 'unrecognised_format' });
    expect(parseMrz(withCharAt(SPECIMENS.td3, 0, 10, 'é'), { now })).toMatchObject({ ok: false, error: 'unrecognised_format' });
  });
});

describe('parseMrz field mapping', () => {
  const base: MrzPerson = { documentCode: 'P', issuingCountry: 'D', lastName: 'MUSTERMANN', givenNames: ['ERIKA'], documentNumber: 'C01X00T47', nationality: 'D', birthDate: '640812', sex: 'F', expiryDate: '310101' };

  it('puts birth dates in the past and expiry dates within fifty years of now', () => {
    const young = parsed(composeTd3({ ...base, birthDate: '150301', expiryDate: '990101' }));
    expect(young.fields.birth_date).toBe('2015-03-01');
    expect(young.fields.expiry_date).toBe('1999-01-01');
    const future = parsed(composeTd3({ ...base, birthDate: '260321', expiryDate: '360101' }));
    expect(future.fields.birth_date).toBe('1926-03-21'); // tomorrow in 2026 cannot be a birth date
    expect(future.fields.expiry_date).toBe('2036-01-01');
  });

  it('maps sex codes and keeps short country codes without fillers', () => {
    expect(parsed(composeTd3({ ...base, sex: 'M' })).fields.sex).toBe('male');
    expect(parsed(composeTd3({ ...base, sex: '<' })).fields.sex).toBe('unspecified');
    const result = parsed(composeTd3(base));
    expect(result.fields).toMatchObject({ issuing_country: 'D', nationality: 'D', sex: 'female', name: { first: 'ERIKA', last: 'MUSTERMANN' } });
    expect(result.fields.name).not.toHaveProperty('middle');
  });

  it('classifies document codes', () => {
    const types = ['I', 'ID', 'IR', 'AR', 'AC', 'C'].map((code) => parsed(composeTd1({ ...base, documentCode: code })).fields);
    expect(types.map((f) => [f.document_class, f.document_type])).toEqual([
      ['I', 'identity_card'], ['ID', 'identity_card'], ['IR', 'residence_permit'], ['AR', 'residence_permit'], ['AC', 'crew_member_certificate'], ['C', 'identity_card'],
    ]);
    expect(parsed(composeTd2({ ...base, documentCode: 'PD' })).fields.document_type).toBe('passport');
  });

  it('turns fillers inside name parts into spaces and splits given names into first and middle', () => {
    const result = parsed(composeTd3({ ...base, lastName: 'VAN DER BERG', givenNames: ['JAN', 'PIETER', 'KEES'] }));
    expect(result.fields.name).toEqual({ first: 'JAN', middle: 'PIETER KEES', last: 'VAN DER BERG' });
  });
});
