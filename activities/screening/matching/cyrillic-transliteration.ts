/**
 * Cyrillic → Latin for names, one word at a time. Uses a simple BGN/PCGN-like romanization; the
 * other common romanizations of the same letters (Yu/Iu/Ju, Kh/H, Zh/J, -iy/-ii/-y ...) are folded
 * together later by name-variants.ts, so one output here is enough.
 * Ukrainian and Belarusian words (recognised by і ї є ґ ў) get their own readings of г and и.
 */

const RUSSIAN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f',
  х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Ukrainian / Belarusian
  і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
  // Serbian / Macedonian
  ђ: 'dj', ј: 'j', љ: 'lj', њ: 'nj', ћ: 'c', џ: 'dz', ѓ: 'gj', ќ: 'kj', ѕ: 'dz',
  // Kazakh, Kyrgyz, Tajik, Uzbek, Tatar, Azerbaijani Cyrillic
  ә: 'a', ғ: 'g', қ: 'k', ң: 'ng', ө: 'o', ұ: 'u', ү: 'u', һ: 'h', ҳ: 'h', ҷ: 'j', ӣ: 'i', ӯ: 'u',
  ҹ: 'j', ҝ: 'g', ҫ: 's', ӑ: 'a', ӗ: 'e', ӳ: 'u', ӧ: 'o', ӱ: 'u', ӓ: 'a',
};

const VOWELS = new Set(['а', 'е', 'ё', 'и', 'о', 'у', 'ы', 'э', 'ю', 'я', 'і', 'ї', 'є', 'ъ', 'ь']);
const CYRILLIC_LETTER = /[\u0400-\u052f]/;

export function isCyrillic(ch: string): boolean {
  return CYRILLIC_LETTER.test(ch);
}

/** Transliterates one word (any case) to lowercase Latin. Non-Cyrillic characters pass through. */
export function transliterateCyrillicWord(word: string): string {
  const lower = word.toLowerCase();
  const ukrainianOrBelarusian = /[іїєґў]/.test(lower);
  let out = '';
  let prev = '';
  for (const ch of lower) {
    let latin: string | undefined;
    if (ukrainianOrBelarusian && ch === 'г') latin = 'h';
    else if (ukrainianOrBelarusian && ch === 'и') latin = 'y';
    else if (ch === 'е' && (prev === '' || VOWELS.has(prev))) latin = 'ye';
    else latin = RUSSIAN[ch];
    out += latin ?? ch;
    prev = ch;
  }
  return out;
}
