/** The shared birth-date rule (screening queries, accounts, sessions, shareholders): a real date, not in the future, from 1850. */
import { describe, expect, it } from 'vitest';
import { birthDate } from '../../api/http/validation.js';
import { personSchema } from '../../api/identity/shared/identity-shapes.schemas.js';

describe('birth dates', () => {
  it('refuses impossible and future dates, accepts real past ones and today', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const ok of ['1850-01-01', '1980-02-29', '2000-12-31', today]) expect(birthDate.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['9999-12-31', `${new Date().getUTCFullYear() + 1}-06-01`, '0000-01-01', '0001-01-01', '1849-12-31', '1981-02-29', '1980-1-2']) {
      expect(birthDate.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('applies to an account person\'s birth_date', () => {
    expect(personSchema.safeParse({ birth_date: '9999-12-31' }).success).toBe(false);
    expect(personSchema.safeParse({ birth_date: '1985-02-14' }).success).toBe(true);
  });
});
