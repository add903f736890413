import { describe, expect, it } from 'vitest';
import { nameFamily, variantKey } from '../../../activities/screening/matching/name-variants.js';
import { phoneticKey } from '../../../activities/screening/matching/phonetic-key.js';

const same = (...names: string[]) => new Set(names.map(variantKey)).size;

describe('variantKey', () => {
  it('unifies Arabic name families', () => {
    expect(same('mohammed', 'muhammad', 'mohamed', 'mohamad', 'magomed')).toBe(1);
    expect(same('qaddafi', 'gaddafi', 'kadhafi', 'qadhafi')).toBe(1);
    expect(same('osama', 'usama')).toBe(1);
    expect(same('hussein', 'husayn', 'hussain')).toBe(1);
    expect(same('abdul', 'abdel', 'abd', 'abdur')).toBe(1);
  });
  it('unifies Slavic romanizations', () => {
    expect(same('yuriy', 'iurii', 'jurij', 'yury')).toBe(1);
    expect(same('khodorkovsky', 'hodorkovskiy')).toBe(1);
    expect(same('zhukov', 'jukov')).toBe(1);
    expect(same('aleksei', 'alexey', 'aleksey')).toBe(1);
  });
  it('keeps different names apart', () => {
    expect(same('hasan', 'husain')).toBe(2);
    expect(same('ivan', 'ivanov')).toBe(2);
    expect(same('chen', 'cheng')).toBe(2);
  });
  it('nameFamily returns the canonical spelling or the token', () => {
    expect(nameFamily('mahmoud')).toBe('mahmud');
    expect(nameFamily('smith')).toBe('smith');
  });
});

describe('phoneticKey', () => {
  const key = (w: string) => phoneticKey(variantKey(w));
  it('matches Latin spellings with the vowel-less Arabic-script reading', () => {
    expect(key('hussein')).toBe(key('hsin'));
    expect(key('saddam')).toBe(key('sdam'));
  });
  it('merges consonant classes', () => {
    expect(key('kadafi')).toBe(key('gadafi'));
    expect(key('philip')).toBe(key('filip'));
  });
  it('separates different skeletons', () => {
    expect(key('putin')).not.toBe(key('turin'));
  });
});
