import { describe, expect, it } from 'vitest';
import { transliterateArabicWord } from '../../../activities/screening/matching/arabic-transliteration.js';
import { transliterateCyrillicWord } from '../../../activities/screening/matching/cyrillic-transliteration.js';
import { transliterateGreekWord } from '../../../activities/screening/matching/greek-transliteration.js';
import { transliterate } from '../../../activities/screening/matching/script-transliteration.js';

describe('Cyrillic', () => {
  it('romanizes Russian names', () => {
    expect(transliterateCyrillicWord('Владимир')).toBe('vladimir');
    expect(transliterateCyrillicWord('Хрущёв')).toBe('khrushchyov');
    expect(transliterateCyrillicWord('Юрий')).toBe('yuriy');
    expect(transliterateCyrillicWord('Евгений')).toBe('yevgeniy');
  });
  it('reads г as h and и as y in Ukrainian words', () => {
    expect(transliterateCyrillicWord('Олег')).toBe('oleg');
    expect(transliterateCyrillicWord('Григорій')).toBe('hryhoriy');
    expect(transliterateCyrillicWord('Їжак')).toBe('yizhak');
  });
  it('handles Belarusian ў', () => {
    expect(transliterateCyrillicWord('Лукашэнка')).toBe('lukashenka');
    expect(transliterateCyrillicWord('Ўладзімір')).toBe('uladzimir');
  });
});

describe('Arabic script', () => {
  it('writes consonants and long vowels', () => {
    expect(transliterateArabicWord('صدام')).toBe('sdam');
    expect(transliterateArabicWord('حسين')).toBe('hsin');
  });
  it('splits the definite article', () => {
    expect(transliterateArabicWord('التكريتي')).toBe('al tkriti');
    expect(transliterateArabicWord('الله')).toBe('allah');
  });
  it('reads Persian letters', () => {
    expect(transliterateArabicWord('پژمان')).toBe('pzhman');
  });
});

describe('Greek', () => {
  it('romanizes with digraphs', () => {
    expect(transliterateGreekWord('Παπαδόπουλος')).toBe('papadopoulos');
    expect(transliterateGreekWord('Μπαλτάς')).toBe('baltas');
  });
});

describe('transliterate', () => {
  it('leaves Latin alone', () => {
    expect(transliterate('Vladimir Putin')).toEqual({ text: 'Vladimir Putin', transliterated: false, abjad: false, hangul: false });
  });
  it('groups Han names as surname + given name', () => {
    expect(transliterate('习近平').text).toBe('xi jinping');
  });
  it('flags scripts without written vowels', () => {
    expect(transliterate('صدام حسين').abjad).toBe(true);
    expect(transliterate('Путин').abjad).toBe(false);
    expect(transliterate('Путин').transliterated).toBe(true);
  });
  it('romanizes other scripts through any-ascii', () => {
    expect(transliterate('Հայաստան').text.toLowerCase()).toBe('hayastan');
  });
});
