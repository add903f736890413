import { describe, expect, it } from 'vitest';
import { formatCnpj, normaliseCnpj } from '../../../activities/businesses/validation/cnpj.js';

describe('normaliseCnpj', () => {
  it.each([
    ['12.345.678/0001-95', '12345678000195'],
    ['12345678000195', '12345678000195'],
    [' 11.222.333/0001-81 ', '11222333000181'],
    ['00.000.000/0001-91', '00000000000191'],
    ['19131243000197', '19131243000197'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12abc34501de35', '12ABC34501DE35'],
  ])('accepts %s as %s', (raw, expected) => {
    expect(normaliseCnpj(raw)).toEqual({ ok: true, value: expected });
  });

  it.each(['12.345.678/0001-96', '12345678000185', '11222333000180', '12ABC34501DE36'])('rejects %s for its check digits', (raw) => {
    expect(normaliseCnpj(raw)).toEqual({ ok: false, detail: 'is not a valid CNPJ (check digits do not match)' });
  });

  it.each(['00000000000000', '11.111.111/1111-11', '99999999999999'])('rejects the repeated-digit number %s', (raw) => {
    expect(normaliseCnpj(raw)).toEqual({ ok: false, detail: 'is not a valid CNPJ (repeated digits)' });
  });

  it.each(['1234567800019', '123456780001955', '12.345.678/0001-9X', '12_345_678/0001-95', '', 'CNPJ 12345678000195'])('rejects the malformed %j', (raw) => {
    expect(normaliseCnpj(raw).ok).toBe(false);
  });
});

describe('formatCnpj', () => {
  it('masks the 14 characters', () => {
    expect(formatCnpj('12345678000195')).toBe('12.345.678/0001-95');
  });
});
