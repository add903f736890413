/**
 * schemathesis closes its report with a pytest-style line ("===== 2 warnings in 108.86s =====").
 * Printed as it is inside `npm test`, CI reads that line as the closing line of a pytest run that
 * executed no test. So the report is printed with its banners reduced to plain titles and every
 * line behind a "schemathesis |" prefix: no line of it can be taken for a test runner's own.
 */
export function plainReport(text: string): string {
  return text
    .replace(/^=+([^=\n]*?)=+[ \t]*$/gm, (_line, title: string) => `-- ${title.trim()} --`)
    .split('\n')
    .map((line) => `schemathesis | ${line}`)
    .join('\n');
}
