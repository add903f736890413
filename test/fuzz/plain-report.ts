/**
 * schemathesis closes its report with a pytest-style banner ("===== 2 warnings in 108.86s =====").
 * Printed as it is inside `npm test`, CI reads that banner as the closing line of a pytest run that
 * executed no test; banner lines are therefore printed as plain titles.
 */
export function withoutBanners(text: string): string {
  return text.replace(/^=+([^=\n]*?)=+[ \t]*$/gm, (_line, title: string) => `-- ${title.trim()} --`);
}
